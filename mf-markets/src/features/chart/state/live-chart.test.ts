import type { KlineUpdate } from '@meridian/shared';
import type { Candle } from '../api/kline';
import { LiveChart } from './live-chart';
import type { LiveView } from './live-chart';

const MIN = 60_000;
const candle = (Time: number, Close = 100): Candle => ({
  Time,
  Open: 100,
  High: Math.max(100, Close),
  Low: Math.min(100, Close),
  Close,
  Volume: 1,
});
const tick = (Time: number, Close: number): KlineUpdate => ({
  code: 'BTCUSD',
  period: '1M',
  Time,
  Open: 100,
  High: Math.max(100, Close),
  Low: Math.min(100, Close),
  Close,
  Volume: 2,
});

/** A chart whose frames and clock the test runs by hand. */
function setup(o: { inside?: boolean } = {}) {
  let now = 0;
  let frames: (() => void)[] = [];
  const view = {
    redraw: jest.fn((_: readonly Candle[]) => Promise.resolve()),
    drawLive: jest.fn((_c: Candle | undefined, _b: number, _a: number) => o.inside ?? true),
    visible: jest.fn(() => true),
  } satisfies LiveView;
  const history = [candle(0), candle(MIN), candle(2 * MIN)];
  const chart = new LiveChart(history, { bid: 100, ask: 101 }, view, {
    now: () => now,
    requestFrame: (cb) => frames.push(cb),
    cancelFrame: () => undefined,
  });
  const frame = () => {
    const run = frames;
    frames = [];
    run.forEach((f) => f());
  };
  return {
    chart,
    view,
    history,
    frame,
    pending: () => frames.length,
    advance: (ms: number) => {
      now += ms;
      jest.advanceTimersByTime(ms);
    },
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the chart live path', () => {
  it('coalesces many ticks in one frame into one draw, and never redraws the history inside the current candle', () => {
    const t = setup();
    for (let i = 1; i <= 50; i++) {
      t.chart.pushCandles([tick(2 * MIN, 100 + i)]);
      t.chart.pushQuote(100 + i, 101 + i);
    }
    expect(t.pending()).toBe(1);
    t.frame();
    expect(t.view.drawLive).toHaveBeenCalledTimes(1);
    // The latest of the fifty: the live candle at 150, the lines at 150 / 151.
    expect(t.view.drawLive).toHaveBeenLastCalledWith(expect.objectContaining({ Close: 150 }), 150, 151);
    expect(t.view.redraw).not.toHaveBeenCalled();
    // The buffer replaced the candle being built; the history is as it was.
    expect(t.chart.buffer).toHaveLength(3);
    expect(t.chart.buffer.slice(0, 2)).toEqual(t.history.slice(0, 2));
  });

  it('draws at most every 200 ms however fast the ticks come, and the last tick is never lost', () => {
    const t = setup();
    t.chart.pushQuote(102, 103);
    t.frame();
    for (let ms = 0; ms < 1000; ms += 50) {
      t.chart.pushCandles([tick(2 * MIN, 100 + ms / 10)]);
      t.advance(50);
      t.frame();
    }
    // 20 ticks over a second: the first draw, then one per 200 ms.
    expect(t.view.drawLive.mock.calls.length).toBeLessThanOrEqual(6);
    t.advance(200);
    t.frame();
    expect(t.view.drawLive).toHaveBeenLastCalledWith(expect.objectContaining({ Close: 195 }), 102, 103);
    expect(t.view.redraw).not.toHaveBeenCalled();
  });

  it('a new candle redraws the history once, with it', async () => {
    const t = setup();
    t.chart.pushCandles([tick(2 * MIN, 105), tick(3 * MIN, 106), tick(3 * MIN, 107)]);
    t.frame();
    expect(t.view.redraw).toHaveBeenCalledTimes(1);
    const drawn = t.view.redraw.mock.calls[0]![0];
    expect(drawn.map((c) => c.Time)).toEqual([0, MIN, 2 * MIN, 3 * MIN]);
    expect(drawn.at(-1)?.Close).toBe(107);
    await Promise.resolve();
    // Ticks inside the new candle go back to the overlay.
    t.advance(200);
    t.chart.pushCandles([tick(3 * MIN, 108)]);
    t.advance(200);
    t.frame();
    expect(t.view.redraw).toHaveBeenCalledTimes(1);
    expect(t.view.drawLive).toHaveBeenLastCalledWith(expect.objectContaining({ Close: 108 }), 100, 101);
  });

  it('a price off the drawn scale redraws, at most once a second', () => {
    const t = setup({ inside: false });
    for (let i = 0; i < 30; i++) {
      t.chart.pushQuote(200 + i, 201 + i);
      t.advance(100);
      t.frame();
    }
    // 3 s of ticks off the scale: a redraw a second at most, not one per tick.
    expect(t.view.redraw.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(t.view.redraw.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('draws nothing while hidden (a kept-alive page), and everything on the first tick back', () => {
    const t = setup();
    t.view.visible.mockReturnValue(false);
    t.chart.pushCandles([tick(3 * MIN, 110)]);
    t.frame();
    expect(t.view.redraw).not.toHaveBeenCalled();
    expect(t.view.drawLive).not.toHaveBeenCalled();
    t.view.visible.mockReturnValue(true);
    t.advance(200);
    t.chart.pushQuote(110, 111);
    t.frame();
    expect(t.view.redraw).toHaveBeenCalledTimes(1);
    expect(t.view.redraw.mock.calls[0]![0].at(-1)?.Close).toBe(110);
  });

  it('stops when disposed', () => {
    const t = setup();
    t.chart.dispose();
    t.chart.pushQuote(120, 121);
    expect(t.pending()).toBe(0);
  });
});
