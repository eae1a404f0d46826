/**
 * The star of one instrument: a toggle button (aria-pressed) named for what a tap does ("Add EUR/USD to favourites"
 * / "Remove EUR/USD from favourites"), 44 px square. Disabled while a signed-in trader's list is still being read.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Instrument } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';
import { useFavourites } from '../hooks/use-favourites';
import { toggleFavourite } from '../state/favourites';

export function FavouriteStar({ instrument }: { instrument: Pick<Instrument, 'Id' | 'Code' | 'ShowCode'> }) {
  const { t } = useTranslation(NS);
  const { ids, ready } = useFavourites();
  const on = ids.includes(instrument.Id);
  const name = instrument.ShowCode;
  return (
    <Star
      type="button"
      aria-pressed={on}
      aria-label={on ? t('favourites.remove', { name }) : t('favourites.add', { name })}
      disabled={!ready}
      onClick={() => toggleFavourite(instrument.Id)}
      data-testid={`star-${instrument.Code}`}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </Star>
  );
}

const Star = styled.button`
  flex: none;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  &[aria-pressed='true'] {
    color: ${({ theme }) => theme.color.warning};
  }
  &:disabled {
    opacity: 0.4;
    cursor: default;
  }
`;
