/**
 * The chart's axes, kept apart from apexcharts so they are tested alone. Prices read as on the rest of the screen
 * (the language's grouping at the instrument's precision: 87,938.72, not 88000.00). Time is a numeric axis from the
 * first candle to the last with evenly spaced ticks, so its labels run to the last candle rather than stopping at
 * the last "round" time apexcharts' datetime axis would pick.
 */
import { formatPrice } from '../../../lib/format';
import type { Candle } from '../api/kline';
import { formatChartTime } from './chart-locale';

/** Time labels across a phone's width: enough to read the period, few enough never to overlap. */
export const TIME_TICKS = 4;

export type Axes = {
  xaxis: {
    type: 'numeric';
    min: number | undefined;
    max: number | undefined;
    tickAmount: number;
    labels: { formatter: (value: string | number) => string; hideOverlappingLabels: boolean };
  };
  yaxis: { labels: { formatter: (value: number) => string } };
};

/** The first and last candle times (undefined without candles: apexcharts then finds its own range). */
export function timeRange(candles: readonly Candle[]): { min: number | undefined; max: number | undefined } {
  return { min: candles[0]?.Time, max: candles.at(-1)?.Time };
}

export function chartAxes(o: {
  candles: readonly Candle[];
  precision: number;
  lang: string;
  daily: boolean;
}): Axes {
  const { min, max } = timeRange(o.candles);
  return {
    xaxis: {
      type: 'numeric',
      min,
      max,
      tickAmount: TIME_TICKS,
      labels: {
        formatter: (value) => {
          const ms = Number(value);
          return Number.isFinite(ms) ? formatChartTime(ms, o.lang, o.daily) : '';
        },
        hideOverlappingLabels: false,
      },
    },
    yaxis: { labels: { formatter: (value) => formatPrice(value, o.precision, o.lang) } },
  };
}
