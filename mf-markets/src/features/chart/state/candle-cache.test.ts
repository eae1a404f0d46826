import { attachRealtime, detachRealtime, klineTopic } from '@meridian/shared';
import type { KlineUpdate, RealtimeClient } from '@meridian/shared';
import { mockServer, ok, resetApp } from '@meridian/shared/testing';
import type { Candle } from '../api/kline';
import { keepCandles, keptCandles, MAX_AGE_MS, prefetchCandles, watchCandles } from './candle-cache';

const MIN = 60_000;
const candle = (t: number, c = 100): Candle => ({ Time: t, Open: c, High: c, Low: c, Close: c, Volume: 1 });
const update = (period: string, t: number, c: number): KlineUpdate => ({
  code: 'BTCUSD',
  period,
  Time: t,
  Open: c,
  High: c,
  Low: c,
  Close: c,
  Volume: 1,
});

/** The app's socket, played: topic messages, and its state changes as the bridge hears them. */
function fakeSocket() {
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  const listeners = new Set<(s: string) => void>();
  let status = 'open';
  const client = {
    subscribe(topic: string, h: (data: unknown) => void) {
      const set = handlers.get(topic) ?? new Set();
      handlers.set(topic, set.add(h));
      return () => set.delete(h);
    },
    getStatus: () => status,
    onStatus(l: (s: string) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    ensureOpen: () => undefined,
  };
  attachRealtime(client as unknown as RealtimeClient);
  return {
    emit: (topic: string, data: unknown) => handlers.get(topic)?.forEach((h) => h(data)),
    setStatus(s: string) {
      status = s;
      listeners.forEach((l) => l(s));
    },
  };
}

let socket: ReturnType<typeof fakeSocket>;
let stop: () => void = () => undefined;
beforeEach(() => {
  resetApp();
  socket = fakeSocket();
  stop = watchCandles(7, 'BTCUSD');
});
afterEach(() => {
  stop();
  detachRealtime();
});

describe('the candles kept for a period switch', () => {
  it('follow the KLINE topic: the candle being built and a new one, per period', () => {
    keepCandles(7, '5M', [candle(0), candle(5 * MIN)]);
    keepCandles(7, '1M', [candle(0), candle(MIN)]);
    socket.emit(klineTopic('BTCUSD'), [update('5M', 5 * MIN, 120), update('1M', 2 * MIN, 130)]);
    expect(keptCandles(7, '5M')?.map((c) => c.Close)).toEqual([100, 120]);
    expect(keptCandles(7, '1M')?.map((c) => c.Time)).toEqual([0, MIN, 2 * MIN]);
    // A copy: the chart that takes them owns its buffer.
    keptCandles(7, '5M')!.push(candle(10 * MIN));
    expect(keptCandles(7, '5M')).toHaveLength(2);
  });

  it('are only for the instrument on screen, and go with it', () => {
    keepCandles(7, '5M', [candle(0)]);
    keepCandles(8, '5M', [candle(0)]);
    expect(keptCandles(8, '5M')).toBeUndefined();
    stop();
    expect(keptCandles(7, '5M')).toBeUndefined();
    stop = watchCandles(8, 'ETHUSD');
    expect(keptCandles(7, '5M')).toBeUndefined();
  });

  it('are dropped when the socket changes state (an update may be missed) and when old', () => {
    keepCandles(7, '5M', [candle(0)]);
    socket.setStatus('connecting');
    expect(keptCandles(7, '5M')).toBeUndefined();
    socket.setStatus('open');
    keepCandles(7, '15M', [candle(0)], 1_000);
    expect(keptCandles(7, '15M', 1_000 + MAX_AGE_MS)).toHaveLength(1);
    expect(keptCandles(7, '15M', 1_001 + MAX_AGE_MS)).toBeUndefined();
  });

  it('are not kept while the socket is not open', () => {
    socket.setStatus('closed');
    keepCandles(7, '5M', [candle(0)]);
    expect(keptCandles(7, '5M')).toBeUndefined();
  });

  it('are loaded when idle for the periods not kept, one call each', async () => {
    keepCandles(7, '1M', [candle(0)]);
    const server = mockServer({ '/v1/api/forex/kline': ok([candle(0), candle(MIN)]) });
    await prefetchCandles(7, ['1M', '5M', '15M']);
    expect(server.find('/v1/api/forex/kline').map((r) => r.query.get('period'))).toEqual(['5M', '15M']);
    expect(keptCandles(7, '15M')).toHaveLength(2);
  });
});
