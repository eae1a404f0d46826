/**
 * `/trade` (docs/routes.md): the instrument header with its picker, the period bar and candle chart, and the order ticket.
 * The instrument is the current one (set by the home list or search), else the first of the trade list.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  currentInstrumentAtom,
  Empty,
  PageHeader,
  quotesAtom,
  setCurrentInstrumentAtom,
  Skeleton,
  useAtomValue,
  useSetAtom,
  LoadError,
} from '@meridian/shared';
import type { Period } from '@meridian/shared';
import { CandleChart, CHART_HEIGHT } from '../../features/chart/components/candle-chart';
import { PeriodBar } from '../../features/chart/components/period-bar';
import { InstrumentHeader } from '../../features/instrument/components/instrument-header';
import { InstrumentPicker } from '../../features/instrument/components/instrument-picker';
import { OrderTicket } from '../../features/ticket/components/order-ticket';
import { usePriceLive } from '../../features/ticket/hooks/use-price-live';
import { liveQuote, useTradeList } from '../../lib/instruments';
import type { Instrument } from '../../lib/instruments';
import { usdRateOf } from '../../lib/usd-rate';
import { useLanguage } from '../../lib/use-language';
import { NS } from '../i18n';

export default function TradePage() {
  const { t } = useTranslation(NS);
  const lang = useLanguage();
  const list = useTradeList();
  const current = useAtomValue(currentInstrumentAtom);
  const setCurrent = useSetAtom(setCurrentInstrumentAtom);
  const quotes = useAtomValue(quotesAtom);
  const [period, setPeriod] = useState<Period>('1M');
  const [picking, setPicking] = useState(false);

  const instruments = list.status === 'ready' ? list.data : [];
  const instrument =
    instruments.find((i) => i.Id === current?.id) ??
    instruments.find((i) => i.Code === current?.code) ??
    instruments[0];

  // Keyed on the live quote object: a new one per tick of this instrument (docs/rules.md#no-price).
  const priceLive = usePriceLive(instrument ? quotes.get(instrument.Code) : undefined);

  useEffect(() => {
    if (instrument && current?.id !== instrument.Id) setCurrent({ id: instrument.Id, code: instrument.Code });
  }, [instrument, current?.id, setCurrent]);

  const pick = useCallback(
    (i: Instrument) => {
      setCurrent({ id: i.Id, code: i.Code });
      setPicking(false);
    },
    [setCurrent],
  );
  const closePicker = useCallback(() => setPicking(false), []);

  let body;
  if (list.status === 'loading') {
    body = (
      <Loading role="status" aria-busy="true" data-testid="trade-loading">
        <Skeleton height={64} />
        <Skeleton height={44} />
        <Skeleton height={CHART_HEIGHT} />
      </Loading>
    );
  } else if (list.status === 'error') {
    body = <LoadError onRetry={list.retry} />;
  } else if (!instrument) {
    body = <Empty />;
  } else {
    const live = liveQuote(instrument, quotes.get(instrument.Code));
    body = (
      <>
        <InstrumentHeader instrument={instrument} live={live} lang={lang} onPick={() => setPicking(true)} />
        <PeriodBar value={period} onChange={setPeriod} />
        <CandleChart
          instrumentId={instrument.Id}
          code={instrument.Code}
          period={period}
          precision={instrument.PricePrecision}
          bid={live.bid}
          ask={live.ask}
          lang={lang}
        />
        <OrderTicket
          key={instrument.Id}
          instrument={instrument}
          quote={{ bid: live.bid, ask: live.ask }}
          marketOpen={live.marketStatus === 1}
          priceLive={priceLive}
          usdRate={usdRateOf(instrument.QuoteCurrency, instruments, quotes)}
          lang={lang}
        />
        <InstrumentPicker
          open={picking}
          instruments={instruments}
          currentId={instrument.Id}
          onPick={pick}
          onClose={closePicker}
        />
      </>
    );
  }

  return (
    <section data-testid="page-trade">
      <PageHeader title={t('trade.title')} />
      {body}
    </section>
  );
}

const Loading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
`;
