import type { PayloadOf, Topic } from '../protocol/realtime';
import { realtimeStatusAtom } from '../state/realtime';
import { appStore } from '../state/store';
import * as bridge from './bridge';
import { RealtimeClient } from './socket';
import type { RealtimeStatus, TopicHandler } from './socket';

const stops: Array<() => void> = [];

/** Subscribe through the bridge and remember to release it: the bridge is module-level state by design. */
function track(topic: Topic, handler: TopicHandler): () => void {
  const stop = bridge.subscribe(topic, handler);
  stops.push(stop);
  return stop;
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  bridge.detachRealtime();
});

/** A RealtimeClient stand-in that records what the bridge asks of it. */
class StubClient {
  status: RealtimeStatus = 'idle';
  readonly handlers = new Map<Topic, TopicHandler[]>();
  readonly listeners = new Set<(s: RealtimeStatus) => void>();
  ensureOpen = jest.fn();
  subscribe = jest.fn((topic: Topic, handler: TopicHandler) => {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
    return () => {
      this.handlers.set(
        topic,
        (this.handlers.get(topic) ?? []).filter((h) => h !== handler),
      );
    };
  });
  getStatus(): RealtimeStatus {
    return this.status;
  }
  onStatus(listener: (s: RealtimeStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  setStatus(next: RealtimeStatus): void {
    this.status = next;
    for (const l of this.listeners) l(next);
  }
  emit(topic: Topic, data: unknown): void {
    for (const h of this.handlers.get(topic) ?? []) h(data as PayloadOf<Topic>, topic);
  }
  asClient(): RealtimeClient {
    return this as unknown as RealtimeClient;
  }
}

describe('realtime bridge', () => {
  it('queues subscriptions made before attach and applies them on attach', () => {
    const market = jest.fn();
    const kline = jest.fn();
    track('DAY_MARKET', market);
    track('KLINE.EURUSD', kline);

    const client = new StubClient();
    bridge.attachRealtime(client.asClient());
    expect(client.subscribe.mock.calls.map(([topic]) => topic)).toEqual(['DAY_MARKET', 'KLINE.EURUSD']);

    client.emit('DAY_MARKET', { price: 1 });
    expect(market).toHaveBeenCalledWith({ price: 1 }, 'DAY_MARKET');
    expect(kline).not.toHaveBeenCalled();
  });

  it('does not apply a subscription released before attach', () => {
    const stop = track('FOREX_TRADE', jest.fn());
    stop();
    const client = new StubClient();
    bridge.attachRealtime(client.asClient());
    expect(client.subscribe).not.toHaveBeenCalled();
  });

  it('subscribes directly once attached, and releases on unsubscribe', () => {
    const client = new StubClient();
    bridge.attachRealtime(client.asClient());
    const handler = jest.fn();
    const stop = track('FOREX_CLOSED', handler);
    expect(client.subscribe).toHaveBeenCalledWith('FOREX_CLOSED', handler);
    stop();
    stop();
    client.emit('FOREX_CLOSED', 1);
    expect(handler).not.toHaveBeenCalled();
    expect(client.handlers.get('FOREX_CLOSED')).toEqual([]);
  });

  it('remembers an open request made before attach', () => {
    bridge.ensureRealtimeOpen();
    const client = new StubClient();
    bridge.attachRealtime(client.asClient());
    expect(client.ensureOpen).toHaveBeenCalledTimes(1);
  });

  it('does not open on attach unless asked, and forwards later requests', () => {
    const client = new StubClient();
    bridge.attachRealtime(client.asClient());
    expect(client.ensureOpen).not.toHaveBeenCalled();
    bridge.ensureRealtimeOpen();
    bridge.ensureRealtimeOpen();
    expect(client.ensureOpen).toHaveBeenCalledTimes(2);
  });

  it('mirrors the client status into realtimeStatusAtom', () => {
    expect(appStore.get(realtimeStatusAtom)).toBe('idle');
    const client = new StubClient();
    client.status = 'connecting';
    bridge.attachRealtime(client.asClient());
    expect(appStore.get(realtimeStatusAtom)).toBe('connecting');
    client.setStatus('open');
    expect(appStore.get(realtimeStatusAtom)).toBe('open');
    client.setStatus('closed');
    expect(appStore.get(realtimeStatusAtom)).toBe('closed');
  });

  it('notifies atom subscribers when the status changes', () => {
    const client = new StubClient();
    bridge.attachRealtime(client.asClient());
    const seen: RealtimeStatus[] = [];
    appStore.sub(realtimeStatusAtom, () => seen.push(appStore.get(realtimeStatusAtom)));
    client.setStatus('connecting');
    client.setStatus('open');
    expect(seen).toEqual(['connecting', 'open']);
  });

  it('moves subscriptions and the status to a newly attached client', () => {
    const first = new StubClient();
    bridge.attachRealtime(first.asClient());
    const handler = jest.fn();
    track('DAY_MARKET', handler);

    const second = new StubClient();
    second.status = 'open';
    bridge.attachRealtime(second.asClient());
    expect(first.handlers.get('DAY_MARKET')).toEqual([]);
    expect(second.subscribe).toHaveBeenCalledWith('DAY_MARKET', handler);
    expect(appStore.get(realtimeStatusAtom)).toBe('open');
    first.setStatus('closed');
    expect(appStore.get(realtimeStatusAtom)).toBe('open');
  });

  it('attaching the same client twice changes nothing', () => {
    const client = new StubClient();
    track('DAY_MARKET', jest.fn());
    bridge.attachRealtime(client.asClient());
    bridge.attachRealtime(client.asClient());
    expect(client.subscribe).toHaveBeenCalledTimes(1);
  });

  it('detach keeps subscriptions queued and resets the status', () => {
    const client = new StubClient();
    client.status = 'open';
    const handler = jest.fn();
    track('KLINE.GBPUSD', handler);
    bridge.attachRealtime(client.asClient());
    bridge.detachRealtime();
    expect(client.handlers.get('KLINE.GBPUSD')).toEqual([]);
    expect(appStore.get(realtimeStatusAtom)).toBe('idle');
    client.setStatus('closed');
    expect(appStore.get(realtimeStatusAtom)).toBe('idle');

    const next = new StubClient();
    bridge.attachRealtime(next.asClient());
    expect(next.subscribe).toHaveBeenCalledWith('KLINE.GBPUSD', handler);
  });

  it('works end to end with the real client', () => {
    jest.useFakeTimers();
    try {
      const sent: string[] = [];
      const created: MiniSocket[] = [];
      class MiniSocket {
        onopen: (() => void) | null = null;
        onmessage: ((e: { data: string }) => void) | null = null;
        onclose: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor() {
          created.push(this);
        }
        send(data: string): void {
          sent.push(data);
        }
        close(): void {}
      }
      const client = new RealtimeClient({
        url: () => 'ws://localhost:4000/v1/ws',
        getToken: () => null,
        WebSocketImpl: MiniSocket as unknown as typeof WebSocket,
        logger: { debug: jest.fn(), warn: jest.fn() },
      });
      const handler = jest.fn();
      track('DAY_MARKET', handler);
      bridge.ensureRealtimeOpen();
      bridge.attachRealtime(client);
      expect(appStore.get(realtimeStatusAtom)).toBe('connecting');
      expect(created).toHaveLength(1);
      const s = created[0];
      if (!s) throw new Error('no socket');
      s.onopen?.();
      expect(appStore.get(realtimeStatusAtom)).toBe('open');
      expect(sent.map((m) => JSON.parse(m))).toEqual([{ type: 'subscribe', topic: 'DAY_MARKET' }]);
      s.onmessage?.({ data: JSON.stringify({ type: 'message', topic: 'DAY_MARKET', data: { price: 2 } }) });
      expect(handler).toHaveBeenCalledWith({ price: 2 }, 'DAY_MARKET');
      client.close();
      expect(appStore.get(realtimeStatusAtom)).toBe('closed');
    } finally {
      jest.useRealTimers();
    }
  });
});
