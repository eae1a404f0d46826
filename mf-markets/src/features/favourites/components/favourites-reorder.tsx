/**
 * The Favourites list in reorder mode: each favourite with "Move up" and "Move down" buttons (44 px, named for the
 * instrument, disabled at either end). The order is the trader's; each move is saved like any change.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { InstrumentLogo } from '../../../components/instrument-logo';
import type { Instrument } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';
import { useFavourites } from '../hooks/use-favourites';
import { moveFavourite } from '../state/favourites';
import { FavouriteStar } from './favourite-star';

export function FavouritesReorder({ instruments }: { instruments: readonly Instrument[] }) {
  const { t } = useTranslation(NS);
  const { ready } = useFavourites();
  return (
    <List data-testid="favourites-reorder" aria-label={t('favourites.chip')}>
      {instruments.map((i, index) => {
        const name = i.ShowCode;
        return (
          <li key={i.Id} data-testid={`reorder-${i.Code}`}>
            <InstrumentLogo logo={i.Logo} size={28} />
            <span>
              <strong>{name}</strong>
              <small>{i.Code}</small>
            </span>
            <button
              type="button"
              aria-label={t('favourites.moveUp', { name })}
              disabled={!ready || index === 0}
              onClick={() => moveFavourite(i.Id, -1)}
              data-testid={`move-up-${i.Code}`}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 15l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <button
              type="button"
              aria-label={t('favourites.moveDown', { name })}
              disabled={!ready || index === instruments.length - 1}
              onClick={() => moveFavourite(i.Id, 1)}
              data-testid={`move-down-${i.Code}`}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <FavouriteStar instrument={i} />
          </li>
        );
      })}
    </List>
  );
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 60px;
    padding: 0 ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  span {
    flex: 1;
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  strong {
    font-size: 15px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
  }
  button:not([aria-pressed]) {
    display: grid;
    place-items: center;
    width: 44px;
    height: 44px;
    padding: 0;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: 10px;
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
  }
  button:disabled {
    opacity: 0.35;
  }
`;
