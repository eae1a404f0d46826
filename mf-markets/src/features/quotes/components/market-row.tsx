/**
 * One row of the market list: logo, code, price at its precision, change with sign and arrow. A tick flashes the
 * price (remounting the cell restarts the animation; the figures are tabular, so nothing moves); no flash under
 * reduced motion. Styled by ./home-style.
 */
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayMarketQuote } from '@meridian/shared';
import { direction, formatChange, formatPrice } from '../../../lib/format';
import { liveQuote, logoUrl } from '../../../lib/instruments';
import type { Instrument } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';

type Props = {
  instrument: Instrument;
  quote: DayMarketQuote | undefined;
  lang: string;
  onOpen: (instrument: Instrument) => void;
};

const DIR = ['d', '', 'u'];

export const MarketRow = memo(function MarketRow({ instrument, quote, lang, onOpen }: Props) {
  const { t } = useTranslation(NS);
  const live = liveQuote(instrument, quote);
  const open = live.marketStatus === 1;
  const prev = useRef(live.price);
  const flash = useRef({ n: 0, dir: 0 });
  if (live.price !== prev.current) {
    flash.current = { n: flash.current.n + 1, dir: live.price > prev.current ? 1 : -1 };
    prev.current = live.price;
  }
  const dir = direction(live.change);
  return (
    <button
      className="row"
      type="button"
      onClick={() => onOpen(instrument)}
      data-testid={`market-row-${instrument.Code}`}
      data-status={open ? 'open' : 'closed'}
    >
      <img src={logoUrl(instrument.Logo)} alt="" width={32} height={32} loading="lazy" decoding="async" />
      <span className="name">
        <strong>{instrument.ShowCode}</strong>
        <small>{instrument.Code}</small>
      </span>
      <span key={flash.current.n} className={`px ${DIR[flash.current.dir + 1]}`} data-testid="row-price">
        {formatPrice(live.price, instrument.PricePrecision, lang)}
      </span>
      {open ? (
        <span className={`chg ${DIR[dir + 1]}`} data-dir={dir}>
          {`${dir > 0 ? '▲' : dir < 0 ? '▼' : ''} ${formatChange(live.change, lang)}`}
        </span>
      ) : (
        <span className="closed" data-testid="market-closed">
          {t('marketClosed')}
        </span>
      )}
    </button>
  );
});
