/**
 * The candlestick chart itself (react-apexcharts). This module and apexcharts load only with /trade (it is
 * imported lazily by ./candle-chart). Live `KLINE.{code}` updates go into a candle buffer and reach the chart
 * through ApexCharts' own `updateSeries` at most once per animation frame, without re-rendering React or rebuilding
 * the chart; the bid and ask lines move at most once a second.
 */
import { useEffect, useMemo, useRef } from 'react';
import Chart from 'react-apexcharts';
import type ApexCharts from 'apexcharts';
import type { ApexOptions } from 'apexcharts';
import { useTheme } from 'styled-components';
import { klineTopic, subscribe } from '@meridian/shared';
import type { Period } from '@meridian/shared';
import type { Candle } from '../api/kline';
import { formatPrice } from '../../../lib/format';
import { chartAxes, timeRange } from '../state/chart-axes';
import { mergeCandle, updatesFor } from '../state/candles';
import { chartLocales, formatChartTime } from '../state/chart-locale';

export type ApexCandlesProps = {
  code: string;
  period: Period;
  candles: readonly Candle[];
  precision: number;
  bid: number;
  ask: number;
  lang: string;
  height: number;
};

const toPoint = (c: Candle) => ({ x: c.Time, y: [c.Open, c.High, c.Low, c.Close] });
const LINES_EVERY_MS = 1000;

export default function ApexCandles({
  code,
  period,
  candles,
  precision,
  bid,
  ask,
  lang,
  height,
}: ApexCandlesProps) {
  const theme = useTheme();
  const chartRef = useRef<ApexCharts | null>(null);
  const buffer = useRef<Candle[]>([]);
  const frame = useRef<number | null>(null);
  const lines = useRef({ bid, ask, drawnAt: 0, dirty: false });
  const box = useRef<HTMLDivElement>(null);

  const annotations = (b: number, a: number): ApexOptions['annotations'] => ({
    yaxis: [
      // The bid's label sits under its line and the ask's above, so the two never cover each other.
      { y: b, borderColor: theme.color.down, strokeDashArray: 3, label: label(b, theme.color.down, 16) },
      { y: a, borderColor: theme.color.up, strokeDashArray: 3, label: label(a, theme.color.up, -2) },
    ],
  });
  const label = (v: number, color: string, offsetY: number) => ({
    text: formatPrice(v, precision, lang),
    offsetY,
    position: 'left',
    textAnchor: 'start',
    borderColor: color,
    style: { background: color, color: '#fff', fontSize: '10px' },
  });
  const annotationsRef = useRef(annotations);
  annotationsRef.current = annotations;

  // The series React gives the chart once; later changes go through updateSeries.
  const series = useMemo(() => {
    buffer.current = candles.slice();
    return [{ name: code, data: buffer.current.map(toPoint) }];
  }, [candles, code]);

  const daily = period === '1D';
  // The time axis follows the candles it was built with; a new candle widens it (see flush).
  const range = useRef(timeRange(candles));
  const options = useMemo<ApexOptions>(() => {
    const axes = chartAxes({ candles, precision, lang, daily });
    range.current = { min: axes.xaxis.min, max: axes.xaxis.max };
    return {
      chart: {
        id: `candles-${code}`,
        type: 'candlestick',
        background: 'transparent',
        foreColor: theme.color.textMuted,
        toolbar: { show: false },
        zoom: { enabled: false },
        animations: { enabled: false },
        locales: chartLocales(lang) as ApexOptions['chart'] extends infer C
          ? C extends { locales?: infer L }
            ? L
            : never
          : never,
        defaultLocale: chartLocales(lang).at(-1)?.name ?? 'hk',
        parentHeightOffset: 0,
      },
      theme: { mode: 'dark' },
      grid: { borderColor: theme.color.border, strokeDashArray: 2, padding: { left: 16, right: 4 } },
      plotOptions: {
        candlestick: {
          colors: { upward: theme.color.up, downward: theme.color.down },
          wick: { useFillColor: true },
        },
      },
      xaxis: {
        ...axes.xaxis,
        labels: { ...axes.xaxis.labels, style: { fontSize: '10px' } },
        axisBorder: { color: theme.color.border },
        axisTicks: { color: theme.color.border },
      },
      yaxis: {
        opposite: true,
        tooltip: { enabled: false },
        labels: { ...axes.yaxis.labels, style: { fontSize: '10px' } },
      },
      tooltip: {
        theme: 'dark',
        x: { formatter: (ts: number) => formatChartTime(ts, lang, daily, true) },
      },
      annotations: annotationsRef.current(lines.current.bid, lines.current.ask),
    };
  }, [candles, code, daily, lang, precision, theme]);

  // Live candles of this period.
  useEffect(() => {
    const flush = () => {
      frame.current = null;
      const chart = chartRef.current;
      // A kept-alive /trade that is not on screen has no layout: skip the redraw. The buffer keeps every update,
      // and the next one after the page is back sends it whole.
      if (!chart || box.current?.offsetParent === null) return;
      const next = timeRange(buffer.current);
      if (next.max !== range.current.max || next.min !== range.current.min) {
        range.current = next;
        void chart.updateOptions({ xaxis: next }, false, false, false);
      }
      void chart.updateSeries([{ name: code, data: buffer.current.map(toPoint) }], false);
      const l = lines.current;
      const now = Date.now();
      if (l.dirty && now - l.drawnAt >= LINES_EVERY_MS) {
        l.dirty = false;
        l.drawnAt = now;
        void chart.updateOptions({ annotations: annotationsRef.current(l.bid, l.ask) }, false, false, false);
      }
    };
    const schedule = () => {
      if (frame.current === null) frame.current = requestAnimationFrame(flush);
    };
    const off = subscribe(klineTopic(code), (data) => {
      let changed = false;
      for (const u of updatesFor(data, period)) changed = mergeCandle(buffer.current, u) || changed;
      if (changed) schedule();
    });
    return () => {
      off();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
    };
  }, [code, period]);

  // Bid and ask lines follow the quote (applied with the next candle frame, at most once a second).
  useEffect(() => {
    const l = lines.current;
    if (l.bid === bid && l.ask === ask) return;
    l.bid = bid;
    l.ask = ask;
    l.dirty = true;
    if (Date.now() - l.drawnAt >= LINES_EVERY_MS && chartRef.current && box.current?.offsetParent !== null) {
      l.dirty = false;
      l.drawnAt = Date.now();
      void chartRef.current.updateOptions(
        { annotations: annotationsRef.current(bid, ask) },
        false,
        false,
        false,
      );
    }
  }, [bid, ask]);

  return (
    <div ref={box}>
      <Chart type="candlestick" series={series} options={options} height={height} chartRef={chartRef} />
    </div>
  );
}
