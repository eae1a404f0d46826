/**
 * `/trade` (docs/routes.md): the instrument header with its picker, the period bar and candle chart, and the order ticket.
 * The instrument is the current one (set by the home list or search), else the first of the trade list.
 *
 * A tick re-renders only what shows it: the header and the ticket each read the instrument's own quote (at most
 * every QUOTE_RENDER_MS); the page itself, the period bar, the chart (which draws ticks on its own) and the picker
 * do not read quotes. Once the page is up and idle, the code a first tap needs (the order confirmation's dialog) is
 * fetched ahead.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  currentInstrumentAtom,
  Empty,
  PageHeader,
  preloadDialog,
  setCurrentInstrumentAtom,
  Skeleton,
  useAtomValue,
  useQueryParam,
  useSetAtom,
  LoadError,
} from '@meridian/shared';
import type { Period } from '@meridian/shared';
import { CandleChart, CHART_HEIGHT } from '../../features/chart/components/candle-chart';
import { AlertBell } from '../../features/alerts/components/alert-bell';
import { FavouriteStar } from '../../features/favourites/components/favourite-star';
import { PeriodBar } from '../../features/chart/components/period-bar';
import { ChartTools } from '../../features/chart/components/chart-tools';
import { InstrumentHeader } from '../../features/instrument/components/instrument-header';
import { InstrumentPicker } from '../../features/instrument/components/instrument-picker';
import { OrderTicket } from '../../features/ticket/components/order-ticket';
import { usePriceLive } from '../../features/ticket/hooks/use-price-live';
import { liveQuote, useTradeList } from '../../lib/instruments';
import type { Instrument } from '../../lib/instruments';
import { usdRateAtom, useQuote } from '../../lib/quote-atoms';
import { usdRateFollowsPrice } from '../../lib/usd-rate';
import { useLanguage } from '../../lib/use-language';
import { whenIdle } from '../../lib/idle';
import { NS } from '../i18n';

export default function TradePage() {
  const { t } = useTranslation(NS);
  const lang = useLanguage();
  const list = useTradeList();
  const current = useAtomValue(currentInstrumentAtom);
  const setCurrent = useSetAtom(setCurrentInstrumentAtom);
  const [period, setPeriod] = useState<Period>('1M');
  const [picking, setPicking] = useState(false);
  const [full, setFull] = useState(false);
  const enterFull = useCallback(() => setFull(true), []);
  const exitFull = useCallback(() => setFull(false), []);

  const instruments = list.status === 'ready' ? list.data : [];
  const instrument =
    instruments.find((i) => i.Id === current?.id) ??
    instruments.find((i) => i.Code === current?.code) ??
    instruments[0];

  useEffect(() => {
    if (instrument && current?.id !== instrument.Id) setCurrent({ id: instrument.Id, code: instrument.Code });
  }, [instrument, current?.id, setCurrent]);

  // `/trade?code=BTCUSD` (a notification, an alert, a link) opens that instrument; picking another one afterwards
  // is not undone while the address stays the same.
  const codeParam = useQueryParam('code');
  const applied = useRef<string | null>(null);
  const linked = instruments.find((i) => i.Code === codeParam);
  useEffect(() => {
    if (!linked || applied.current === linked.Code) return;
    applied.current = linked.Code;
    setCurrent({ id: linked.Id, code: linked.Code });
  }, [linked, setCurrent]);

  const pick = useCallback(
    (i: Instrument) => {
      setCurrent({ id: i.Id, code: i.Code });
      setPicking(false);
    },
    [setCurrent],
  );
  const closePicker = useCallback(() => setPicking(false), []);
  const openPicker = useCallback(() => setPicking(true), []);
  const ready = instrument !== undefined;
  useEffect(() => {
    if (ready) return whenIdle(preloadDialog);
    return undefined;
  }, [ready]);

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
    const listed = liveQuote(instrument, undefined);
    body = (
      <>
        <LiveHeader instrument={instrument} lang={lang} onPick={openPicker} />
        <PeriodBar value={period} onChange={setPeriod}>
          <ChartTools onFull={enterFull} />
        </PeriodBar>
        <CandleChart
          full={full}
          onExitFull={exitFull}
          // Only in full screen: a new element each render would redraw the memoised chart.
          fullToolbar={full ? <PeriodBar value={period} onChange={setPeriod} /> : undefined}
          instrumentId={instrument.Id}
          code={instrument.Code}
          period={period}
          precision={instrument.PricePrecision}
          bid={listed.bid}
          ask={listed.ask}
          lang={lang}
        />
        <LiveTicket key={instrument.Id} instrument={instrument} instruments={instruments} lang={lang} />
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

/** The header with the instrument's live quote: re-renders for this instrument's ticks only, a few times a second. */
const LiveHeader = memo(function LiveHeader({
  instrument,
  lang,
  onPick,
}: {
  instrument: Instrument;
  lang: string;
  onPick: () => void;
}) {
  const quote = useQuote(instrument.Code);
  const star = useMemo(() => <FavouriteStar instrument={instrument} />, [instrument]);
  const live = liveQuote(instrument, quote);
  return (
    <InstrumentHeader
      instrument={instrument}
      live={live}
      lang={lang}
      onPick={onPick}
      action={
        <>
          <AlertBell instrument={instrument} quote={{ bid: live.bid, ask: live.ask }} />
          {star}
        </>
      }
    />
  );
});

/**
 * The order ticket with the instrument's live quote and USD rate: re-renders for this instrument's ticks only, a few
 * times a second (the price it shows is the price it sends).
 */
const LiveTicket = memo(function LiveTicket({
  instrument,
  instruments,
  lang,
}: {
  instrument: Instrument;
  instruments: readonly Instrument[];
  lang: string;
}) {
  const quote = useQuote(instrument.Code);
  // Keyed on the live quote object: a new one per tick of this instrument (docs/rules.md#no-price).
  const priceLive = usePriceLive(quote);
  const rateAtom = useMemo(
    () => usdRateAtom(instrument.QuoteCurrency, instruments),
    [instrument.QuoteCurrency, instruments],
  );
  const usdRate = useAtomValue(rateAtom);
  const live = liveQuote(instrument, quote);
  return (
    <OrderTicket
      instrument={instrument}
      quote={{ bid: live.bid, ask: live.ask }}
      marketOpen={live.marketStatus === 1}
      priceLive={priceLive}
      usdRate={usdRate}
      rateFollowsPrice={usdRateFollowsPrice(instrument, instruments)}
      lang={lang}
    />
  );
});

const Loading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
`;
