/**
 * The chart's indicators, computed by trading-signals (a maintained, typed indicators library, marked free of side
 * effects in config/webpack.cjs so only these five reach the chart's chunk): moving average, EMA, Bollinger bands drawn over the candles; RSI and MACD
 * in panes of their own under them. Settings are the usual defaults of MT5 and TradingView. One value per candle,
 * `null` until the indicator has enough candles to say something.
 */
import { BollingerBands, EMA, MACD, RSI, SMA } from 'trading-signals';
import { INDICATOR_IDS } from './indicator-choice';
import type { IndicatorChoice } from './indicator-choice';

export const INDICATORS = INDICATOR_IDS;
export type IndicatorId = IndicatorChoice;

/** Drawn over the candles, on the price scale. */
export const OVERLAYS: readonly IndicatorId[] = ['ma', 'ema', 'bb'];
/** Drawn in a pane of their own, on their own scale. */
export const OSCILLATORS: readonly IndicatorId[] = ['rsi', 'macd'];

export const SETTINGS = {
  ma: { period: 20 },
  ema: { period: 20 },
  bb: { period: 20, deviations: 2 },
  rsi: { period: 14, overbought: 70, oversold: 30 },
  macd: { fast: 12, slow: 26, signal: 9 },
} as const;

export type Line = (number | null)[];
/** Each line of an indicator, one value per candle, by name: `ma`, `upper`/`middle`/`lower`, `macd`/`signal`/`histogram`. */
export type IndicatorLines = Record<string, Line>;

/** Runs one indicator over the closes, oldest first. */
export function computeIndicator(id: IndicatorId, closes: readonly number[]): IndicatorLines {
  switch (id) {
    case 'ma':
      return { ma: run(new SMA(SETTINGS.ma.period), closes) };
    case 'ema':
      return { ema: run(new EMA(SETTINGS.ema.period), closes) };
    case 'bb': {
      const bb = new BollingerBands(SETTINGS.bb.period, SETTINGS.bb.deviations);
      const upper: Line = [];
      const middle: Line = [];
      const lower: Line = [];
      for (const c of closes) {
        const r = bb.add(c);
        upper.push(r ? r.upper : null);
        middle.push(r ? r.middle : null);
        lower.push(r ? r.lower : null);
      }
      return { upper, middle, lower };
    }
    case 'rsi':
      return { rsi: run(new RSI(SETTINGS.rsi.period), closes) };
    case 'macd': {
      const { fast, slow, signal } = SETTINGS.macd;
      const m = new MACD(new EMA(fast), new EMA(slow), new EMA(signal));
      const macd: Line = [];
      const sig: Line = [];
      const histogram: Line = [];
      for (const c of closes) {
        const r = m.add(c);
        macd.push(r ? r.macd : null);
        sig.push(r ? r.signal : null);
        histogram.push(r ? r.histogram : null);
      }
      return { macd, signal: sig, histogram };
    }
  }
}

function run(indicator: { add: (v: number) => unknown; isStable: boolean }, closes: readonly number[]): Line {
  return closes.map((c) => {
    const r = indicator.add(c);
    return indicator.isStable && typeof r === 'number' && Number.isFinite(r) ? r : null;
  });
}
