/**
 * The candlestick chart itself (react-apexcharts). This module and apexcharts load only with /trade (it is
 * imported lazily by ./candle-chart).
 *
 * apexcharts redraws its whole drawing on any update (5.x: `updateSeries` and `updateOptions` both clear and
 * rebuild every candle, axis and label), which a live price cannot afford 20 times a second on a phone. So it draws
 * the history, and only when the history moves (a new candle, or a price leaving its scale: see LiveChart). The
 * candle being built and the bid and ask lines are a light SVG overlay over it, placed from the chart's own scale
 * and moved a few times a second by setting a few attributes; apexcharts' own drawing of the live candle is hidden
 * under it. Ticks reach none of this through React: the KLINE topic and the instrument's quote atom feed LiveChart
 * directly.
 */
import { useEffect, useMemo, useRef } from 'react';
import Chart from 'react-apexcharts';
import type ApexCharts from 'apexcharts';
import type { ApexOptions } from 'apexcharts';
import styled, { useTheme } from 'styled-components';
import { appStore, klineTopic, subscribe } from '@meridian/shared';
import type { Period } from '@meridian/shared';
import type { Candle } from '../api/kline';
import { formatPrice } from '../../../lib/format';
import { quoteAtom } from '../../../lib/quote-atoms';
import { chartAxes, timeRange } from '../state/chart-axes';
import { updatesFor } from '../state/candles';
import { chartLocales, formatChartTime } from '../state/chart-locale';
import { LiveChart } from '../state/live-chart';
import type { LiveView } from '../state/live-chart';
import { readScale } from '../state/scale';
import { FrameStore } from '../state/chart-frame';
import type { IndicatorId } from '../state/indicators';
import { IndicatorOverlay, OscillatorPanes, PositionLayer } from './chart-layers';
import type { ChartScale } from '../state/scale';

export type ApexCandlesProps = {
  code: string;
  /** The instrument's id: the trader's orders on it are drawn as levels. */
  forexId: number;
  /** The indicators on (over the candles, or in panes under them). */
  indicators: readonly IndicatorId[];
  period: Period;
  candles: readonly Candle[];
  precision: number;
  /** The quote of the trade list, until the first live one. */
  bid: number;
  ask: number;
  lang: string;
  height: number;
};

const toPoint = (c: Candle) => ({ x: c.Time, y: [c.Open, c.High, c.Low, c.Close] });
const series = (code: string, candles: readonly Candle[]) => [{ name: code, data: candles.map(toPoint) }];

type Overlay = {
  body: SVGRectElement | null;
  wick: SVGLineElement | null;
  bid: SVGGElement | null;
  ask: SVGGElement | null;
};

export default function ApexCandles({
  code,
  forexId,
  indicators,
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
  const box = useRef<HTMLDivElement>(null);
  const overlay = useRef<Overlay>({ body: null, wick: null, bid: null, ask: null });
  // The scale apexcharts last drew with (null: unknown, ticks then redraw the chart).
  const drawn = useRef<ChartScale | null>(null);
  // What the layers (indicators, levels, panes) draw on: set after each drawing of the history, never on a tick.
  const frames = useMemo(() => new FrameStore(candles), [candles]);
  const fmt = useRef((v: number) => formatPrice(v, precision, lang));
  fmt.current = (v: number) => formatPrice(v, precision, lang);

  const daily = period === '1D';
  const onDrawn = useRef(() => {});
  // Built once per chart (the component is keyed on instrument and period): later changes go through LiveChart.
  const options = useMemo<ApexOptions>(() => {
    const axes = chartAxes({ candles, precision, lang, daily });
    return {
      chart: {
        id: `candles-${code}`,
        type: 'candlestick',
        background: 'transparent',
        foreColor: theme.color.textMuted,
        toolbar: { show: false },
        zoom: { enabled: false },
        animations: { enabled: false, dynamicAnimation: { enabled: false } },
        redrawOnParentResize: true,
        locales: chartLocales(lang) as ApexOptions['chart'] extends infer C
          ? C extends { locales?: infer L }
            ? L
            : never
          : never,
        defaultLocale: chartLocales(lang).at(-1)?.name ?? 'hk',
        parentHeightOffset: 0,
        events: {
          mounted: () => onDrawn.current(),
          updated: () => onDrawn.current(),
        },
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
    };
  }, [candles, code, daily, lang, precision, theme]);
  const initialSeries = useMemo(() => series(code, candles), [candles, code]);

  useEffect(() => {
    const chart = () => chartRef.current;
    const view: LiveView = {
      visible: () => box.current?.offsetParent !== null,
      redraw: (list) => {
        const c = chart();
        if (!c) return Promise.resolve();
        // One redraw for both: the new candles and the time axis they span.
        return c.updateOptions(
          { series: series(code, list), xaxis: timeRange(list) },
          false,
          false,
          false,
        ) as Promise<unknown>;
      },
      drawLive: (candle, b, a) =>
        drawOverlay(overlay.current, drawn.current, candle, b, a, fmt.current, {
          up: theme.color.up,
          down: theme.color.down,
        }),
    };
    const q = appStore.get(quoteAtom(code));
    const controller = new LiveChart(candles, { bid: q?.bid ?? bid, ask: q?.ask ?? ask }, view);

    onDrawn.current = () => {
      const c = chart();
      const el = box.current;
      if (!c || !el) return;
      const list = controller.buffer;
      const scale = readScale(c, el, list);
      drawn.current = scale;
      // The layers draw in a task of their own after the chart's: the two never add up to one long task.
      const copy = [...list];
      setTimeout(() => frames.set({ scale, candles: copy }), 0);
      el.setAttribute('data-drawn', period);
      // How ticks are drawn now: over the history, or (the scale could not be read) by redrawing it.
      el.setAttribute('data-live', scale ? 'overlay' : 'redraw');
      // apexcharts' live candle stays under the overlay's, hidden, as long as the overlay can be placed.
      if (scale?.lastCandle) scale.lastCandle.style.visibility = 'hidden';
      controller.drawn();
    };
    // The chart may have drawn before this effect ran.
    if (box.current?.querySelector('.apexcharts-candlestick-series')) onDrawn.current();

    const offKline = subscribe(klineTopic(code), (data) => controller.pushCandles(updatesFor(data, period)));
    const offQuote = appStore.sub(quoteAtom(code), () => {
      const next = appStore.get(quoteAtom(code));
      if (next) controller.pushQuote(next.bid, next.ask);
    });
    return () => {
      offKline();
      offQuote();
      controller.dispose();
      onDrawn.current = () => {};
    };
    // The chart is keyed on code and period; candles are its first drawing. Quote fallbacks matter only at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, period, candles, theme, frames]);

  return (
    <>
      <Box ref={box}>
        <Chart
          type="candlestick"
          series={initialSeries}
          options={options}
          height={height}
          chartRef={chartRef}
        />
        <Live aria-hidden="true" focusable="false">
          <line ref={(el) => void (overlay.current.wick = el)} visibility="hidden" strokeWidth={1} />
          <rect
            ref={(el) => void (overlay.current.body = el)}
            visibility="hidden"
            data-testid="chart-live-candle"
          />
          {(['bid', 'ask'] as const).map((side) => (
            <g
              key={side}
              ref={(el) => void (overlay.current[side] = el)}
              visibility="hidden"
              data-testid={`chart-${side}`}
            >
              <line x1={0} strokeDasharray="3" stroke={side === 'bid' ? theme.color.down : theme.color.up} />
              <rect height={14} rx={2} fill={side === 'bid' ? theme.color.down : theme.color.up} />
              <text fill="#fff" fontSize={10} dominantBaseline="central" />
            </g>
          ))}
          <IndicatorOverlay store={frames} indicators={indicators} />
          <PositionLayer store={frames} forexId={forexId} precision={precision} lang={lang} />
        </Live>
      </Box>
      <OscillatorPanes store={frames} indicators={indicators} lang={lang} />
    </>
  );
}

/**
 * Place the live candle and the bid and ask lines on the scale apexcharts drew. Returns false when the scale is
 * unknown or a price is outside it (the caller redraws the history, which rescales).
 */
function drawOverlay(
  o: Overlay,
  scale: ChartScale | null,
  candle: Candle | undefined,
  bid: number,
  ask: number,
  fmt: (v: number) => string,
  colors: { up: string; down: string },
): boolean {
  if (!scale) return false;
  let inside = true;
  if (candle && o.body && o.wick) {
    const x = scale.x(candle.Time);
    const top = scale.y(Math.max(candle.Open, candle.Close));
    const bottom = scale.y(Math.min(candle.Open, candle.Close));
    // apexcharts' rule: up when it closed above its open.
    const color = candle.Open < candle.Close ? colors.up : colors.down;
    inside = scale.contains(candle.High) && scale.contains(candle.Low);
    setAttrs(o.wick, {
      x1: x,
      x2: x,
      y1: scale.y(candle.High),
      y2: scale.y(candle.Low),
      stroke: color,
      visibility: 'visible',
    });
    setAttrs(o.body, {
      x: x - scale.barWidth / 2,
      y: top,
      width: scale.barWidth,
      height: Math.max(1, bottom - top),
      fill: color,
      visibility: 'visible',
    });
  }
  // The bid's label sits under its line and the ask's above, so the two never cover each other.
  for (const [g, v, below] of [
    [o.bid, bid, true],
    [o.ask, ask, false],
  ] as const) {
    if (!g) continue;
    if (!scale.contains(v)) {
      g.setAttribute('visibility', 'hidden');
      inside = false;
      continue;
    }
    const y = scale.y(v);
    const [line, rect, text] = [g.children[0], g.children[1], g.children[2]] as [
      SVGLineElement,
      SVGRectElement,
      SVGTextElement,
    ];
    setAttrs(line, { x1: scale.left, x2: scale.left + scale.width, y1: y, y2: y });
    const label = fmt(v);
    if (text.textContent !== label) text.textContent = label;
    const w = label.length * 6 + 6;
    const ly = below ? y + 1 : y - 15;
    setAttrs(rect, { x: scale.left + 2, y: ly, width: w });
    setAttrs(text, { x: scale.left + 5, y: ly + 7 });
    g.setAttribute('visibility', 'visible');
  }
  return inside;
}

function setAttrs(el: Element, attrs: Record<string, string | number>): void {
  for (const [k, v] of Object.entries(attrs)) {
    const s = typeof v === 'number' ? String(Math.round(v * 10) / 10) : v;
    if (el.getAttribute(k) !== s) el.setAttribute(k, s);
  }
}

const Box = styled.div`
  position: relative;
`;

// Left to right whatever the page's direction: the labels are placed from their left edge, as the chart is drawn.
const Live = styled.svg`
  direction: ltr;
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  overflow: hidden;
  pointer-events: none;
`;
