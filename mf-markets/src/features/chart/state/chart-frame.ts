/**
 * What the chart last drew — its scale and its candles — for the layers drawn over and under it (indicators, the
 * trader's levels, the oscillator panes). The chart sets it after each drawing of its history (a new candle, a
 * rescale), never on a tick, and only these layers re-render then: the chart itself does not.
 */
import type { Candle } from '../api/kline';
import type { ChartScale } from './scale';

export type ChartFrame = { scale: ChartScale | null; candles: readonly Candle[] };

export class FrameStore {
  #frame: ChartFrame;
  #listeners = new Set<() => void>();

  constructor(candles: readonly Candle[]) {
    this.#frame = { scale: null, candles };
  }

  get = (): ChartFrame => this.#frame;

  set(frame: ChartFrame): void {
    if (frame.scale === this.#frame.scale && frame.candles === this.#frame.candles) return;
    this.#frame = frame;
    for (const l of this.#listeners) l();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}
