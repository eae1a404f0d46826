/**
 * The scale apexcharts drew with, in the pixels of the chart's box, so an overlay can place prices and times on it
 * (see ../components/apex-candles). Read from the chart's globals (price and time range, grid size and offset) and
 * checked against what it drew: the last candle's path must sit where this scale puts that candle, or the scale is
 * not trusted (null: the caller then redraws the chart instead of drawing over it).
 */
import type { Candle } from '../api/kline';

export type ChartScale = {
  /** Box pixels of a price (top is the highest). */
  y(price: number): number;
  /** Box pixels of a candle time (its centre). */
  x(time: number): number;
  /** Whether a price is within the drawn price range. */
  contains(price: number): boolean;
  /** The grid's top edge and height, box pixels (the highest and the lowest price drawn). */
  top: number;
  height: number;
  /** The grid's left edge and width, box pixels. */
  left: number;
  width: number;
  barWidth: number;
  /** apexcharts' drawing of the last candle (hidden while the overlay draws it). */
  lastCandle: SVGElement | null;
};

type Globals = { minY?: number; maxY?: number; minX?: number; maxX?: number };
type Layout = { gridHeight?: number; gridWidth?: number; translateX?: number; translateY?: number };
type ChartLike = { w?: { globals?: Globals & Layout; layout?: Layout } };

const finite = (...xs: (number | undefined)[]): boolean =>
  xs.every((x) => typeof x === 'number' && Number.isFinite(x));

/** `candles`: what the chart was given, the last one included. */
export function readScale(chart: unknown, box: HTMLElement, candles: readonly Candle[]): ChartScale | null {
  const w = (chart as ChartLike).w;
  const g = w?.globals;
  const l = w?.layout ?? g;
  if (!g || !l) return null;
  const { minY, maxY, minX, maxX } = g;
  const { gridHeight, gridWidth, translateX, translateY } = l;
  if (!finite(minY, maxY, minX, maxX, gridHeight, gridWidth, translateX, translateY)) return null;
  if (maxY! <= minY! || maxX! <= minX!) return null;
  const svg = box.querySelector('svg.apexcharts-svg');
  if (!svg) return null;
  const boxRect = box.getBoundingClientRect();
  const svgRect = svg.getBoundingClientRect();
  const top = svgRect.top - boxRect.top + translateY!;
  const left = svgRect.left - boxRect.left + translateX!;
  const y = (p: number) => top + ((maxY! - p) / (maxY! - minY!)) * gridHeight!;
  const x = (t: number) => left + ((t - minX!) / (maxX! - minX!)) * gridWidth!;

  // The check: apexcharts' path of the last candle spans its high to its low, centred on its time.
  const last = candles.at(-1);
  const paths = box.querySelectorAll<SVGElement>('.apexcharts-candlestick-series path');
  const path = paths[candles.length - 1] ?? null;
  if (!last || !path || paths.length !== candles.length) return null;
  const r = path.getBoundingClientRect();
  const near = (a: number, b: number) => Math.abs(a - b) <= 1.5;
  const ok =
    near(r.top - boxRect.top, y(last.High)) &&
    near(r.bottom - boxRect.top, y(last.Low)) &&
    near((r.left + r.right) / 2 - boxRect.left, x(last.Time));
  if (!ok) return null;
  return {
    y,
    x,
    contains: (p) => p >= minY! && p <= maxY!,
    top,
    height: gridHeight!,
    left,
    width: gridWidth!,
    barWidth: Math.max(1, r.width),
    lastCandle: path,
  };
}
