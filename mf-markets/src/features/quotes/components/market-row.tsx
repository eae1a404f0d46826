/**
 * One row of the market list: logo, code, price at its precision, change with sign and arrow. The row renders from
 * the latest quote in the store, but does not re-render on every tick: it registers its price and change cells
 * with the quote board (../state/quote-board), which rewrites their text and flashes the price (not under reduced
 * motion). It renders again only when its market opens or closes. Styled by
 * ./home-style.
 */
import { memo, useLayoutEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { appStore, quotesAtom } from '@meridian/shared';
import { direction, formatPrice } from '../../../lib/format';
import { liveQuote, logoUrl } from '../../../lib/instruments';
import type { Instrument } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';
import { changeText, watchRow } from '../state/quote-board';

type Props = {
  instrument: Instrument;
  lang: string;
  onOpen: (instrument: Instrument) => void;
};

const DIR = ['d', '', 'u'];

export const MarketRow = memo(function MarketRow({ instrument, lang, onOpen }: Props) {
  const { t } = useTranslation(NS);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const live = liveQuote(instrument, appStore.get(quotesAtom).get(instrument.Code));
  const open = live.marketStatus === 1;
  const rowRef = useRef<HTMLButtonElement>(null);
  const priceRef = useRef<HTMLSpanElement>(null);
  const changeRef = useRef<HTMLSpanElement>(null);
  const dir = direction(live.change);

  // After every render: the board takes over from what was just drawn.
  useLayoutEffect(() => {
    const element = rowRef.current;
    const price = priceRef.current;
    if (!element || !price) return undefined;
    return watchRow({
      element,
      code: instrument.Code,
      precision: instrument.PricePrecision,
      lang,
      price,
      change: changeRef.current,
      shown: { price: live.price, status: live.marketStatus },
      onStatus: redraw,
    });
  });

  return (
    <button
      ref={rowRef}
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
      <span ref={priceRef} className="px" data-testid="row-price">
        {formatPrice(live.price, instrument.PricePrecision, lang)}
      </span>
      {open ? (
        <span ref={changeRef} className={`chg ${DIR[dir + 1]}`}>
          {changeText(live.change, lang)}
        </span>
      ) : (
        <span className="closed" data-testid="market-closed">
          {t('marketClosed')}
        </span>
      )}
    </button>
  );
});
