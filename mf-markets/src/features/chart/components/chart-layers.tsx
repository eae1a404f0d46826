/**
 * The layers of the chart that are not apexcharts': the overlay indicators (moving average, EMA, Bollinger bands)
 * and the trader's own levels (entry, stop loss, take profit, pending targets) drawn on the chart's scale, and the
 * oscillator panes (RSI, MACD) under it on the same time axis. Each re-renders only when the chart draws its history
 * again (../state/chart-frame), or when a level changes; ticks never reach them. Part of the chart's chunk.
 */
import { memo, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import { BUY } from '@meridian/shared/pure';
import { formatPrice } from '../../../lib/format';
import { formatNumber } from '../../../lib/format-amount';
import { NS } from '../../../lib/ns';
import type { FrameStore } from '../state/chart-frame';
import { computeIndicator, OSCILLATORS, OVERLAYS, SETTINGS } from '../state/indicators';
import type { IndicatorId, Line } from '../state/indicators';
import { subscribeLevels } from '../state/position-lines';
import type { PositionLevel } from '../state/position-lines';
import type { ChartScale } from '../state/scale';

export const PANE_HEIGHT = 72;

/** The indicators' colours, apart from the market's up and down. */
export const INDICATOR_COLORS = {
  ma: '#f5a623',
  ema: '#4aa3ff',
  bb: '#b07cff',
  rsi: '#f5a623',
  macd: '#4aa3ff',
  signal: '#f5a623',
} as const;

/** About how wide a 10px label is: CJK and other wide scripts take a full em, Latin digits about 0.58 of one. */
function labelWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += ch.codePointAt(0)! >= 0x2e80 ? 10 : 5.8;
  return Math.ceil(w);
}

const useFrame = (store: FrameStore) => useSyncExternalStore(store.subscribe, store.get, store.get);

/** `x,y` pairs of a line on the chart's scale, `null` values skipped (a gap ends the polyline's run). */
function pointsOf(
  times: readonly number[],
  line: Line,
  x: (t: number) => number,
  y: (v: number) => number,
): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const v = line[i];
    if (v === null || v === undefined) continue;
    out += `${x(times[i]!).toFixed(1)},${y(v).toFixed(1)} `;
  }
  return out.trimEnd();
}

/** Moving average, EMA and the bands over the candles, clipped to the chart's grid. */
export const IndicatorOverlay = memo(function IndicatorOverlay({
  store,
  indicators,
}: {
  store: FrameStore;
  indicators: readonly IndicatorId[];
}) {
  const { scale, candles } = useFrame(store);
  const clip = useId();
  const overlays = indicators.filter((id) => OVERLAYS.includes(id));
  const lines = useMemo(() => {
    const closes = candles.map((c) => c.Close);
    return overlays.map((id) => ({ id, lines: computeIndicator(id, closes) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- overlays is derived from indicators
  }, [candles, indicators]);
  if (!scale || overlays.length === 0) return null;
  const times = candles.map((c) => c.Time);
  return (
    <g data-testid="chart-indicators">
      <clipPath id={clip}>
        <rect x={scale.left} y={0} width={scale.width} height="100%" />
      </clipPath>
      <g clipPath={`url(#${clip})`}>
        {lines.flatMap(({ id, lines: l }) =>
          Object.entries(l).map(([name, line]) => (
            <polyline
              key={`${id}:${name}`}
              points={pointsOf(times, line, scale.x, scale.y)}
              fill="none"
              stroke={INDICATOR_COLORS[id as keyof typeof INDICATOR_COLORS]}
              strokeWidth={name === 'middle' ? 1 : 1.5}
              strokeDasharray={name === 'middle' ? '4 3' : undefined}
              data-testid={`line-${id}-${name}`}
            />
          )),
        )}
      </g>
    </g>
  );
});

/** The trader's levels on this instrument: a dashed line each, labelled at the right ("Buy 0.10", "SL", "TP"). */
export const PositionLayer = memo(function PositionLayer({
  store,
  forexId,
  precision,
  lang,
}: {
  store: FrameStore;
  forexId: number;
  precision: number;
  lang: string;
}) {
  const { t } = useTranslation(NS);
  const theme = useTheme();
  const { scale } = useFrame(store);
  const [levels, setLevels] = useState<PositionLevel[]>([]);
  useEffect(() => subscribeLevels(forexId, setLevels), [forexId]);
  if (!scale || levels.length === 0) return null;
  const label = (l: PositionLevel): string => {
    const lots = formatNumber(l.lots, lang);
    const side = t(l.side === BUY ? 'ticket.buy' : 'ticket.sell');
    if (l.kind === 'entry') return `${side} ${lots}`;
    if (l.kind === 'sl') return t('chart.levelSl');
    if (l.kind === 'tp') return t('chart.levelTp');
    const kind = l.pendingKind === 'stop' ? 'stop' : 'limit';
    return `${t(`ticket.kind.${l.side === BUY ? 'buy' : 'sell'}.${kind}`)} ${lots}`;
  };
  const color = (l: PositionLevel) =>
    l.kind === 'sl'
      ? theme.color.down
      : l.kind === 'tp'
        ? theme.color.up
        : l.kind === 'pending'
          ? theme.color.warning
          : theme.color.primary;
  // A level outside the prices the candles span (a far stop, a take profit the price has not come near) is not
  // left out and does not squash the candles: its label is pinned to the top or bottom edge with an arrow pointing
  // where it is, and no line (a line there would sit at a price it is not at).
  const bottom = scale.top + scale.height;
  const at = (l: PositionLevel): { y: number; off: 'above' | 'below' | null } =>
    scale.contains(l.price)
      ? { y: scale.y(l.price), off: null }
      : scale.y(l.price) < scale.top
        ? { y: scale.top + 7, off: 'above' }
        : { y: bottom - 7, off: 'below' };
  // Labels never cover each other: from the top down, a label too close to the one above moves under it.
  const placed: { level: PositionLevel; y: number; off: 'above' | 'below' | null; labelY: number }[] = [];
  for (const level of levels.map((l) => ({ level: l, ...at(l) })).sort((a, b) => a.y - b.y)) {
    const prev = placed.at(-1);
    placed.push({ ...level, labelY: prev ? Math.max(level.y, prev.labelY + 15) : level.y });
  }
  // Labels pinned to the bottom edge stack upwards from it, so none falls off the chart.
  let floor = bottom - 7;
  for (let i = placed.length - 1; i >= 0; i--) {
    const p = placed[i]!;
    if (p.labelY <= floor) break;
    p.labelY = floor;
    floor -= 15;
  }
  return (
    <g data-testid="chart-levels">
      {placed.map(({ level: l, y, off, labelY }) => {
        const arrow = off === 'above' ? '↑ ' : off === 'below' ? '↓ ' : '';
        const text = `${arrow}${label(l)} ${formatPrice(l.price, precision, lang)}`;
        const w = labelWidth(text) + 8;
        const x = scale.left + scale.width - w - 2;
        return (
          <g key={l.key} data-testid={`level-${l.kind}`} data-price={l.price} data-off={off ?? undefined}>
            {off ? null : (
              <line
                x1={scale.left}
                x2={scale.left + scale.width}
                y1={y}
                y2={y}
                stroke={color(l)}
                strokeDasharray={l.kind === 'entry' ? undefined : '5 4'}
                strokeWidth={1}
              />
            )}
            <rect x={x} y={labelY - 7} width={w} height={14} rx={2} fill={color(l)} />
            <text x={x + 4} y={labelY} fill="#fff" fontSize={10} dominantBaseline="central">
              {text}
            </text>
          </g>
        );
      })}
    </g>
  );
});

/** RSI and MACD, each in a pane of its own under the chart, on the chart's time axis. */
export const OscillatorPanes = memo(function OscillatorPanes({
  store,
  indicators,
  lang,
}: {
  store: FrameStore;
  indicators: readonly IndicatorId[];
  lang: string;
}) {
  const { t } = useTranslation(NS);
  const theme = useTheme();
  const { scale, candles } = useFrame(store);
  const panes = indicators.filter((id) => OSCILLATORS.includes(id));
  const computed = useMemo(() => {
    const closes = candles.map((c) => c.Close);
    return panes.map((id) => ({ id, lines: computeIndicator(id, closes) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- panes is derived from indicators
  }, [candles, indicators]);
  if (panes.length === 0) return null;
  const times = candles.map((c) => c.Time);
  const fmt = (v: number | null | undefined) =>
    v === null || v === undefined ? '—' : formatNumber(Number(v.toFixed(2)), lang);
  return (
    <>
      {computed.map(({ id, lines }) => {
        const values = Object.values(lines)
          .flat()
          .filter((v): v is number => v !== null);
        const fixed = id === 'rsi';
        const lo = fixed ? 0 : Math.min(0, ...values);
        const hi = fixed ? 100 : Math.max(0, ...values);
        const pad = 6;
        const y = (v: number) => pad + ((hi - v) / (hi - lo || 1)) * (PANE_HEIGHT - 2 * pad);
        const x = scale?.x ?? ((tm: number) => ((tm - times[0]!) / (times.at(-1)! - times[0]! || 1)) * 300);
        const left = scale?.left ?? 0;
        const width = scale?.width ?? 300;
        const title =
          id === 'rsi'
            ? `RSI(${SETTINGS.rsi.period}) ${fmt(lines.rsi!.at(-1))}`
            : `MACD(${SETTINGS.macd.fast},${SETTINGS.macd.slow},${SETTINGS.macd.signal}) ${fmt(lines.macd!.at(-1))} ${fmt(lines.signal!.at(-1))}`;
        const bar = scale ? Math.max(1, scale.barWidth * 0.6) : 2;
        return (
          <Pane key={id} aria-label={t(`chart.indicator.${id}`)} role="img" data-testid={`pane-${id}`}>
            <svg width="100%" height={PANE_HEIGHT}>
              {id === 'rsi' &&
                [SETTINGS.rsi.overbought, SETTINGS.rsi.oversold].map((g) => (
                  <line
                    key={g}
                    x1={left}
                    x2={left + width}
                    y1={y(g)}
                    y2={y(g)}
                    stroke={theme.color.border}
                    strokeDasharray="3 3"
                  />
                ))}
              {id === 'macd' && (
                <>
                  <line x1={left} x2={left + width} y1={y(0)} y2={y(0)} stroke={theme.color.border} />
                  {lines.histogram!.map((v, i) =>
                    v === null ? null : (
                      <rect
                        key={i}
                        x={x(times[i]!) - bar / 2}
                        y={Math.min(y(v), y(0))}
                        width={bar}
                        height={Math.max(0.5, Math.abs(y(v) - y(0)))}
                        fill={v >= 0 ? theme.color.up : theme.color.down}
                        opacity={0.5}
                      />
                    ),
                  )}
                </>
              )}
              {Object.entries(lines)
                .filter(([name]) => name !== 'histogram')
                .map(([name, line]) => (
                  <polyline
                    key={name}
                    points={pointsOf(times, line, x, y)}
                    fill="none"
                    stroke={INDICATOR_COLORS[name as keyof typeof INDICATOR_COLORS] ?? INDICATOR_COLORS.ma}
                    strokeWidth={1.5}
                    data-testid={`line-${id}-${name}`}
                  />
                ))}
              <text x={left + 4} y={12} fill={theme.color.textMuted} fontSize={10} direction="ltr">
                {title}
              </text>
            </svg>
          </Pane>
        );
      })}
    </>
  );
});

const Pane = styled.div`
  direction: ltr;
  height: ${PANE_HEIGHT}px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  svg {
    display: block;
  }
`;

export type { ChartScale };
