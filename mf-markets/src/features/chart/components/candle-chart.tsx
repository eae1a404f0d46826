/**
 * The chart area of /trade: loads the candles of the instrument and period, holds the chart's height while loading
 * (no layout shift), shows empty and error states, and mounts the apexcharts view, which is code-split so it never
 * reaches the first route's JavaScript.
 */
import { memo, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LazyBoundary, lazyWithRetry, LoadError, LoadFailed, Skeleton, useLoad } from '@meridian/shared';
import type { Period } from '@meridian/shared';
import { NS } from '../../../lib/ns';
import { fetchKline } from '../api/kline';
import { whenIdle } from '../../../lib/idle';
import { keepCandles, keptCandles, prefetchCandles, watchCandles } from '../state/candle-cache';
import { PERIOD_KEYS } from './period-bar';

// Offline, a chart whose code is not in yet says so in its own area, and loads when the connection is back.
const ApexCandles = lazyWithRetry(() => import(/* webpackChunkName: "chart" */ './apex-candles'));

/** Fetch the chart's code ahead of its first use (the trade screen does when it is idle). */
export function preloadChart(): void {
  void ApexCandles.preload().catch(() => undefined);
}

export const CHART_HEIGHT = 300;

export type CandleChartProps = {
  instrumentId: number;
  code: string;
  period: Period;
  precision: number;
  /** The trade list's quote, shown until the first live one (live quotes reach the chart on their own). */
  bid: number;
  ask: number;
  lang: string;
};

/** Memoised: the trade screen re-rendering (a period, the picker) redraws it only when one of its props changed. */
export const CandleChart = memo(function CandleChart(props: CandleChartProps) {
  const { t } = useTranslation(NS);
  const { instrumentId, period } = props;
  const key = `${instrumentId}:${period}`;
  // The other periods are kept current while this instrument is on screen, loaded when the screen is idle: a period
  // switch then draws at once, with no request and no loading state.
  useEffect(() => {
    const stop = watchCandles(instrumentId, props.code);
    const cancel = whenIdle(() => void prefetchCandles(instrumentId, PERIOD_KEYS));
    return () => {
      cancel();
      stop();
    };
  }, [instrumentId, props.code]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per instrument and period
  const kept = useMemo(() => keptCandles(instrumentId, period), [key]);
  const loaded = useLoad(
    () =>
      kept
        ? Promise.resolve({ key, data: kept })
        : fetchKline(instrumentId, period).then((data) => {
            keepCandles(instrumentId, period, data);
            return { key, data };
          }),
    key,
  );
  // The render that changes the period still holds the last period's candles: they are not this chart's (the kept
  // ones are, when there are).
  const candles =
    loaded.status === 'ready' && loaded.data.key === key
      ? { status: 'ready' as const, data: loaded.data.data }
      : kept
        ? { status: 'ready' as const, data: kept }
        : loaded.status === 'ready'
          ? ({ status: 'loading' } as const)
          : loaded;
  const placeholder = <Skeleton height={CHART_HEIGHT} radius={0} />;
  return (
    <Area data-testid="chart" data-period={period} data-state={candles.status}>
      {candles.status === 'loading' && placeholder}
      {candles.status === 'error' && (
        <Message>
          <LoadError onRetry={loaded.reload} />
        </Message>
      )}
      {candles.status === 'ready' &&
        (candles.data.length === 0 ? (
          <Message data-testid="chart-empty">{t('chart.noCandles')}</Message>
        ) : (
          <LazyBoundary
            fallback={(retry) => (
              <Message>
                <LoadFailed onRetry={retry} />
              </Message>
            )}
          >
            <Suspense fallback={placeholder}>
              <ApexCandles
                key={`${props.code}:${period}`}
                code={props.code}
                period={period}
                candles={candles.data}
                precision={props.precision}
                bid={props.bid}
                ask={props.ask}
                lang={props.lang}
                height={CHART_HEIGHT}
              />
            </Suspense>
          </LazyBoundary>
        ))}
    </Area>
  );
});

const Area = styled.div`
  height: ${CHART_HEIGHT}px;
  overflow: hidden;
`;

const Message = styled.div`
  height: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
`;
