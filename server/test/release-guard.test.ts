/**
 * Canary releases on the server: the ops calls (start, change the share, promote, abort, the guard's setting), each
 * audited and refusing bad input with nothing changed; and the release guard, with the health it reads injected:
 * it aborts a failing canary once (audited with the figures, published on REMOTES, counted on the dashboard), leaves
 * a healthy one alone, runs only on the lease holder, never aborts a canary other than the one it measured, and rolls
 * a failing full release back only when an admin turned that on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createRegistry } from '@meridian/config/registry.cjs';
import type { BusEvent } from '../src/realtime/bus';
import { createReleaseGuard, DEFAULT_RULE } from '../src/modules/releases';
import type { GuardStop, ReleaseHealth } from '../src/modules/releases';
import { call, createTestApp, MODES } from './helpers';
import type { TestApp } from './helpers';
import { createOpsUser } from './support/ops';
import type { TestOps } from './support/ops';

const RULE = { ...DEFAULT_RULE, minSessions: 5 };

/** A deployment folder with `versions` of mf-support published (fake builds), the first current. */
function deployment(staticDir: string, versions: string[], history?: object[]) {
  for (const v of versions) {
    const dir = path.join(staticDir, 'remotes', 'mf-support', v);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `// ${v}`);
  }
  fs.writeFileSync(
    path.join(staticDir, 'remotes.json'),
    JSON.stringify({
      remotes: {
        'mf-support': {
          current: versions[0],
          versions: versions.map((version, i) => ({ version, hash: String(i) })),
          history: history ?? [
            { at: '2026-01-01T00:00:00.000Z', action: 'release', from: null, to: versions[0] },
          ],
        },
      },
    }),
  );
}

const readEntry = (staticDir: string) =>
  JSON.parse(fs.readFileSync(path.join(staticDir, 'remotes.json'), 'utf8')).remotes['mf-support'];

/** Health by version, changed by the test; `calls` records each read. */
function healthTable() {
  const table = new Map<string, Omit<ReleaseHealth, 'version'>>();
  const calls: { version: string; since: number; until: number }[] = [];
  const healthOf = async (_remote: string, version: string, since: number, until: number) => {
    calls.push({ version, since, until });
    return { version, ...(table.get(version) ?? { sessions: 0, errorSessions: 0, chunkFailures: 0 }) };
  };
  return { table, calls, healthOf };
}

describe('the release guard (scheduler, injected health)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-guard-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const guardOn = (opts: { leader?: () => boolean; autoRollback?: boolean; now?: () => number } = {}) => {
    const registry = createRegistry(dir);
    const health = healthTable();
    const stops: GuardStop[] = [];
    const publish = jest.fn(async () => true);
    const errors: unknown[] = [];
    const guard = createReleaseGuard({
      registry,
      lease: { isLeader: opts.leader ?? (() => true) },
      now: opts.now ?? (() => Date.now()),
      healthOf: health.healthOf,
      rule: RULE,
      autoRollback: async () => opts.autoRollback ?? false,
      record: async (s) => {
        stops.push(s);
      },
      publish,
      intervalMs: 15_000,
      watchMs: 24 * 3_600_000,
      onError: (err) => errors.push(err),
    });
    return { registry, health, stops, publish, errors, guard };
  };

  it('aborts a failing canary once: through the registry (history with the figures), recorded, published', async () => {
    deployment(dir, ['v1', 'v2']);
    const g = guardOn();
    g.registry.startCanary('mf-support', 'v2', 50, { by: 'ops@example.com' });
    g.health.table.set('v2', { sessions: 8, errorSessions: 6, chunkFailures: 0 });
    g.health.table.set('v1', { sessions: 10, errorSessions: 0, chunkFailures: 0 });
    // Two passes at once (a slow check and the timer): one stop.
    const [a, b] = await Promise.all([g.guard.checkNow(), g.guard.checkNow()]);
    expect(a).toBe(b);
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({
      action: 'auto_abort',
      remote: 'mf-support',
      version: 'v2',
      now: 'v1',
      percent: 50,
    });
    expect(a[0]!.check).toMatchObject({
      reason: 'errors',
      candidate: { version: 'v2', sessions: 8, error_sessions: 6, error_rate: 75 },
      baseline: { version: 'v1', sessions: 10, error_sessions: 0, error_rate: 0 },
      sessions_needed: 0,
    });
    // Both versions measured over the canary's window.
    const since = Date.parse(readEntry(dir).history.at(-2).at);
    expect(Math.abs(g.health.calls[0]!.since - since)).toBeLessThan(1000);
    expect(g.health.calls[0]!.since).toBe(g.health.calls[1]!.since);
    const entry = readEntry(dir);
    expect(entry.canary).toBeUndefined();
    expect(entry.current).toBe('v1');
    expect(entry.history.at(-1)).toMatchObject({
      action: 'auto_abort',
      from: 'v2',
      to: 'v1',
      by: 'auto:release-guard',
      check: { reason: 'errors' },
    });
    expect(g.stops).toHaveLength(1);
    expect(g.publish).toHaveBeenCalledTimes(1);
    // The next pass: no canary, nothing more.
    expect(await g.guard.checkNow()).toEqual([]);
    expect(g.stops).toHaveLength(1);
    expect(g.errors).toEqual([]);
  });

  it('aborts a canary whose chunks fail to load; leaves a healthy or still-counting canary alone', async () => {
    deployment(dir, ['v1', 'v2']);
    const g = guardOn();
    g.registry.startCanary('mf-support', 'v2', 10);
    const before = fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8');
    g.health.table.set('v1', { sessions: 100, errorSessions: 1, chunkFailures: 0 });
    // Healthy.
    g.health.table.set('v2', { sessions: 50, errorSessions: 1, chunkFailures: 0 });
    expect(await g.guard.checkNow()).toEqual([]);
    // Failing, but too few sessions yet.
    g.health.table.set('v2', { sessions: 4, errorSessions: 4, chunkFailures: 0 });
    expect(await g.guard.checkNow()).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8')).toBe(before);
    expect(g.publish).not.toHaveBeenCalled();
    // Chunks failing in 1 of 5 sessions (20 % ≥ 5 %).
    g.health.table.set('v2', { sessions: 5, errorSessions: 0, chunkFailures: 1 });
    const stops = await g.guard.checkNow();
    expect(stops.map((s) => [s.action, s.check.reason])).toEqual([['auto_abort', 'chunks']]);
  });

  it('does nothing on a node without the lease, whatever the figures', async () => {
    deployment(dir, ['v1', 'v2']);
    let leader = false;
    const g = guardOn({ leader: () => leader });
    g.registry.startCanary('mf-support', 'v2', 50);
    g.health.table.set('v2', { sessions: 50, errorSessions: 50, chunkFailures: 50 });
    expect(await g.guard.checkNow()).toEqual([]);
    expect(g.health.calls).toEqual([]);
    expect(readEntry(dir).canary).toMatchObject({ version: 'v2' });
    leader = true;
    expect(await g.guard.checkNow()).toHaveLength(1);
  });

  it('never aborts a canary other than the one it measured', async () => {
    deployment(dir, ['v1', 'v2', 'v3']);
    const g = guardOn();
    g.registry.startCanary('mf-support', 'v2', 50);
    g.health.table.set('v2', { sessions: 50, errorSessions: 50, chunkFailures: 0 });
    // While the guard measures, an admin aborts v2 and starts v3.
    const inner = g.health.healthOf;
    let swapped = false;
    const guard = createReleaseGuard({
      registry: g.registry,
      lease: { isLeader: () => true },
      now: () => Date.now(),
      healthOf: async (...args) => {
        if (!swapped) {
          swapped = true;
          g.registry.abort('mf-support');
          g.registry.startCanary('mf-support', 'v3', 5);
        }
        return inner(...args);
      },
      rule: RULE,
      autoRollback: async () => false,
      record: async () => undefined,
      publish: g.publish,
      intervalMs: 15_000,
      watchMs: 3_600_000,
      onError: (err) => g.errors.push(err),
    });
    expect(await guard.checkNow()).toEqual([]);
    expect(readEntry(dir).canary).toMatchObject({ version: 'v3', percent: 5 });
    expect(String(g.errors[0])).toMatch(/no longer v2/);
  });

  it('rolls a failing full release back only when the admin turned it on, once', async () => {
    const now = Date.parse('2026-03-01T12:00:00.000Z');
    const history = [
      { at: '2026-02-01T00:00:00.000Z', action: 'release', from: null, to: 'v1' },
      { at: '2026-03-01T11:50:00.000Z', action: 'release', from: 'v1', to: 'v2' },
    ];
    deployment(dir, ['v2', 'v1'], history);
    const off = guardOn({ now: () => now });
    off.health.table.set('v2', { sessions: 30, errorSessions: 10, chunkFailures: 0 });
    off.health.table.set('v1', { sessions: 300, errorSessions: 3, chunkFailures: 0 });
    expect(await off.guard.checkNow()).toEqual([]);
    expect(off.health.calls).toEqual([]);
    expect(readEntry(dir).current).toBe('v2');

    const on = guardOn({ now: () => now, autoRollback: true });
    on.health.table.set('v2', { sessions: 30, errorSessions: 10, chunkFailures: 0 });
    on.health.table.set('v1', { sessions: 300, errorSessions: 3, chunkFailures: 0 });
    const stops = await on.guard.checkNow();
    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatchObject({ action: 'auto_rollback', version: 'v2', now: 'v1', percent: null });
    // The release over its 10 minutes; the version before it over the hour before the release.
    const released = Date.parse(history[1]!.at);
    expect(on.health.calls).toEqual([
      { version: 'v2', since: released, until: now },
      { version: 'v1', since: released - 3_600_000, until: released },
    ]);
    expect(readEntry(dir)).toMatchObject({ current: 'v1' });
    expect(readEntry(dir).history.at(-1)).toMatchObject({
      action: 'auto_rollback',
      by: 'auto:release-guard',
    });
    // Rolled back: the last change is not a release, so it is not watched again.
    expect(await on.guard.checkNow()).toEqual([]);
    expect(on.publish).toHaveBeenCalledTimes(1);
  });

  it('does not watch a release older than the watch, nor a rollback', async () => {
    const now = Date.parse('2026-03-03T12:00:00.000Z');
    deployment(
      dir,
      ['v2', 'v1'],
      [
        { at: '2026-02-01T00:00:00.000Z', action: 'release', from: null, to: 'v1' },
        { at: '2026-03-01T11:50:00.000Z', action: 'release', from: 'v1', to: 'v2' },
      ],
    );
    const g = guardOn({ now: () => now, autoRollback: true });
    g.health.table.set('v2', { sessions: 30, errorSessions: 30, chunkFailures: 0 });
    expect(await g.guard.checkNow()).toEqual([]);
    expect(g.health.calls).toEqual([]);
  });
});

describe.each(MODES)('canary calls and the guard in the app (%s)', (mode) => {
  let t: TestApp;
  let admin: TestOps;
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-canary-static-'));
  const health = healthTable();
  const events: BusEvent[] = [];

  beforeAll(async () => {
    deployment(staticDir, ['v1', 'v2', 'v3']);
    t = await createTestApp(mode, { releaseHealth: health.healthOf }, { staticDir, canaryMinSessions: 5 });
    t.app.ctx.bus.subscribe((e) => events.push(e));
    admin = await createOpsUser(t.app, ['admin']);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const post = (url: string, form: Record<string, string | number>, app: FastifyInstance = t.app) =>
    call(app, { method: 'POST', url: `/api/ops/remotes/${url}`, token: admin.token, form });
  const audit = (action: string) =>
    t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  it('refuses a bad share, an unknown or current version, with nothing changed', async () => {
    const before = fs.readFileSync(path.join(staticDir, 'remotes.json'), 'utf8');
    for (const percent of [
      '0',
      '100',
      '12.5',
      '-0',
      '1e308',
      'NaN',
      '1e-308',
      '0.000000000000000000000000000001',
      '',
      'x',
    ]) {
      const r = await post('canary', { remote: 'mf-support', version: 'v2', percent });
      expect([percent, r.body.code, r.body.msg]).toEqual([
        percent,
        1001,
        'The share of devices must be a whole number from 1 to 99 (percent).',
      ]);
    }
    const json = await call(t.app, {
      method: 'POST',
      url: '/api/ops/remotes/canary',
      token: admin.token,
      payload: { remote: 'mf-support', version: 'v2', percent: 1e308 },
    });
    expect(json.body.code).toBe(1001);
    expect((await post('canary', { remote: 'mf-support', version: 'v9', percent: 10 })).body.code).toBe(1002);
    expect((await post('canary', { remote: 'mf-support', version: 'v1', percent: 10 })).body).toMatchObject({
      code: 1006,
      msg: 'This version already runs for every device: a canary is another version.',
    });
    expect((await post('canary', { remote: 'mf-nope', version: 'v2', percent: 10 })).body.code).toBe(1001);
    expect((await post('promote', { remote: 'mf-support' })).body).toMatchObject({
      code: 1006,
      msg: 'This remote has no canary running.',
    });
    expect((await post('abort', { remote: 'mf-support' })).body.code).toBe(1006);
    expect(fs.readFileSync(path.join(staticDir, 'remotes.json'), 'utf8')).toBe(before);
    expect(await audit('remote.canary')).toEqual([]);
  });

  it('starts a canary, changes its share, refuses a release meanwhile, aborts and promotes; each audited', async () => {
    const started = await post('canary', { remote: 'mf-support', version: 'v2', percent: '10' });
    expect(started.body).toMatchObject({
      code: 1,
      msg: 'mf-support v2 now runs on 10 % of devices; the others keep the current version.',
      data: { current: 'v1', canary: { version: 'v2', percent: 10, by: admin.email } },
    });
    // The canary's health beside the current version's, as the page shows it.
    expect(started.body.data.canary.check).toMatchObject({
      candidate: { version: 'v2', sessions: 0 },
      baseline: { version: 'v1', sessions: 0 },
      reason: null,
      sessions_needed: 5,
    });
    expect(
      (await post('canary', { remote: 'mf-support', version: 'v2', percent: 40 })).body.data.canary.percent,
    ).toBe(40);
    const release = await post('release', { remote: 'mf-support', version: 'v3' });
    expect(release.body).toMatchObject({
      code: 1006,
      msg: 'A canary is running (v2 on 40 % of devices): promote or abort it first.',
    });
    expect((await post('canary', { remote: 'mf-support', version: 'v3', percent: 5 })).body.code).toBe(1006);
    const aborted = await post('abort', { remote: 'mf-support' });
    expect(aborted.body).toMatchObject({
      code: 1,
      msg: 'Canary v2 stopped: every device is back on v1.',
      data: { current: 'v1', canary: null },
    });
    await post('canary', { remote: 'mf-support', version: 'v2', percent: 20 });
    const promoted = await post('promote', { remote: 'mf-support' });
    expect(promoted.body).toMatchObject({
      code: 1,
      msg: 'mf-support now runs v2 for every device.',
      data: { current: 'v2', canary: null, rollback_targets: ['v1'] },
    });
    expect(promoted.body.data.history.slice(0, 4).map((h: { action: string }) => h.action)).toEqual([
      'promote',
      'canary',
      'abort',
      'canary',
    ]);
    const summaries = async (action: string) =>
      (await audit(action)).map((r) => ({ by: r.actor_email, ...JSON.parse(r.summary) }));
    expect(await summaries('remote.canary')).toEqual([
      { by: admin.email, before: { canary: null }, after: { canary: { version: 'v2', percent: 10 } } },
      {
        by: admin.email,
        before: { canary: { version: 'v2', percent: 10 } },
        after: { canary: { version: 'v2', percent: 40 } },
      },
      { by: admin.email, before: { canary: null }, after: { canary: { version: 'v2', percent: 20 } } },
    ]);
    expect(await summaries('remote.abort')).toEqual([
      {
        by: admin.email,
        before: { canary: { version: 'v2', percent: 40 } },
        after: { canary: null, current: 'v1' },
      },
    ]);
    expect(await summaries('remote.promote')).toEqual([
      {
        by: admin.email,
        before: { current: 'v1', canary: { version: 'v2', percent: 20 } },
        after: { current: 'v2', canary: null },
      },
    ]);
    // Back to v1 for the next test.
    expect((await post('rollback', { remote: 'mf-support' })).body.data.current).toBe('v1');
  });

  it('the guard aborts a failing canary by itself: audited with the figures, published, on the dashboard', async () => {
    await post('canary', { remote: 'mf-support', version: 'v3', percent: 50 });
    const { releases, registryWatch } = t.app.services;
    await registryWatch.check();
    events.length = 0;
    health.table.set('v3', { sessions: 6, errorSessions: 3, chunkFailures: 0 });
    health.table.set('v1', { sessions: 6, errorSessions: 0, chunkFailures: 0 });
    const stops = await releases.guard.checkNow();
    expect(stops.map((s) => [s.action, s.version, s.now])).toEqual([['auto_abort', 'v3', 'v1']]);
    expect(readEntry(staticDir).canary).toBeUndefined();

    const rows = await audit('remote.auto_abort');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_email: 'auto:release-guard',
      object_type: 'remote',
      object_id: 'mf-support',
    });
    expect(JSON.parse(rows[0]!.summary)).toMatchObject({
      reason: 'errors',
      before: { canary: { version: 'v3', percent: 50 } },
      after: { canary: null, current: 'v1' },
      canary: { version: 'v3', sessions: 6, error_sessions: 3, error_rate: 50, chunk_failures: 0 },
      current: { version: 'v1', sessions: 6, error_sessions: 0, error_rate: 0 },
      rule: { min_sessions: 5, error_ratio: 2, error_floor_percent: 1, chunk_failure_percent: 5 },
    });
    // Open tabs hear of it at once: every remote current, no canary left.
    expect(events.filter((e) => e.topic === 'REMOTES').map((e) => e.data)).toEqual([
      [{ remotes: { 'mf-support': 'v1' }, canaries: {} }],
    ]);
    // The dashboard counts it for admins, with a link to the page.
    const dash = await call(t.app, { method: 'GET', url: '/api/ops/dashboard', token: admin.token });
    expect(dash.body.data.items.find((i: { id: string }) => i.id === 'remotes.auto_stopped')).toMatchObject({
      label: 'Releases stopped automatically (24 h)',
      count: 1,
      path: '/ops/remotes',
    });
    const support = await createOpsUser(t.app, ['support']);
    const dash2 = await call(t.app, { method: 'GET', url: '/api/ops/dashboard', token: support.token });
    expect(
      dash2.body.data.items.find((i: { id: string }) => i.id === 'remotes.auto_stopped'),
    ).toBeUndefined();
    // The page's history shows the stop with its figures.
    const list = await call(t.app, { method: 'GET', url: '/api/ops/remotes', token: admin.token });
    const view = list.body.data.find((r: { remote: string }) => r.remote === 'mf-support');
    expect(view.history[0]).toMatchObject({
      action: 'auto_abort',
      by: 'auto:release-guard',
      check: { reason: 'errors', candidate: { error_rate: 50 } },
    });
  });

  it('the automatic rollback setting: off by default, turned on by an admin (audited), refusing bad input', async () => {
    const get = await call(t.app, { method: 'GET', url: '/api/ops/remotes/guard', token: admin.token });
    expect(get.body.data).toEqual({
      auto_rollback: false,
      min_sessions: 5,
      error_ratio: 2,
      error_floor_percent: 1,
      chunk_failure_percent: 5,
      check_seconds: 15,
      watch_hours: 24,
    });
    expect((await post('guard', { auto_rollback: 'maybe' })).body.code).toBe(1001);
    const on = await post('guard', { auto_rollback: 1 });
    expect(on.body).toMatchObject({ code: 1, data: { auto_rollback: true } });
    await post('guard', { auto_rollback: 1 });
    expect((await post('guard', { auto_rollback: '0' })).body.data.auto_rollback).toBe(false);
    expect((await audit('remote.auto_rollback_setting')).map((r) => JSON.parse(r.summary))).toEqual([
      { before: { auto_rollback: false }, after: { auto_rollback: true } },
      { before: { auto_rollback: true }, after: { auto_rollback: false } },
    ]);
  });
});
