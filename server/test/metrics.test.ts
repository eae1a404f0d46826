/**
 * GET /metrics (docs/ops.md#metrics): the Prometheus text format, who may read it (loopback, a bearer token, nobody
 * else), the request histogram by route pattern, the socket, feed, engine and queue figures, and that no user data
 * ever appears in it.
 */
import { TOPICS } from '@meridian/shared/pure';
import { ConfigError, loadConfig } from '../src/config';
import { call, createDemo, createTestApp, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';
import { FakeMarket } from './support/fake-market';
import { TRON, uploadProof } from './support/funds';
import { dayQuote } from './support/payloads';
import { connect, listen } from './support/ws';

type Sample = { name: string; labels: Record<string, string>; value: number };
type Scrape = { text: string; samples: Sample[]; types: Map<string, string> };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parse the text exposition format strictly: every line a comment of a known kind or a sample of a typed family. */
function parse(text: string): Scrape {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const helps = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') types.set(comment[2]!, comment[3]!);
      else helps.add(comment[2]!);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = m[2] ?? '';
    for (const l of body.matchAll(LABEL)) labels[l[1]!] = l[2]!;
    if (body.replace(LABEL, '').replace(/,/g, '') !== '') throw new Error(`bad labels: ${line}`);
    // Values as Prometheus reads them (Go's ParseFloat): a number, +Inf/-Inf, or NaN in any case (prom-client
    // writes "Nan" for an event-loop mean not measured yet).
    const raw = m[3]!;
    const value = /^nan$/i.test(raw)
      ? NaN
      : /^[+-]inf$/i.test(raw)
        ? Number(`${raw[0]}1`) * Infinity
        : Number(raw);
    if (Number.isNaN(value) && !/^nan$/i.test(raw)) throw new Error(`bad value: ${line}`);
    const family = m[1]!.replace(/_(bucket|sum|count|total)$/, '');
    if (!types.has(m[1]!) && !types.has(family)) throw new Error(`sample without # TYPE: ${line}`);
    if (!helps.has(m[1]!) && !helps.has(family)) throw new Error(`sample without # HELP: ${line}`);
    samples.push({ name: m[1]!, labels, value });
  }
  return { text, samples, types };
}

async function scrape(t: TestApp, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) {
  const r = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
  if (r.statusCode !== 200) throw new Error(`scrape answered ${r.statusCode}: ${r.body}`);
  return { ...parse(r.body), contentType: String(r.headers['content-type']) };
}

/** The value of one sample (labels matched exactly as given, others ignored); undefined when absent. */
function value(s: Scrape, name: string, labels: Record<string, string> = {}): number | undefined {
  return s.samples.find((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v))
    ?.value;
}

describe.each(MODES)('GET /metrics (%s)', (mode) => {
  let t: TestApp;
  let clock = Date.now();
  const market = new FakeMarket();
  market.now = () => clock;

  beforeAll(async () => {
    t = await createTestApp(mode, { market, now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the Prometheus text format: typed, documented families, process figures included', async () => {
    const s = await scrape(t);
    expect(s.contentType).toMatch(/^text\/plain; version=0\.0\.4(;|$)/);
    for (const family of [
      'meridian_http_request_duration_seconds',
      'meridian_engine_tick_evaluation_seconds',
      'meridian_ws_open_sockets',
      'meridian_ws_users_online',
      'meridian_ws_frames_sent',
      'meridian_feed_tick_age_seconds',
      'meridian_leader',
      'meridian_queue_length',
      'meridian_queue_oldest_age_seconds',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect([family, s.types.get(family) ?? s.types.get(`${family}_total`)]).toEqual([
        family,
        expect.stringMatching(/^(counter|gauge|histogram)$/),
      ]);
    }
    expect(s.types.get('meridian_http_request_duration_seconds')).toBe('histogram');
    expect(s.types.get('meridian_ws_frames_sent_total')).toBe('counter');
    expect(value(s, 'meridian_leader')).toBe(1);
  });

  it('counts a trader call under its route pattern, method and status class, never the raw URL', async () => {
    const u = await registerUser(t.app);
    const before = await scrape(t);
    const labels = { route: '/api/user/info', method: 'GET', status_class: '2xx' };
    const count = (s: Scrape) => value(s, 'meridian_http_request_duration_seconds_count', labels) ?? 0;
    for (let i = 0; i < 3; i++) {
      expect(
        (await call(t.app, { method: 'GET', url: '/api/user/info?t=123', token: u.token })).body.code,
      ).toBe(1);
    }
    const after = await scrape(t);
    expect(count(after) - count(before)).toBe(3);
    expect(value(after, 'meridian_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      count(after),
    );

    // A path parameter stays a pattern; an unknown path is "(unmatched)", whatever it was.
    const name = (await uploadProof(t.app, u.token)).split('/').pop()!;
    await call(t.app, { method: 'GET', url: `/api/common/upload/${name}`, token: u.token });
    await t.app.inject({ method: 'GET', url: '/api/no-such-call/zq7xk' });
    const s = await scrape(t);
    expect(
      value(s, 'meridian_http_request_duration_seconds_count', {
        route: '/api/common/upload/:name',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBe(1);
    expect(
      value(s, 'meridian_http_request_duration_seconds_count', {
        route: '(unmatched)',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(s.text).not.toContain(name);
    expect(s.text).not.toContain('zq7xk');
    expect(s.text).not.toContain('t=123');
    const routes = new Set(
      s.samples.filter((x) => x.name.startsWith('meridian_http_')).map((x) => x.labels.route),
    );
    for (const r of routes) expect(r).toMatch(/^(\/[^?]*|\(unmatched\))$/);
  });

  it('is open to loopback only: another address, or a request a proxy forwarded, gets the unknown-route answer', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ url: '/metrics', remoteAddress })).statusCode).toBe(200);
    }
    for (const [remoteAddress, headers] of [
      ['10.0.0.7', {}],
      ['203.0.113.9', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.9' }],
      // Without a configured token a bearer header opens nothing.
      ['10.0.0.7', { authorization: 'Bearer anything-at-all-anything-at-all' }],
    ] as const) {
      const r = await t.app.inject({ url: '/metrics', remoteAddress, headers: { ...headers, lang: 'en' } });
      expect([remoteAddress, r.statusCode]).toEqual([remoteAddress, 404]);
      expect(r.json()).toEqual({ code: 1002, msg: expect.any(String), data: null });
      expect(r.body).not.toContain('meridian_');
    }
  });

  it('puts each instrument open now with its tick age, and times the engine on every tick', async () => {
    const before = value(await scrape(t), 'meridian_engine_tick_evaluation_seconds_count') ?? 0;
    market.setPrice('EURUSD', 1.1, 1.1002);
    market.setPrice('XAUUSD', 2400, 2400.5);
    market.setOpen('XAUUSD', false);
    clock += 3000;
    const s = await scrape(t);
    expect(value(s, 'meridian_engine_tick_evaluation_seconds_count')).toBe(before + 2);
    expect(value(s, 'meridian_feed_tick_age_seconds', { instrument: 'EURUSD' })).toBe(3);
    expect(value(s, 'meridian_feed_tick_age_seconds', { instrument: 'XAUUSD' })).toBeUndefined();
    market.setOpen('XAUUSD', true);
  });

  it('shows a new pending deposit in the queue gauge (counted at most once per 5 s)', async () => {
    const queued = (s: Scrape) => value(s, 'meridian_queue_length', { queue: 'funds.deposits' });
    clock += 10_000;
    const empty = await scrape(t);
    expect(queued(empty)).toBe(0);
    expect(value(empty, 'meridian_queue_oldest_age_seconds', { queue: 'funds.deposits' })).toBe(0);
    for (const queue of ['funds.withdrawals', 'kyc.waiting', 'support.open']) {
      expect([queue, value(empty, 'meridian_queue_length', { queue })]).toEqual([queue, expect.any(Number)]);
    }

    const u = await registerUser(t.app);
    const net = (await call(t.app, { method: 'GET', url: '/api/quickCharge/info', token: u.token })).body
      .data[0];
    const qs = new URLSearchParams({
      number: '100',
      proofImg: await uploadProof(t.app, u.token),
      address: TRON,
      charge_id: String(net.id),
    });
    const r = await call(t.app, { method: 'GET', url: `/api/quickCharge/submit?${qs}`, token: u.token });
    expect(r.body.code).toBe(1);

    // Within the cache's life the count is the one read before; once it has passed, the new deposit is there.
    expect(queued(await scrape(t))).toBe(0);
    clock += 5000;
    const later = await scrape(t);
    expect(queued(later)).toBe(1);
    expect(value(later, 'meridian_queue_oldest_age_seconds', { queue: 'funds.deposits' })).toBe(5);
  });

  it('counts open sockets and frames sent by kind', async () => {
    const url = await listen(t);
    const frames = (s: Scrape, kind: string) => value(s, 'meridian_ws_frames_sent_total', { kind }) ?? 0;
    const before = await scrape(t);
    const ws = await connect(url);
    await ws.barrier();
    ws.send({ type: 'subscribe', topic: TOPICS.dayMarket });
    await ws.next((m) => m.type === 'subscribed');
    t.app.ctx.bus.publish({ topic: TOPICS.dayMarket, data: [dayQuote('EURUSD', 1.1)] });
    await ws.next((m) => m.type === 'message' && m.topic === TOPICS.dayMarket);
    const open = await scrape(t);
    expect(value(open, 'meridian_ws_open_sockets')).toBe(1);
    expect(frames(open, 'other') - frames(before, 'other')).toBe(2); // pong, subscribed
    expect(frames(open, 'market') - frames(before, 'market')).toBe(1);
    ws.ws.close();
    await ws.closed;
    let after = await scrape(t);
    for (let i = 0; i < 100 && value(after, 'meridian_ws_open_sockets') !== 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await scrape(t);
    }
    expect(value(after, 'meridian_ws_open_sockets')).toBe(0);
  });

  it('carries no user data: no e-mail, token, uid, proof name or client address', async () => {
    const u = await registerUser(t.app);
    const demo = await createDemo(t.app);
    const info = await call(t.app, { method: 'GET', url: '/api/user/info', token: u.token });
    await call(t.app, {
      method: 'POST',
      url: '/api/user/loginForU',
      form: { account: u.email, password: 'wrong-password-1' },
      remoteAddress: '198.51.100.23',
    });
    const s = await scrape(t);
    for (const secret of [
      u.email,
      u.email.split('@')[0]!,
      u.token,
      demo.token,
      demo.demo_id,
      String(info.body.data.uid),
      '198.51.100.23',
    ]) {
      expect([secret, s.text.includes(secret)]).toEqual([secret, false]);
    }
    const labelNames = new Set(s.samples.flatMap((x) => Object.keys(x.labels)));
    expect([...labelNames].filter((l) => !['le', 'quantile'].includes(l)).sort()).toEqual(
      expect.arrayContaining(['instrument', 'kind', 'method', 'queue', 'route', 'status_class']),
    );
    const allowed = new Set([
      'le',
      'instrument',
      'kind',
      'method',
      'queue',
      'route',
      'status_class',
      // prom-client's process figures
      'version',
      'major',
      'minor',
      'patch',
      'space',
      'type',
    ]);
    expect([...labelNames].filter((l) => !allowed.has(l))).toEqual([]);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'mtok_7f3a9c0e4b2d8f61a5c3e9b7d0f2a4c6';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { metricsToken: token });
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens to any address with the bearer token; a wrong token is 403, none 404; loopback stays open', async () => {
    const from = (remoteAddress: string, authorization?: string) =>
      t.app.inject({
        url: '/metrics',
        remoteAddress,
        headers: authorization ? { authorization, lang: 'en' } : { lang: 'en' },
      });
    const ok = await from('203.0.113.9', `Bearer ${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('meridian_http_request_duration_seconds');
    expect(ok.body).not.toContain(token);
    expect((await from('203.0.113.9', `bearer ${token}`)).statusCode).toBe(200);

    const wrong = await from('203.0.113.9', `Bearer ${token.slice(0, -1)}x`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 1003, msg: expect.any(String), data: null });
    // The token is no session token: a raw one (how traders send theirs) is not read as the metrics token.
    expect((await from('203.0.113.9', token)).statusCode).toBe(404);
    expect((await from('203.0.113.9')).statusCode).toBe(404);
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    // A wrong token is refused from loopback too: the scraper's mistake shows.
    expect((await from('127.0.0.1', 'Bearer nope')).statusCode).toBe(403);
  });

  it('refuses a short or spaced METRICS_TOKEN at start-up, takes a long one, none by default', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'a b c d e f g h i j k l m n o p' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });
});
