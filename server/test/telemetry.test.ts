/**
 * Release health (docs/ops.md#release-health): the host's beacons (`POST /api/telemetry/remotes`) aggregated per
 * minute and remote version, read back by `versionHealth` / `liveHealth` (the canary's automatic abort uses them),
 * the back office's `GET /api/ops/remotes/health` and `/metrics`. Refusals (malformed, oversized, unknown remote or
 * version, hostile numbers, foreign origin, too many) answer the envelope and store nothing; what is stored names
 * nobody. Both storage modes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RemoteHealthBeacon, RemoteHealthItem } from '@meridian/shared/pure';
import { liveHealth, versionHealth } from '../src/modules/telemetry/health';
import { pruneTelemetry, TELEMETRY_KEEP_MS } from '../src/modules/telemetry/repository';
import { bucketOf, bucketUpper, p75 } from '../src/modules/telemetry/buckets';
import { call, createTestApp, HIGH_LIMITS, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';
import { createOpsUser } from './support/ops';

const URL_ = '/api/telemetry/remotes';
const V1 = '20261101-120000-aaaaaaaaaa';
const V2 = '20261102-120000-bbbbbbbbbb';
const S1 = 'AAAAAAAAAAAAAAAAAAAAA1';
const S2 = 'AAAAAAAAAAAAAAAAAAAAA2';
const DEVICE = 'DDDDDDDDDDDDDDDDDDDDDD';
const TABLES = ['telemetry_counts', 'telemetry_sessions', 'telemetry_vitals', 'telemetry_errors'] as const;

function writeRegistry(staticDir: string) {
  fs.mkdirSync(staticDir, { recursive: true });
  const entry = (current: string, versions: string[]) => ({
    current,
    versions: versions.map((version) => ({ version, hash: version.slice(-10) })),
    history: [],
  });
  fs.writeFileSync(
    path.join(staticDir, 'remotes.json'),
    JSON.stringify({ remotes: { 'mf-orders': entry(V1, [V1, V2]), 'mf-support': entry(V1, [V1]) } }),
  );
}

function item(over: Partial<RemoteHealthItem> = {}): RemoteHealthItem {
  return {
    remote: 'mf-orders',
    version: V1,
    loads: 1,
    render_errors: 0,
    unhandled_errors: 0,
    chunk_failures: 0,
    vitals: [],
    errors: [],
    ...over,
  };
}

const beacon = (items: RemoteHealthItem[], session = S1): RemoteHealthBeacon => ({
  session,
  device: DEVICE,
  items,
});

type SendOptions = { type?: string; ip?: string; origin?: string; headers?: Record<string, string> };

/** POST a beacon as sendBeacon does: a text/plain body (or `type`). */
async function send(t: TestApp, body: unknown, o: SendOptions = {}) {
  const r = await t.app.inject({
    method: 'POST',
    url: URL_,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: o.ip ?? '127.0.0.1',
    headers: {
      'content-type': o.type ?? 'text/plain;charset=UTF-8',
      lang: 'en',
      ...(o.origin ? { origin: o.origin, host: 'app.example.com' } : {}),
      ...o.headers,
    },
  });
  return { status: r.statusCode, body: r.json() as { code: number; msg: string; data: unknown } };
}

async function rowCount(t: TestApp): Promise<number> {
  let n = 0;
  for (const table of TABLES) {
    const r = await t.app.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    n += Number(r.n);
  }
  return n;
}

async function allRows(t: TestApp): Promise<string> {
  const out: unknown[] = [];
  for (const table of TABLES) out.push(await t.app.ctx.db.selectFrom(table).selectAll().execute());
  return JSON.stringify(out);
}

describe('histogram buckets', () => {
  it('read back a p75 at or above the true value, by at most 8 %', () => {
    for (const name of ['LCP', 'INP', 'CLS'] as const) {
      const values =
        name === 'CLS' ? [0, 0.004, 0.02, 0.05, 0.1, 0.31, 2.5] : [12, 80, 230, 1900, 2500, 4100];
      for (const v of values) {
        const up = bucketUpper(name, bucketOf(name, v));
        expect(up).toBeGreaterThanOrEqual(v === 0 ? 0 : v);
        if (v > 0.01) expect(up).toBeLessThanOrEqual(v * 1.08 + 1e-9);
      }
    }
    // 8 values: the 6th (rank ceil(0.75 × 8)) is the p75.
    const counts = new Map<number, number>();
    for (const v of [100, 200, 300, 400, 500, 2400, 7000, 9000]) {
      const b = bucketOf('LCP', v);
      counts.set(b, (counts.get(b) ?? 0) + 1);
    }
    const got = p75('LCP', counts)!;
    expect(got).toBeGreaterThanOrEqual(2400);
    expect(got).toBeLessThanOrEqual(2400 * 1.08);
    expect(p75('LCP', new Map())).toBeNull();
    expect(p75('CLS', new Map([[0, 3]]))).toBe(0);
  });
});

describe.each(MODES)('release health beacons (%s)', (mode) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(mode);
    writeRegistry(t.config.staticDir);
  });
  afterEach(async () => {
    await t.close();
  });

  it('aggregates valid beacons per remote version: sessions, counters, error sessions, p75s, last errors', async () => {
    const frame = `Page (https://app.example.com/remotes/mf-orders/${V1}/12.js?v=secret:1:345)`;
    const a = await send(
      t,
      beacon([
        item({
          loads: 2,
          render_errors: 1,
          vitals: [
            { name: 'LCP', value: 1800 },
            { name: 'INP', value: 120 },
            { name: 'CLS', value: 0.05 },
          ],
          errors: [{ kind: 'render', message: 'TypeError: x is undefined', frame }],
        }),
        item({ version: V2, loads: 1 }),
      ]),
    );
    expect(a).toEqual({ status: 200, body: { code: 1, msg: expect.any(String), data: null } });
    // The same tab again (one session), then a second tab, as application/json.
    expect((await send(t, beacon([item({ loads: 1 })]))).body.code).toBe(1);
    const b = await send(t, beacon([item({ loads: 1, vitals: [{ name: 'LCP', value: 3000 }] })], S2), {
      type: 'application/json',
    });
    expect(b.body).toMatchObject({ code: 1 });

    const now = t.app.ctx.now();
    const h = await versionHealth(t.app.ctx.db, 'mf-orders', V1, now - 3_600_000, now);
    expect(h).toEqual({
      remote: 'mf-orders',
      version: V1,
      sessions: 2,
      loads: 4,
      renderErrors: 1,
      unhandledErrors: 0,
      chunkFailures: 0,
      errorSessions: 1,
      lcpP75: expect.any(Number),
      inpP75: expect.any(Number),
      cls75: expect.any(Number),
      lastErrors: [
        {
          message: 'TypeError: x is undefined',
          // Reduced to the remote's own frame: no origin, no query.
          frame: `Page (/remotes/mf-orders/${V1}/12.js:1:345)`,
          at: expect.any(Number),
        },
      ],
    });
    // p75 of [1800, 3000] is 3000 (rank 2 of 2), read from its bucket: at most 8 % above.
    expect(h.lcpP75).toBeGreaterThanOrEqual(3000);
    expect(h.lcpP75).toBeLessThanOrEqual(3240);
    expect(h.inpP75).toBeGreaterThanOrEqual(120);
    expect(h.cls75).toBeGreaterThanOrEqual(0.05);

    const live = await liveHealth(t.app.ctx.db, 'mf-orders', now - 3_600_000, now);
    expect(live.map((x) => [x.version, x.sessions, x.loads])).toEqual([
      [V2, 1, 1],
      [V1, 2, 4],
    ]);
    expect(await liveHealth(t.app.ctx.db, 'mf-support', now - 3_600_000, now)).toEqual([]);
    // A version nobody reported on: zeros, not an error.
    expect(await versionHealth(t.app.ctx.db, 'mf-support', V1, now - 60_000, now)).toMatchObject({
      sessions: 0,
      loads: 0,
      errorSessions: 0,
      lcpP75: null,
      lastErrors: [],
    });
  });

  it('refuses malformed, oversized, unknown and hostile beacons with the envelope, storing nothing', async () => {
    const ok = beacon([item()]);
    const withItem = (over: Record<string, unknown>) => ({ ...ok, items: [{ ...item(), ...over }] });
    const cases: [string, unknown, number][] = [
      ['not JSON', '{"session":', 1001],
      ['not an object', '[1,2,3]', 1001],
      ['empty', '', 1001],
      ['no items', { ...ok, items: [] }, 1001],
      ['an unknown field', { ...ok, user: 'x@example.com' }, 1001],
      ['an unknown field in an item', withItem({ token: 'abc' }), 1001],
      ['a bad session id', { ...ok, session: 'short' }, 1001],
      ['a bad device id', { ...ok, device: 'x'.repeat(40) }, 1001],
      ['an unknown remote', withItem({ remote: 'mf-nope' }), 1001],
      ['a version of another shape', withItem({ version: '../../etc' }), 1001],
      ['a version never published', withItem({ version: '20261103-120000-cccccccccc' }), 1001],
      ['a version of another remote', { ...ok, items: [item({ remote: 'mf-support', version: V2 })] }, 1001],
      [
        '1e308 loads',
        '{"session":"' +
          S1 +
          '","device":"' +
          DEVICE +
          '","items":[{"remote":"mf-orders","version":"' +
          V1 +
          '","loads":1e308,"render_errors":0,"unhandled_errors":0,"chunk_failures":0,"vitals":[],"errors":[]}]}',
        1001,
      ],
      [
        'NaN loads',
        '{"session":"' +
          S1 +
          '","device":"' +
          DEVICE +
          '","items":[{"remote":"mf-orders","version":"' +
          V1 +
          '","loads":NaN,"render_errors":0,"unhandled_errors":0,"chunk_failures":0,"vitals":[],"errors":[]}]}',
        1001,
      ],
      [
        '-0 loads',
        '{"session":"' +
          S1 +
          '","device":"' +
          DEVICE +
          '","items":[{"remote":"mf-orders","version":"' +
          V1 +
          '","loads":-0,"render_errors":0,"unhandled_errors":0,"chunk_failures":0,"vitals":[],"errors":[]}]}',
        1001,
      ],
      ['negative', withItem({ chunk_failures: -1 }), 1001],
      ['a fraction', withItem({ loads: 1.5 }), 1001],
      ['a count as text', withItem({ loads: '1' }), 1001],
      ['over the count limit', withItem({ loads: 1001 }), 1001],
      ['a vital of 1e-308', withItem({ vitals: [{ name: 'CLS', value: 1e-308 }] }), 1001],
      [
        'a vital with 30 decimals',
        '{"session":"' +
          S1 +
          '","device":"' +
          DEVICE +
          '","items":[{"remote":"mf-orders","version":"' +
          V1 +
          '","loads":1,"render_errors":0,"unhandled_errors":0,"chunk_failures":0,"vitals":[{"name":"CLS","value":0.123456789012345678901234567890}],"errors":[]}]}',
        1001,
      ],
      ['a vital over its range', withItem({ vitals: [{ name: 'LCP', value: 120_001 }] }), 1001],
      ['an LCP with a fraction', withItem({ vitals: [{ name: 'LCP', value: 1800.5 }] }), 1001],
      ['an unknown vital', withItem({ vitals: [{ name: 'FID', value: 10 }] }), 1001],
      [
        'too many vitals',
        withItem({ vitals: Array.from({ length: 13 }, () => ({ name: 'INP', value: 8 })) }),
        1001,
      ],
      [
        'too many errors',
        withItem({
          errors: Array.from({ length: 6 }, () => ({ kind: 'render', message: 'x', frame: null })),
        }),
        1001,
      ],
      ['an unknown error kind', withItem({ errors: [{ kind: 'boom', message: 'x', frame: null }] }), 1001],
      ['too many items', { ...ok, items: Array.from({ length: 11 }, () => item()) }, 1001],
    ];
    for (const [what, body, code] of cases) {
      const r = await send(t, body);
      expect([what, r.body.code, r.body.data]).toEqual([what, code, null]);
      expect(r.body.msg).not.toBe('');
    }
    // Over 16 KB: refused before it is read (413, 1005).
    const big = await send(t, { ...ok, pad: 'x'.repeat(17 * 1024) });
    expect([big.status, big.body.code]).toEqual([413, 1005]);
    // A page of another site posting beacons: 1003.
    const foreign = await send(t, ok, { origin: 'https://evil.example.net' });
    expect(foreign.body.code).toBe(1003);
    // Another content type than a beacon's.
    const form = await t.app.inject({
      method: 'POST',
      url: URL_,
      payload: 'session=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
    });
    expect(form.json().code).toBe(1001);
    expect(await rowCount(t)).toBe(0);

    // The same site's page (its own origin) is taken.
    expect((await send(t, ok, { origin: 'https://app.example.com' })).body.code).toBe(1);
    expect(await rowCount(t)).toBeGreaterThan(0);
  });

  it('keeps nothing personal: no IP, user, token, device or raw tab id; messages and frames cleaned', async () => {
    const user = await registerUser(t.app);
    const r = await send(
      t,
      beacon([
        item({
          unhandled_errors: 1,
          errors: [
            {
              kind: 'unhandled',
              message: `Failed to load https://app.example.com/api/user/info?token=${user.token} for ${user.email} uid 12345678 ${user.token}`,
              frame: `at https://app.example.com/remotes/mf-orders/${V1}/7.js?x=${user.email}:2:10`,
            },
            // A frame of another remote version is not kept; control characters (NUL) are not stored.
            { kind: 'unhandled', message: 'x\u0000', frame: `at /remotes/mf-support/${V1}/1.js:1:1` },
          ],
        }),
      ]),
      { ip: '203.0.113.77', headers: { authorization: user.token } },
    );
    expect(r.body.code).toBe(1);
    const stored = await allRows(t);
    for (const secret of ['203.0.113.77', user.token, user.email, '12345678', S1, DEVICE]) {
      expect([secret, stored.includes(secret)]).toEqual([secret, false]);
    }
    const errors = await t.app.ctx.db.selectFrom('telemetry_errors').selectAll().orderBy('message').execute();
    expect(errors.map((e) => [e.message, e.frame])).toEqual([
      ['Failed to load /api/user/info for [email] uid [n] [id]', `/remotes/mf-orders/${V1}/7.js:2:10`],
      ['x', null],
    ]);
    const columns = Object.keys(errors[0]!).concat(
      Object.keys(
        (await t.app.ctx.db.selectFrom('telemetry_sessions').selectAll().executeTakeFirstOrThrow())!,
      ),
    );
    expect(columns.filter((c) => /ip|user|device|token|email/i.test(c))).toEqual([]);
  });

  it('counts whole minutes of the window, and deletes minutes older than the retention', async () => {
    let clock = Date.UTC(2026, 10, 27, 10, 0, 30);
    const t2 = await createTestApp(mode, { now: () => clock });
    try {
      writeRegistry(t2.config.staticDir);
      expect((await send(t2, beacon([item({ loads: 3 })]))).body.code).toBe(1);
      clock += 2 * 3_600_000;
      expect((await send(t2, beacon([item({ loads: 1 })], S2))).body.code).toBe(1);
      const db = t2.app.ctx.db;
      // The last hour holds the second beacon only; the window from 10:00:59 starts at the 10:00 minute.
      expect(await versionHealth(db, 'mf-orders', V1, clock - 3_600_000, clock)).toMatchObject({
        sessions: 1,
        loads: 1,
      });
      expect(
        await versionHealth(db, 'mf-orders', V1, Date.UTC(2026, 10, 27, 10, 0, 59), clock),
      ).toMatchObject({ sessions: 2, loads: 4 });
      await pruneTelemetry(db, clock - 3_600_000);
      expect(await versionHealth(db, 'mf-orders', V1, 0, clock)).toMatchObject({ sessions: 1, loads: 1 });
      expect(TELEMETRY_KEEP_MS).toBe(14 * 24 * 3_600_000);
    } finally {
      await t2.close();
    }
  });

  it('the back office reads each live version with its error rate, the current one always', async () => {
    await send(t, beacon([item({ version: V2, loads: 1, chunk_failures: 1 })], S1));
    await send(t, beacon([item({ version: V2, loads: 1 })], S2));
    const admin = await createOpsUser(t.app, ['admin']);
    const r = await call(t.app, {
      method: 'GET',
      url: '/api/ops/remotes/health?window=15',
      token: admin.token,
    });
    expect(r.body.code).toBe(1);
    expect(r.body.data.window_minutes).toBe(15);
    const orders = r.body.data.remotes.find((x: { remote: string }) => x.remote === 'mf-orders');
    expect(orders.current).toBe(V1);
    expect(orders.versions.map((v: { version: string; current: boolean }) => [v.version, v.current])).toEqual(
      [
        [V2, false],
        [V1, true],
      ],
    );
    expect(orders.versions[0]).toMatchObject({
      sessions: 2,
      error_sessions: 1,
      error_rate: 0.5,
      chunk_failures: 1,
    });
    expect(orders.versions[1]).toMatchObject({ sessions: 0, error_rate: null });
    const bad = await call(t.app, {
      method: 'GET',
      url: '/api/ops/remotes/health?window=7',
      token: admin.token,
    });
    expect(bad.body.code).toBe(1001);
    const support = await createOpsUser(t.app, ['support']);
    const no = await call(t.app, { method: 'GET', url: '/api/ops/remotes/health', token: support.token });
    expect(no.body.code).toBe(1301);
  });

  it('shows release health on /metrics: events by remote version and kind, sessions of the last hour', async () => {
    await send(t, beacon([item({ loads: 2, render_errors: 1 })]));
    await send(t, '{nope');
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(text).toContain(`meridian_remote_events_total{remote="mf-orders",version="${V1}",kind="load"} 2`);
    expect(text).toContain(
      `meridian_remote_events_total{remote="mf-orders",version="${V1}",kind="render_error"} 1`,
    );
    expect(text).toContain(`meridian_remote_sessions{remote="mf-orders",version="${V1}"} 1`);
    expect(text).toContain(`meridian_remote_error_sessions{remote="mf-orders",version="${V1}"} 1`);
    expect(text).toContain('meridian_remote_beacons_total{outcome="stored"} 1');
    expect(text).toContain('meridian_remote_beacons_total{outcome="refused"} 1');
  });
});

describe.each(MODES)('release health rate limits (%s)', (mode) => {
  it('per tab and per source address; a refused beacon stores nothing', async () => {
    const t = await createTestApp(mode, {
      limits: { ...HIGH_LIMITS, telemetryPerSession: [2, 60_000], telemetryPerIp: [4, 60_000] },
    });
    try {
      writeRegistry(t.config.staticDir);
      const b = (session: string) => beacon([item()], session);
      expect((await send(t, b(S1))).body.code).toBe(1);
      expect((await send(t, b(S1))).body.code).toBe(1);
      const before = await rowCount(t);
      const third = await send(t, b(S1));
      expect([third.status, third.body.code]).toEqual([429, 1004]);
      // Another tab behind the same address still gets through, until the address's own limit.
      expect((await send(t, b(S2))).body.code).toBe(1);
      const S3 = 'AAAAAAAAAAAAAAAAAAAAA3';
      const overIp = await send(t, b(S3));
      expect([overIp.status, overIp.body.code]).toEqual([429, 1004]);
      // Another address is counted apart.
      expect((await send(t, b(S3), { ip: '198.51.100.9' })).body.code).toBe(1);
      const now = t.app.ctx.now();
      expect(await versionHealth(t.app.ctx.db, 'mf-orders', V1, now - 60_000, now)).toMatchObject({
        sessions: 3,
        loads: 4,
      });
      expect(await rowCount(t)).toBeGreaterThan(before);
    } finally {
      await t.close();
    }
  });
});
