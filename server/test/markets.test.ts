/**
 * Markets over HTTP in both storage modes: the catalogue and its schedule, search, translated categories, klines
 * (history of at least 500 candles per period, consistent), candles aggregated from driven ticks and persisted,
 * DAY_MARKET and KLINE events on the bus, forced prices, USD rates, refusals without any 5xx.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { TOPICS } from '@meridian/shared/pure';
import type { Candle, DayMarketQuote, KlineUpdate, TradeListItem } from '@meridian/shared/pure';
import type { BusEvent } from '../src/realtime/bus';
import { LocalBus } from '../src/realtime/bus';
import { PERIOD_LIST, PERIOD_MS } from '../src/modules/markets/candles';
import type { SimulatedFeed } from '../src/modules/markets/feed';
import type { MarketService } from '../src/modules/markets/service';
import type { Lease } from '../src/realtime/lease';
import { call, createTestApp, MODES, waitFor } from './helpers';
import type { TestApp } from './helpers';

/** Tuesday 2026-11-17 14:00:00 UTC. */
const TUESDAY = Date.UTC(2026, 10, 17, 14, 0, 0);
const SATURDAY = Date.UTC(2026, 10, 21, 12, 0, 0);
const MINUTE = 60_000;

type Row = TradeListItem;
type CandleJson = Candle;

const serviceOf = (t: TestApp) => t.app.services.markets.market as MarketService;
const feedOf = (t: TestApp) => t.app.services.markets.feed as SimulatedFeed;

describe.each(MODES)('markets (%s)', (mode) => {
  let t: TestApp;
  let clock = TUESDAY;

  beforeAll(async () => {
    t = await createTestApp(mode, { now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    clock = TUESDAY;
  });

  it('lists at least 40 instruments in 5 categories with the spec fields', async () => {
    const r = await call<Row[]>(t.app, { method: 'GET', url: '/v1/api/forex/trade_list' });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(1);
    const list = r.body.data;
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(new Set(list.map((i) => i.CategoryId))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(list.map((i) => i.Id)).size).toBe(list.length);
    for (const i of list) {
      expect(i.price).toBeGreaterThan(0);
      expect(i.ask).toBeGreaterThan(i.bid);
      expect(i.Logo).toBe(`/v1/api/forex/logo/${i.Code}.svg`);
      expect(i.PricePrecision).toBeGreaterThanOrEqual(0);
      expect(i.Pip).toBeGreaterThan(0);
      expect(i.ForexMinCont).toBeGreaterThan(0);
      expect(i.ForexContNum).toBeGreaterThan(0);
      expect(i.ForexFeeRate).toBeGreaterThanOrEqual(0);
      expect([1, 2]).toContain(i.MarginMode);
      expect(Array.isArray(i.HasForexMultiple)).toBe(true);
      expect(typeof i.ForexQuotations.Change).toBe('number');
      expect(i.high).toBeGreaterThanOrEqual(i.low);
      for (const k of ['volume', 'open', 'closed'] as const) expect(typeof i[k]).toBe('number');
    }
    // Some fixed margin, most leveraged; one instrument without leverage; JPY/CHF/CAD-quoted pairs.
    const fixed = list.filter((i) => i.MarginMode === 1).length;
    expect(fixed).toBeGreaterThan(0);
    expect(fixed).toBeLessThan(list.length / 2);
    expect(list.filter((i) => i.HasForexMultiple.length === 0).map((i) => i.Code)).toEqual(['XPDUSD']);
    const quotes = new Set(list.map((i) => i.QuoteCurrency));
    for (const c of ['USD', 'JPY', 'CHF', 'CAD']) expect(quotes).toContain(c);
    const eurusd = list.find((i) => i.Code === 'EURUSD');
    expect(eurusd).toMatchObject({ ShowCode: 'EUR/USD', CategoryId: 1, PricePrecision: 5, MarketStatus: 1 });
    expect(eurusd?.price).toBeGreaterThan(0.8);
    expect(eurusd?.price).toBeLessThan(1.6);
  });

  it('serves each logo as SVG and refuses unknown ones', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/v1/api/forex/logo/EURUSD.svg' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('image/svg+xml');
    expect(ok.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const code of ['XAUUSD', 'USOIL', 'NGAS', 'US500', 'BTCUSD']) {
      const r = await t.app.inject({ method: 'GET', url: `/v1/api/forex/logo/${code}.svg` });
      expect(r.statusCode).toBe(200);
    }
    // The bitcoin sign is drawn, not typed: many fonts lack U+20BF and show an empty box.
    const btc = await t.app.inject({ method: 'GET', url: '/v1/api/forex/logo/BTCUSD.svg' });
    expect(btc.body).not.toContain('\u20bf');
    expect(btc.body).toMatch(/>B<\/text>(<rect [^>]+\/>){4}/);
    const bad = await call(t.app, { method: 'GET', url: '/v1/api/forex/logo/NOPE.svg' });
    expect(bad.status).toBe(404);
    expect(bad.body.code).not.toBe(1);
  });

  it('follows the trading schedule: forex closed on Saturday, crypto always open, indices in sessions', async () => {
    const m = serviceOf(t);
    const id = (code: string) => m.instrument(code)?.id as number;
    expect(m.isOpen(id('EURUSD'), TUESDAY)).toBe(true);
    expect(m.isOpen(id('EURUSD'), SATURDAY)).toBe(false);
    expect(m.isOpen(id('EURUSD'), Date.UTC(2026, 10, 20, 21, 59))).toBe(true); // Friday 21:59
    expect(m.isOpen(id('EURUSD'), Date.UTC(2026, 10, 20, 22, 0))).toBe(false); // Friday 22:00
    expect(m.isOpen(id('EURUSD'), Date.UTC(2026, 10, 22, 22, 0))).toBe(true); // Sunday 22:00
    expect(m.isOpen(id('BTCUSD'), SATURDAY)).toBe(true);
    expect(m.isOpen(id('XAUUSD'), Date.UTC(2026, 10, 17, 22, 30))).toBe(false); // daily break
    expect(m.isOpen(id('XAUUSD'), Date.UTC(2026, 10, 17, 23, 30))).toBe(true);
    expect(m.isOpen(id('US500'), Date.UTC(2026, 10, 17, 15, 0))).toBe(true);
    expect(m.isOpen(id('US500'), Date.UTC(2026, 10, 17, 3, 0))).toBe(false);
    expect(m.isOpen(id('JP225'), Date.UTC(2026, 10, 17, 3, 0))).toBe(true);
    clock = SATURDAY;
    const r = await call<Row[]>(t.app, { method: 'GET', url: '/v1/api/forex/trade_list' });
    const status = new Map(r.body.data.map((i) => [i.Code, i.MarketStatus]));
    expect(status.get('EURUSD')).toBe(0);
    expect(status.get('US500')).toBe(0);
    expect(status.get('BTCUSD')).toBe(1);
  });

  it('announces a market that closes or opens by its schedule on DAY_MARKET, though no tick comes', async () => {
    const market = serviceOf(t);
    const events: BusEvent[] = [];
    const unsubscribe = t.app.ctx.bus.subscribe((e) => events.push(e));
    const statusOf = (code: string) =>
      events
        .filter((e) => e.topic === TOPICS.dayMarket)
        .flatMap((e) => e.data as DayMarketQuote[])
        .filter((q) => q.Code === code)
        .map((q) => q.MarketStatus);
    try {
      const friday = Date.UTC(2026, 10, 20, 21, 59);
      clock = friday;
      market.announceStatusChanges(friday);
      await new Promise((r) => setImmediate(r));
      events.length = 0;
      // Nothing changed: nothing announced.
      expect(market.announceStatusChanges(friday + 30_000)).toBe(0);
      // Friday 22:00: forex closes (no more ticks); crypto stays open and is not announced.
      clock = friday + MINUTE;
      expect(market.announceStatusChanges(clock)).toBeGreaterThan(0);
      await new Promise((r) => setImmediate(r));
      expect(statusOf('EURUSD')).toEqual([0]);
      expect(statusOf('BTCUSD')).toEqual([]);
      // Sunday 22:00: open again.
      events.length = 0;
      clock = Date.UTC(2026, 10, 22, 22, 0);
      market.announceStatusChanges(clock);
      await new Promise((r) => setImmediate(r));
      expect(statusOf('EURUSD')).toEqual([1]);
    } finally {
      unsubscribe();
    }
  });

  it('filters by searchCurrency on Code or ShowCode, case-insensitive', async () => {
    const get = async (s: string) =>
      (
        await call<Row[]>(t.app, {
          method: 'GET',
          url: `/v1/api/forex/trade_list?searchCurrency=${encodeURIComponent(s)}`,
        })
      ).body;
    const eur = await get('eur');
    expect(eur.code).toBe(1);
    expect(eur.data.length).toBeGreaterThan(3);
    for (const i of eur.data) expect(`${i.Code} ${i.ShowCode}`.toLowerCase()).toContain('eur');
    expect((await get('EUR/USD')).data.map((i) => i.Code)).toEqual(['EURUSD']);
    expect((await get('xau')).data.map((i) => i.Code)).toEqual(['XAUUSD']);
    expect((await get('zzzz')).data).toEqual([]);
    const all = await get('');
    expect(all.data.length).toBeGreaterThanOrEqual(40);
  });

  it('translates the categories by lang', async () => {
    const en = await call<{ Id: number; NameShowTrans: string }[]>(t.app, {
      method: 'GET',
      url: '/v1/api/forex/getCategories',
    });
    const jp = await call<{ Id: number; NameShowTrans: string }[]>(t.app, {
      method: 'GET',
      url: '/v1/api/forex/getCategories',
      headers: { lang: 'jp' },
    });
    expect(en.body.code).toBe(1);
    expect(en.body.data.map((c) => c.Id)).toEqual([1, 2, 3, 4, 5]);
    expect(en.body.data.map((c) => c.NameShowTrans)).toEqual([
      'Forex',
      'Metals',
      'Energy',
      'Indices',
      'Crypto',
    ]);
    expect(jp.body.data.map((c) => c.Id)).toEqual([1, 2, 3, 4, 5]);
    for (let i = 0; i < 5; i += 1)
      expect(jp.body.data[i]?.NameShowTrans).not.toBe(en.body.data[i]?.NameShowTrans);
  });

  it('answers at least 500 consistent candles per period, oldest first, ending now', async () => {
    for (const code of ['EURUSD', 'US500', 'BTCUSD']) {
      const id = serviceOf(t).instrument(code)?.id as number;
      for (const period of PERIOD_LIST) {
        const r = await call<CandleJson[]>(t.app, {
          method: 'GET',
          url: `/v1/api/forex/kline?forex_id=${id}&period=${period}`,
        });
        expect(r.body.code).toBe(1);
        const c = r.body.data;
        expect(c.length).toBeGreaterThanOrEqual(500);
        for (let i = 0; i < c.length; i += 1) {
          const k = c[i] as CandleJson;
          expect(k.High).toBeGreaterThanOrEqual(Math.max(k.Open, k.Close));
          expect(k.Low).toBeLessThanOrEqual(Math.min(k.Open, k.Close));
          expect(k.Low).toBeGreaterThan(0);
          expect(k.Volume).toBeGreaterThanOrEqual(0);
          expect(k.Time % PERIOD_MS[period]).toBe(0);
          if (i > 0) expect(k.Time).toBeGreaterThan((c[i - 1] as CandleJson).Time);
        }
        const last = c[c.length - 1] as CandleJson;
        expect(last.Time).toBeLessThanOrEqual(TUESDAY);
        if (code !== 'US500')
          expect(last.Time).toBe(Math.floor(TUESDAY / PERIOD_MS[period]) * PERIOD_MS[period]);
        const short = await call<CandleJson[]>(t.app, {
          method: 'GET',
          url: `/v1/api/forex/abbreviated_cache_kline?forex_id=${id}&period=${period}`,
        });
        expect(short.body.code).toBe(1);
        expect(short.body.data.length).toBeGreaterThan(10);
        expect(short.body.data.length).toBeLessThan(c.length);
        expect(short.body.data[short.body.data.length - 1]).toEqual(last);
      }
    }
    const limited = await call<CandleJson[]>(t.app, {
      method: 'GET',
      url: '/v1/api/forex/kline?forex_id=1&period=1H&limit=20',
    });
    expect(limited.body.data).toHaveLength(20);
  });

  it('refuses bad inputs with a translated message and never a 5xx', async () => {
    const cases = [
      '/v1/api/forex/kline',
      '/v1/api/forex/kline?period=1M',
      '/v1/api/forex/kline?forex_id=abc&period=1M',
      '/v1/api/forex/kline?forex_id=99999&period=1M',
      '/v1/api/forex/kline?forex_id=-1&period=1M',
      '/v1/api/forex/kline?forex_id=1',
      '/v1/api/forex/kline?forex_id=1&period=2M',
      '/v1/api/forex/kline?forex_id=1&period=1M&limit=0',
      '/v1/api/forex/kline?forex_id=1&period=1M&limit=99999',
      '/v1/api/forex/kline?forex_id[]=1&period=1M',
      '/v1/api/forex/abbreviated_cache_kline?forex_id=1&period=week',
      '/v1/api/forex/abbreviated_cache_kline?forex_id=12345678901234567890&period=1M',
      '/v1/api/forex/trade_list?category_id=x',
    ];
    for (const url of cases) {
      const r = await call(t.app, { method: 'GET', url });
      expect({ url, status: r.status }).toEqual({ url, status: 200 });
      expect({ url, code: r.body.code === 1 }).toEqual({ url, code: false });
      expect(r.body.msg.length).toBeGreaterThan(3);
    }
    const period = await call(t.app, { method: 'GET', url: '/v1/api/forex/kline?forex_id=1&period=2M' });
    expect(period.body.msg).toBe('The period must be one of 1M, 5M, 15M, 30M, 1H, 1D.');
    const missing = await call(t.app, { method: 'GET', url: '/v1/api/forex/kline?forex_id=99999&period=1M' });
    expect(missing.body).toMatchObject({ code: 1208, msg: 'The instrument does not exist.' });
    const de = await call(t.app, {
      method: 'GET',
      url: '/v1/api/forex/kline?forex_id=99999&period=1M',
      headers: { lang: 'de' },
    });
    expect(de.body.msg).toBe('Das Instrument existiert nicht.');
    // Lower-case periods are accepted.
    const lower = await call(t.app, {
      method: 'GET',
      url: '/v1/api/forex/kline?forex_id=1&period=1h&limit=3',
    });
    expect(lower.body.code).toBe(1);
  });

  it('aggregates driven ticks into candles, persists them, and publishes DAY_MARKET and KLINE', async () => {
    const feed = feedOf(t);
    const market = serviceOf(t);
    const events: BusEvent[] = [];
    const unsubscribe = t.app.ctx.bus.subscribe((e) => events.push(e));
    const ticks: number[] = [];
    const off = market.onTick((q) => {
      if (q.code === 'EURUSD') ticks.push(q.time);
    });
    try {
      const start = TUESDAY + 50_000; // 14:00:50
      clock = start;
      const produced = [...feed.step(start), ...feed.advance(20_000)]; // to 14:01:10, a step every 100 ms
      expect(produced.length).toBeGreaterThan(200);
      clock = start + 20_000;
      await new Promise((r) => setImmediate(r));
      await market.flush();

      // Several ticks a second per instrument.
      const eurusd = produced.filter((p) => p.code === 'EURUSD');
      expect(eurusd.length).toBeGreaterThan(40);
      expect(ticks).toEqual(eurusd.map((p) => p.time));

      const minute = TUESDAY + MINUTE; // 14:01
      const firstAfter = eurusd.find((p) => p.time >= minute);
      const lastTick = eurusd[eurusd.length - 1];
      const rows = await t.app.ctx.db
        .selectFrom('candles')
        .selectAll()
        .where('instrument_id', '=', 1)
        .where('period', '=', '1M')
        .orderBy('time', 'asc')
        .execute();
      const times = rows.map((r) => Number(r.time));
      expect(times).toContain(TUESDAY);
      expect(times).toContain(minute);
      const persisted = rows.find((r) => Number(r.time) === minute);
      const inMinute = eurusd.filter((p) => p.time >= minute).map((p) => p.bid);
      expect(Number(persisted?.open)).toBe(firstAfter?.bid);
      expect(Number(persisted?.close)).toBe(lastTick?.bid);
      expect(Number(persisted?.high)).toBe(Math.max(...inMinute));
      expect(Number(persisted?.low)).toBe(Math.min(...inMinute));

      const k = await call<CandleJson[]>(t.app, {
        method: 'GET',
        url: '/v1/api/forex/kline?forex_id=1&period=1M',
      });
      const last = k.body.data[k.body.data.length - 1];
      expect(last?.Time).toBe(minute);
      expect(last?.Open).toBe(firstAfter?.bid);
      expect(k.body.data[k.body.data.length - 2]?.Time).toBe(TUESDAY);

      // The quote and the day statistics follow the ticks.
      const list = await call<Row[]>(t.app, {
        method: 'GET',
        url: '/v1/api/forex/trade_list?searchCurrency=EURUSD',
      });
      expect(list.body.data[0]?.bid).toBe(lastTick?.bid);
      expect(list.body.data[0]?.ask).toBe(lastTick?.ask);
      expect(list.body.data[0]?.high).toBeGreaterThanOrEqual(Math.max(...inMinute));

      // Events: DAY_MARKET batches with the payload fields, KLINE.{code} with every period.
      const day = events.filter((e) => e.topic === TOPICS.dayMarket);
      expect(day.length).toBeGreaterThan(0);
      expect(day.length).toBeLessThanOrEqual(201); // batched: at most one per step
      const quotes = day.flatMap((e) => e.data as DayMarketQuote[]);
      const q = quotes.filter((x) => x.Code === 'EURUSD').pop();
      expect(q).toMatchObject({
        Id: 1,
        Code: 'EURUSD',
        bid: lastTick?.bid,
        ask: lastTick?.ask,
        price: lastTick?.bid,
        MarketStatus: 1,
        time: lastTick?.time,
      });
      for (const key of ['open', 'closed', 'high', 'low', 'volume', 'change'] as const)
        expect(typeof q?.[key]).toBe('number');
      const kl = events.filter((e) => e.topic === 'KLINE.EURUSD').pop();
      const updates = kl?.data as KlineUpdate[];
      expect(updates.map((u) => u.period)).toEqual(PERIOD_LIST);
      expect(updates[0]).toMatchObject({ code: 'EURUSD', period: '1M', Time: minute, Close: lastTick?.bid });
      expect(events.some((e) => e.topic === 'KLINE.BTCUSD')).toBe(true);
      const marketEvents = events.filter((e) => e.topic === TOPICS.dayMarket || e.topic.startsWith('KLINE.'));
      expect(marketEvents.every((e) => e.userId === undefined)).toBe(true);
    } finally {
      unsubscribe();
      off();
    }
  });

  it('forces a price with setPrice: quote, tick listeners, usdRate', async () => {
    const feed = feedOf(t);
    const market = serviceOf(t);
    const seen: number[] = [];
    const off = market.onTick((q) => {
      if (q.code === 'USDJPY') seen.push(q.bid);
    });
    try {
      const id = market.instrument('USDJPY')?.id as number;
      feed.setPrice('USDJPY', 150, 150.02);
      expect(seen).toEqual([150]);
      expect(market.quote(id)).toMatchObject({ bid: 150, ask: 150.02, code: 'USDJPY', time: clock });
      expect(market.usdRate('JPY')).toBeCloseTo(1 / 150.01, 10);
      expect(market.usdRate('USD')).toBe(1);
      feed.setPrice('EURUSD', 1.2, 1.2002);
      expect(market.usdRate('EUR')).toBeCloseTo(1.2001, 10);
      expect(market.usdRate('CHF')).toBeGreaterThan(1);
      expect(market.usdRate('CAD')).toBeLessThan(1);
      expect(market.usdRate('XYZ')).toBeUndefined();
      // The walk continues from the forced price.
      feed.advance(2_000);
      expect(Math.abs((market.quote(id)?.bid ?? 0) - 150)).toBeLessThan(1);
      expect(() => feed.setPrice('NOPE', 1, 1)).toThrow();
    } finally {
      off();
    }
  });
});

describe('follower node', () => {
  it('serves quotes and current candles from the leader events without running the feed', async () => {
    let clock = TUESDAY;
    const bus = new LocalBus();
    const never: Lease = {
      isLeader: () => false,
      onChange: () => () => undefined,
      start: async () => undefined,
      stop: async () => undefined,
    };
    const leader = await createTestApp('sqlite', { now: () => clock, bus });
    const follower = await createTestApp('sqlite', { now: () => clock, bus, lease: never });
    try {
      clock = TUESDAY + 5_000;
      feedOf(leader).advance(5_000);
      await new Promise((r) => setImmediate(r));
      const lq = serviceOf(leader).quote(1);
      expect(serviceOf(follower).quote(1)).toEqual(lq);
      const a = await call<CandleJson[]>(leader.app, {
        method: 'GET',
        url: '/v1/api/forex/abbreviated_cache_kline?forex_id=1&period=1M&limit=5',
      });
      const b = await call<CandleJson[]>(follower.app, {
        method: 'GET',
        url: '/v1/api/forex/abbreviated_cache_kline?forex_id=1&period=1M&limit=5',
      });
      expect(b.body.data[b.body.data.length - 1]).toEqual(a.body.data[a.body.data.length - 1]);
      expect(follower.app.services.markets.feed.isRunning()).toBe(false);
    } finally {
      await follower.close();
      await leader.close();
    }
  });
});

describe('over the socket', () => {
  it('pushes DAY_MARKET and KLINE.{code} of driven ticks to a subscribed WebSocket client', async () => {
    let clock = TUESDAY;
    const t = await createTestApp('sqlite', { now: () => clock });
    let ws: WebSocket | undefined;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws`);
      const frames: { type: string; topic?: string; data?: unknown }[] = [];
      ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as (typeof frames)[number]));
      await new Promise((r, j) => {
        ws?.on('open', r);
        ws?.on('error', j);
      });
      ws.send(JSON.stringify({ type: 'subscribe', topic: 'DAY_MARKET' }));
      ws.send(JSON.stringify({ type: 'subscribe', topic: 'KLINE.EURUSD' }));
      const has = (type: string, topic: string) => frames.some((f) => f.type === type && f.topic === topic);
      await waitFor(() => has('subscribed', 'DAY_MARKET') && has('subscribed', 'KLINE.EURUSD'), 3000, 'acks');
      clock = TUESDAY + 1_000;
      feedOf(t).setPrice('EURUSD', 1.3, 1.3002);
      await waitFor(() => has('message', 'DAY_MARKET') && has('message', 'KLINE.EURUSD'), 3000, 'frames');
      const day = frames.find((f) => f.type === 'message' && f.topic === 'DAY_MARKET')
        ?.data as DayMarketQuote[];
      expect(day.find((q) => q.Code === 'EURUSD')).toMatchObject({ bid: 1.3, ask: 1.3002, price: 1.3 });
      const kline = frames.find((f) => f.type === 'message' && f.topic === 'KLINE.EURUSD')
        ?.data as KlineUpdate[];
      expect(kline.map((k) => k.period).sort()).toEqual([...PERIOD_LIST].sort());
      expect(kline.every((k) => k.Close === 1.3)).toBe(true);
    } finally {
      ws?.close();
      await t.close();
    }
  });
});
