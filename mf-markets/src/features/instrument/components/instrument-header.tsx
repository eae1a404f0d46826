/**
 * The instrument header of /trade: the name (opens the picker), the page's `action` beside it (the favourite star),
 * price, change, high, low and market status.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ChangeText } from '../../../components/change-text';
import { InstrumentLogo } from '../../../components/instrument-logo';
import { direction, formatPrice } from '../../../lib/format';
import type { Instrument, LiveQuote } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';

export function InstrumentHeader({
  instrument,
  live,
  lang,
  onPick,
  action,
}: {
  instrument: Instrument;
  live: LiveQuote;
  lang: string;
  onPick: () => void;
  /** Shown beside the name, outside the picker's button. */
  action?: ReactNode;
}) {
  const { t } = useTranslation(NS);
  const open = live.marketStatus === 1;
  const p = instrument.PricePrecision;
  return (
    <Header data-testid="instrument-header" data-toast-anchor="">
      <Name>
        <Pick type="button" onClick={onPick} aria-haspopup="dialog" data-testid="open-picker">
          <InstrumentLogo logo={instrument.Logo} size={28} />
          <span>
            <strong data-testid="instrument-name">{instrument.ShowCode}</strong>
            <small>{instrument.Code}</small>
          </span>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </Pick>
        {action}
      </Name>
      <Quote>
        <Price $dir={direction(live.change)} data-testid="header-price">
          {formatPrice(live.price, p, lang)}
        </Price>
        {open ? (
          <ChangeText change={live.change} lang={lang} />
        ) : (
          <Status data-testid="header-closed">{t('marketClosed')}</Status>
        )}
      </Quote>
      <Stats>
        <div>
          <dt>{t('trade.high')}</dt>
          <dd>{formatPrice(live.high, p, lang)}</dd>
        </div>
        <div>
          <dt>{t('trade.low')}</dt>
          <dd>{formatPrice(live.low, p, lang)}</dd>
        </div>
        <div>
          <dt>{t('trade.status')}</dt>
          <dd data-testid="market-status">{open ? t('trade.open') : t('marketClosed')}</dd>
        </div>
      </Stats>
    </Header>
  );
}

const Header = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
`;

const Name = styled.div`
  display: flex;
  align-items: center;
  min-width: 0;
`;

const Pick = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  padding: 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  text-align: start;
  font: inherit;
  span {
    display: flex;
    flex-direction: column;
  }
  strong {
    font-size: 17px;
  }
  small {
    font-size: 11px;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Quote = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  justify-content: center;
  font-size: 13px;
  font-weight: 600;
`;

const Price = styled.span<{ $dir: number }>`
  font-size: 22px;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${({ $dir, theme }) => ($dir > 0 ? theme.color.up : $dir < 0 ? theme.color.down : theme.color.text)};
`;

const Status = styled.span`
  color: ${({ theme }) => theme.color.warning};
`;

const Stats = styled.dl`
  grid-column: 1 / -1;
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  margin: 0;
  font-size: 12px;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;
