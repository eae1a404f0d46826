/**
 * The chart's live path, apart from apexcharts so it is tested alone. Ticks (KLINE updates and the instrument's
 * quote) only mark the chart dirty; one flush per animation frame, at most every `minIntervalMs`, draws what they
 * changed:
 * - a tick inside the candle being built moves only the live candle and the bid and ask lines (`drawLive`: a few
 *   attributes of a light overlay, the history untouched);
 * - a new candle redraws the history (`redraw`: apexcharts' whole drawing) at the next flush: once a period;
 * - the live candle or a line leaving the drawn price scale redraws it too, at most every `redrawMinIntervalMs`
 *   (the live candle and lines keep moving meanwhile).
 * While the chart is not on screen (a kept-alive page) nothing is drawn; the buffer keeps every update and the
 * first tick after it is back draws them.
 */
import type { KlineUpdate } from '@meridian/shared';
import type { Candle } from '../api/kline';
import { mergeCandle } from './candles';

export type LiveView = {
  /** Draw every candle anew (the costly path). Resolves once drawn. */
  redraw(candles: readonly Candle[]): Promise<unknown>;
  /** Draw the candle being built and the bid and ask lines; false when one is outside the drawn price scale. */
  drawLive(candle: Candle | undefined, bid: number, ask: number): boolean;
  /** Whether the chart is on screen (a hidden kept-alive page is not). */
  visible(): boolean;
};

export type LiveChartOptions = {
  minIntervalMs?: number;
  redrawMinIntervalMs?: number;
  now?: () => number;
  requestFrame?: (cb: () => void) => number;
  cancelFrame?: (id: number) => void;
};

/** Live drawing a few times a second: enough for a price to read as live, little enough for a slow phone. */
export const LIVE_MIN_INTERVAL_MS = 200;
/** The history's whole redraw (a new candle, a price off the scale), at most once a second. */
export const REDRAW_MIN_INTERVAL_MS = 1000;

export class LiveChart {
  private readonly candles: Candle[];
  private bid: number;
  private ask: number;
  /** A new candle: the history moved. */
  private historyDue = false;
  /** A live price outside the drawn scale. */
  private scaleDue = false;
  private liveDue = false;
  private drawing = false;
  private frame: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastFlush = -Infinity;
  private lastRedraw = -Infinity;
  private disposed = false;
  private readonly o: Required<LiveChartOptions>;

  /** `candles`: the candles the view was first drawn with (copied: the chart owns its buffer). */
  constructor(
    candles: readonly Candle[],
    quote: { bid: number; ask: number },
    private readonly view: LiveView,
    options: LiveChartOptions = {},
  ) {
    this.candles = candles.slice();
    this.bid = quote.bid;
    this.ask = quote.ask;
    this.o = {
      minIntervalMs: options.minIntervalMs ?? LIVE_MIN_INTERVAL_MS,
      redrawMinIntervalMs: options.redrawMinIntervalMs ?? REDRAW_MIN_INTERVAL_MS,
      now: options.now ?? (() => performance.now()),
      requestFrame: options.requestFrame ?? ((cb) => requestAnimationFrame(cb)),
      cancelFrame: options.cancelFrame ?? ((id) => cancelAnimationFrame(id)),
    };
  }

  /** The candles as they are now (the last one is being built). */
  get buffer(): readonly Candle[] {
    return this.candles;
  }

  /** KLINE updates of the period shown. */
  pushCandles(updates: readonly KlineUpdate[]): void {
    let changed = false;
    for (const u of updates) {
      const lastTime = this.candles.at(-1)?.Time;
      if (!mergeCandle(this.candles, u)) continue;
      changed = true;
      // A new candle shifts the whole history: only a redraw shows it.
      if (this.candles.at(-1)?.Time !== lastTime) this.historyDue = true;
    }
    if (changed) {
      this.liveDue = true;
      this.schedule();
    }
  }

  /** The instrument's quote (the bid and ask lines). */
  pushQuote(bid: number, ask: number): void {
    if (bid === this.bid && ask === this.ask) return;
    this.bid = bid;
    this.ask = ask;
    this.liveDue = true;
    this.schedule();
  }

  /** The view drew the history (its first draw, or one of ours): put the live candle and lines on it. */
  drawn(): void {
    this.liveDue = true;
    this.schedule();
  }

  dispose(): void {
    this.disposed = true;
    if (this.frame !== null) this.o.cancelFrame(this.frame);
    if (this.timer !== null) clearTimeout(this.timer);
    this.frame = null;
    this.timer = null;
  }

  private schedule(): void {
    if (this.disposed || this.frame !== null || this.timer !== null) return;
    const wait = this.lastFlush + this.o.minIntervalMs - this.o.now();
    if (wait <= 0) this.frame = this.o.requestFrame(() => this.flush());
    else
      this.timer = setTimeout(() => {
        this.timer = null;
        this.schedule();
      }, wait);
  }

  private flush(): void {
    this.frame = null;
    if (this.disposed || this.drawing || !this.view.visible()) return;
    this.lastFlush = this.o.now();
    const scaleDue = this.scaleDue && this.lastFlush - this.lastRedraw >= this.o.redrawMinIntervalMs;
    if (this.historyDue || scaleDue) {
      this.historyDue = false;
      this.scaleDue = false;
      this.liveDue = true;
      this.lastRedraw = this.lastFlush;
      this.drawing = true;
      void this.view.redraw(this.candles).finally(() => {
        this.drawing = false;
        this.schedule();
      });
      return;
    }
    if (this.liveDue) {
      this.liveDue = false;
      if (!this.view.drawLive(this.candles.at(-1), this.bid, this.ask)) this.scaleDue = true;
    }
    // A redraw waiting for its interval: come back for it.
    if (this.scaleDue) this.schedule();
  }
}
