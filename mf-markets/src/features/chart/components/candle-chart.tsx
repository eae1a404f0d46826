/**
 * The chart area of /trade: loads the candles of the instrument and period, holds the chart's height while loading
 * (no layout shift), shows empty and error states, and mounts the apexcharts view, which is code-split so it never
 * reaches the first route's JavaScript.
 */
import { memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  LazyBoundary,
  lazyWithRetry,
  LoadError,
  LoadFailed,
  Skeleton,
  useAtomValue,
  useLoad,
} from '@meridian/shared';
import type { Period } from '@meridian/shared';
import { NS } from '../../../lib/ns';
import { fetchKline } from '../api/kline';
import { whenIdle } from '../../../lib/idle';
import { keepCandles, keptCandles, prefetchCandles, watchCandles } from '../state/candle-cache';
import { PERIOD_KEYS } from './period-bar';
import { indicatorsAtom } from '../state/indicator-choice';
import { enterFullScreen, leaveFullScreen } from '../state/full-screen';

// Offline, a chart whose code is not in yet says so in its own area, and loads when the connection is back.
const ApexCandles = lazyWithRetry(() => import(/* webpackChunkName: "chart" */ './apex-candles'));

/** Fetch the chart's code ahead of its first use (the trade screen does when it is idle). */
export function preloadChart(): void {
  void ApexCandles.preload().catch(() => undefined);
}

export const CHART_HEIGHT = 300;
/** Each oscillator (RSI, MACD) adds a pane of this height under the candles (chart-layers). */
export const OSCILLATOR_PANE_HEIGHT = 72;
const OSCILLATOR_IDS = new Set(['rsi', 'macd']);

export type CandleChartProps = {
  instrumentId: number;
  code: string;
  period: Period;
  precision: number;
  /** The trade list's quote, shown until the first live one (live quotes reach the chart on their own). */
  bid: number;
  ask: number;
  lang: string;
  /** Full screen (landscape where the phone allows): the chart fills the screen until `onExitFull`. */
  full?: boolean;
  onExitFull?: () => void;
  /** Shown beside the exit button in full screen (the period bar). */
  fullToolbar?: ReactNode;
};

/** Memoised: the trade screen re-rendering (a period, the picker) redraws it only when one of its props changed. */
export const CandleChart = memo(function CandleChart(props: CandleChartProps) {
  const { t } = useTranslation(NS);
  const { instrumentId, period, full = false, onExitFull } = props;
  const indicators = useAtomValue(indicatorsAtom);
  const panes = indicators.filter((id) => OSCILLATOR_IDS.has(id)).length;
  const area = useRef<HTMLDivElement>(null);
  const viewport = useViewportHeight(full);
  // Full screen takes the screen's height (less the exit bar); otherwise the candles keep their fixed height.
  const chartHeight = full
    ? Math.max(160, viewport - FULL_BAR - panes * OSCILLATOR_PANE_HEIGHT)
    : CHART_HEIGHT;
  useEffect(() => {
    if (!full || !area.current) return undefined;
    const el = area.current;
    void enterFullScreen(el, () => onExitFull?.());
    return () => void leaveFullScreen();
  }, [full, onExitFull]);
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
  const placeholder = <Skeleton height={chartHeight} radius={0} />;
  return (
    <Area
      ref={area}
      $height={full ? null : CHART_HEIGHT + panes * OSCILLATOR_PANE_HEIGHT}
      $full={full}
      data-testid="chart"
      data-period={period}
      data-state={candles.status}
      data-full={full ? 'true' : undefined}
    >
      {full && (
        <FullBar>
          <div>{props.fullToolbar}</div>
          <Exit type="button" onClick={() => onExitFull?.()} data-testid="chart-exit-full">
            {t('chart.exitFull')}
          </Exit>
        </FullBar>
      )}
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
                key={`${props.code}:${period}:${chartHeight}`}
                code={props.code}
                forexId={instrumentId}
                indicators={indicators}
                period={period}
                candles={candles.data}
                precision={props.precision}
                bid={props.bid}
                ask={props.ask}
                lang={props.lang}
                height={chartHeight}
              />
            </Suspense>
          </LazyBoundary>
        ))}
    </Area>
  );
});

const FULL_BAR = 44;

/** The window's height while `on` (a phone turned to landscape resizes it). */
function useViewportHeight(on: boolean): number {
  const [h, setH] = useState(() => (typeof window === 'undefined' ? 0 : window.innerHeight));
  useEffect(() => {
    if (!on) return undefined;
    const update = () => setH(window.innerHeight);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [on]);
  return h;
}

const Area = styled.div<{ $height: number | null; $full: boolean }>`
  ${({ $height }) => ($height === null ? '' : `height: ${$height}px;`)}
  overflow: hidden;
  ${({ $full, theme }) =>
    $full
      ? `position: fixed; inset: 0; z-index: 1000; background: ${theme.color.bg}; display: flex; flex-direction: column;`
      : ''}
`;

const FullBar = styled.div`
  display: flex;
  align-items: center;
  height: ${FULL_BAR}px;
  padding: 0 ${({ theme }) => theme.space(2)};
  & > div {
    flex: 1;
  }
`;

const Exit = styled.button`
  min-height: 44px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.primary};
  font: 600 14px / 1 ${({ theme }) => theme.font.body};
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
