// The remote registry: versioned publish, dedupe of unchanged builds, rollback, and refusals. Run by `npm run unit`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-registry-'));
process.env.STATIC_DIR = dist;
const { abort, promote, publish, readRegistry, rollback, setCurrent, startCanary } =
  await import('../lib/registry.mjs');
const { rollbackTargets, parseCanaryPercent } = createRequire(import.meta.url)('../../config/registry.cjs');

function fakeBuild(content) {
  const dir = fs.mkdtempSync(path.join(dist, 'build-'));
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), content);
  return dir;
}

test('publish puts a build in its versioned folder and makes it current', () => {
  const { version, reused } = publish('mf-orders', fakeBuild('v1'));
  assert.equal(reused, false);
  assert.ok(fs.existsSync(path.join(dist, 'remotes/mf-orders', version, 'remoteEntry.js')));
  assert.equal(readRegistry().remotes['mf-orders'].current, version);
});

test('an unchanged build keeps its version; a changed one gets a new version', () => {
  const first = readRegistry().remotes['mf-orders'].current;
  assert.deepEqual(publish('mf-orders', fakeBuild('v1')), { version: first, reused: true });
  const second = publish('mf-orders', fakeBuild('v2')).version;
  assert.notEqual(second, first);
  assert.equal(readRegistry().remotes['mf-orders'].versions.length, 2);
});

test('rollback returns to the previous version and touches no other remote', () => {
  publish('mf-funds', fakeBuild('funds'));
  const funds = structuredClone(readRegistry().remotes['mf-funds']);
  const [v1, v2] = readRegistry().remotes['mf-orders'].versions.map((v) => v.version);
  assert.deepEqual(rollback('mf-orders'), { version: v1, changed: true, from: v2 });
  assert.equal(readRegistry().remotes['mf-orders'].current, v1);
  assert.deepEqual(readRegistry().remotes['mf-funds'], funds);
  // Both versions stay online; the newer one is made current again with a release, never with a rollback.
  assert.throws(() => rollback('mf-orders', v2), /was not current before/);
  assert.throws(() => rollback('mf-orders'), /no earlier version/);
  assert.deepEqual(setCurrent('mf-orders', v2, { action: 'release' }), {
    version: v2,
    changed: true,
    from: v1,
  });
  assert.equal(readRegistry().remotes['mf-orders'].history.at(-1).action, 'release');
  assert.deepEqual(rollback('mf-orders', v1), { version: v1, changed: true, from: v2 });
  assert.equal(readRegistry().remotes['mf-orders'].history.at(-1).action, 'rollback');
  assert.deepEqual(setCurrent('mf-orders', v2, { action: 'release' }).version, v2);
});

test('issue 22: rollback only goes to a version current before the current one (CLI and library, one rule)', () => {
  const [a, b, c] = ['s1', 's2', 's3'].map((x) => publish('mf-markets', fakeBuild(x)).version);
  // a -> b -> c released; back to a by name; a "rollback" now may go nowhere (b and c are newer).
  assert.deepEqual(rollback('mf-markets', a), { version: a, changed: true, from: c });
  assert.deepEqual(rollbackTargets(readRegistry().remotes['mf-markets']), []);
  assert.throws(() => rollback('mf-markets'), /no earlier version/);
  assert.throws(() => rollback('mf-markets', c), /was not current before/);
  const cli = path.join(here, '..', 'mf.mjs');
  const env = { ...process.env, STATIC_DIR: dist };
  assert.throws(
    () => execFileSync('node', [cli, 'rollback', 'mf-markets'], { env, stdio: 'pipe' }),
    /no earlier version/,
  );
  assert.throws(
    () => execFileSync('node', [cli, 'rollback', 'mf-markets', b], { env, stdio: 'pipe' }),
    /was not current before/,
  );
  assert.equal(readRegistry().remotes['mf-markets'].current, a);
  // c released again (by the CLI): the default rollback is the most recently current earlier version (a).
  execFileSync('node', [cli, 'release', 'mf-markets', c], { env, stdio: 'pipe' });
  assert.equal(readRegistry().remotes['mf-markets'].history.at(-1).action, 'release');
  assert.deepEqual(rollbackTargets(readRegistry().remotes['mf-markets']), [a, b]);
  execFileSync('node', [cli, 'rollback', 'mf-markets'], { env, stdio: 'pipe' });
  assert.equal(readRegistry().remotes['mf-markets'].current, a);
});

test('refusals: unknown remote, unknown version, nothing to roll back to, not a remote build', () => {
  assert.throws(() => rollback('mf-nope'), /Unknown remote/);
  assert.throws(() => rollback('mf-orders', 'no-such-version'), /no published version/);
  assert.throws(() => rollback('mf-funds'), /no earlier version/);
  const empty = fs.mkdtempSync(path.join(dist, 'empty-'));
  assert.throws(() => publish('mf-orders', empty), /not a remote build/);
});

test('a release-ready version waits until made current, and the history names who did it', () => {
  const { version: live } = publish('mf-account', fakeBuild('a1'));
  const { version: ready } = publish('mf-account', fakeBuild('a2'), { makeCurrent: false });
  assert.notEqual(ready, live);
  assert.equal(readRegistry().remotes['mf-account'].current, live);
  assert.deepEqual(setCurrent('mf-account', ready, { action: 'release', by: 'ops@example.com' }), {
    version: ready,
    changed: true,
    from: live,
  });
  const last = readRegistry().remotes['mf-account'].history.at(-1);
  assert.equal(last.action, 'release');
  assert.equal(last.by, 'ops@example.com');
  assert.equal(rollback('mf-account').version, live);
});

test('a version built against a contract the host does not serve is never made current, and says why', () => {
  const contractBuild = (content, range) => {
    const dir = fakeBuild(content);
    const shared = [{ name: '@meridian/shared', requiredVersion: range }];
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ shared }));
    return dir;
  };
  fs.mkdirSync(path.join(dist, 'host'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'host', 'contract.json'), JSON.stringify({ '@meridian/shared': '0.1.3' }));
  try {
    const { version: ok } = publish('mf-markets', contractBuild('m1', '^0.1.0'));
    assert.equal(readRegistry().remotes['mf-markets'].current, ok);
    assert.equal(readRegistry().remotes['mf-markets'].versions.at(-1).contract, '^0.1.0');
    const count = readRegistry().remotes['mf-markets'].versions.length;
    // Released at once: refused, nothing published.
    assert.throws(
      () => publish('mf-markets', contractBuild('m2', '^0.2.0')),
      /built against @meridian\/shared \^0\.2\.0; the host serves 0\.1\.3: it cannot run it/,
    );
    assert.equal(readRegistry().remotes['mf-markets'].versions.length, count);
    // Published release-ready: kept (a host that serves it may come), but not made current by a release or rollback.
    const { version: later } = publish('mf-markets', contractBuild('m3', '^0.2.0'), { makeCurrent: false });
    assert.throws(() => setCurrent('mf-markets', later, { action: 'release' }), /cannot run it/);
    assert.equal(readRegistry().remotes['mf-markets'].current, ok);
    // Once the host serves it, it may go.
    fs.writeFileSync(
      path.join(dist, 'host', 'contract.json'),
      JSON.stringify({ '@meridian/shared': '0.2.0' }),
    );
    assert.equal(setCurrent('mf-markets', later, { action: 'release' }).version, later);
  } finally {
    fs.rmSync(path.join(dist, 'host'), { recursive: true, force: true });
  }
});

test('the CLI prints status and refuses bad usage', () => {
  const cli = path.join(here, '..', 'mf.mjs');
  const out = execFileSync('node', [cli, 'status'], { env: { ...process.env, STATIC_DIR: dist } }).toString();
  assert.match(out, /mf-orders\s+current /);
  assert.match(out, /mf-support\s+\(never released\)/);
  assert.throws(() =>
    execFileSync('node', [cli, 'rollback'], { env: { ...process.env, STATIC_DIR: dist }, stdio: 'pipe' }),
  );
});

test('a canary: a published version on a share of devices, the current one kept; promote makes it current', () => {
  const [c1, c2, c3] = ['c1', 'c2', 'c3'].map((x) =>
    publish('mf-support', fakeBuild(`canary-${x}`), { makeCurrent: x === 'c1' }),
  );
  const live = c1.version;
  assert.equal(readRegistry().remotes['mf-support'].current, live);
  const others = structuredClone(readRegistry().remotes['mf-orders']);

  const res = startCanary('mf-support', c2.version, 10, { by: 'ops@example.com' });
  assert.deepEqual(res, { version: c2.version, percent: 10, changed: true, before: null });
  let entry = readRegistry().remotes['mf-support'];
  assert.equal(entry.current, live);
  assert.equal(entry.canary.version, c2.version);
  assert.equal(entry.canary.percent, 10);
  assert.equal(entry.canary.by, 'ops@example.com');
  assert.ok(Date.parse(entry.canary.since) > 0);
  assert.deepEqual(entry.history.at(-1), {
    at: entry.history.at(-1).at,
    action: 'canary',
    from: live,
    to: c2.version,
    percent: 10,
    by: 'ops@example.com',
  });
  assert.deepEqual(readRegistry().remotes['mf-orders'], others);

  // The same version again: the share changes, the window (since) goes on; the same share changes nothing.
  const since = entry.canary.since;
  assert.equal(startCanary('mf-support', c2.version, '50').changed, true);
  assert.equal(readRegistry().remotes['mf-support'].canary.since, since);
  assert.equal(readRegistry().remotes['mf-support'].canary.percent, 50);
  assert.deepEqual(startCanary('mf-support', c2.version, 50).changed, false);

  // Another version while one runs, the current version, an unknown one: refused, nothing changed.
  const before = JSON.stringify(readRegistry());
  assert.throws(
    () => startCanary('mf-support', c3.version, 5),
    /has a canary running .* promote or abort it first/,
  );
  assert.throws(() => startCanary('mf-support', live, 5), /already runs .* a canary is another version/);
  assert.throws(() => startCanary('mf-support', 'no-such', 5), /no published version/);
  assert.throws(() => startCanary('mf-nope', c2.version, 5), /Unknown remote/);
  // Neither a release nor a rollback while a canary runs: promote or abort it first.
  assert.throws(() => setCurrent('mf-support', c3.version, { action: 'release' }), /canary running/);
  assert.throws(() => rollback('mf-support'), /canary running/);
  assert.throws(() => publish('mf-support', fakeBuild('canary-c4')), /canary running/);
  assert.equal(JSON.stringify(readRegistry()), before);

  const promoted = promote('mf-support', { by: 'ops@example.com' });
  assert.equal(promoted.version, c2.version);
  assert.equal(promoted.from, live);
  entry = readRegistry().remotes['mf-support'];
  assert.equal(entry.current, c2.version);
  assert.equal(entry.canary, undefined);
  assert.equal(entry.history.at(-1).action, 'promote');
  // The promoted version's rollback goes to the one before; the canary's rows never count as "current".
  assert.deepEqual(rollbackTargets(entry), [live]);
  assert.throws(() => promote('mf-support'), /no canary running/);
  assert.throws(() => abort('mf-support'), /no canary running/);
});

test('abort: every device back on the current version; the server aborts only the canary it measured', () => {
  const entry0 = readRegistry().remotes['mf-support'];
  const current = entry0.current;
  const target = entry0.versions.find(
    (v) => v.version !== current && !rollbackTargets(entry0).includes(v.version),
  );
  assert.ok(target, 'a newer published version');
  startCanary('mf-support', target.version, 25);
  assert.throws(
    () => abort('mf-support', { action: 'auto_abort', by: 'auto', expectVersion: 'something-else' }),
    /no longer something-else/,
  );
  assert.equal(readRegistry().remotes['mf-support'].canary.version, target.version);
  const res = abort('mf-support', { action: 'auto_abort', by: 'auto', expectVersion: target.version });
  assert.equal(res.version, current);
  assert.equal(res.canary.version, target.version);
  const entry = readRegistry().remotes['mf-support'];
  assert.equal(entry.canary, undefined);
  assert.equal(entry.current, current);
  assert.deepEqual(
    { action: entry.history.at(-1).action, from: entry.history.at(-1).from, to: entry.history.at(-1).to },
    { action: 'auto_abort', from: target.version, to: current },
  );
  // An aborted canary is not a rollback target, and the history before it is read as it was.
  assert.ok(!rollbackTargets(entry).includes(target.version));
  // The automatic rollback (after a full release) changes nothing unless the version it measured is current.
  assert.throws(
    () =>
      setCurrent('mf-support', undefined, { action: 'auto_rollback', by: 'auto', expectCurrent: 'other' }),
    /no longer runs other/,
  );
  const back = setCurrent('mf-support', undefined, {
    action: 'auto_rollback',
    by: 'auto',
    expectCurrent: current,
  });
  assert.equal(back.version, rollbackTargets(entry)[0]);
  assert.equal(readRegistry().remotes['mf-support'].history.at(-1).action, 'auto_rollback');
  setCurrent('mf-support', current, { action: 'release' });
  // A release after the aborted canary: its rollback goes back to what was current, never to the aborted version.
  publish('mf-support', fakeBuild('after-abort'));
  const targets = rollbackTargets(readRegistry().remotes['mf-support']);
  assert.equal(targets[0], current);
  assert.ok(!targets.includes(target.version), 'the aborted canary was never current');
  assert.equal(rollback('mf-support').version, current);
});

test('the canary share is a whole number from 1 to 99; anything else is refused with a message, nothing changed', () => {
  for (const ok of [1, 50, 99, '7', ' 42 ']) assert.equal(parseCanaryPercent(ok), Number(String(ok).trim()));
  const entry = readRegistry().remotes['mf-support'];
  const other = entry.versions.find((v) => v.version !== entry.current).version;
  const before = JSON.stringify(readRegistry());
  for (const bad of [
    0,
    100,
    -1,
    -0,
    12.5,
    '12.5',
    '1e1',
    '50%',
    'abc',
    '',
    NaN,
    Infinity,
    1e308,
    null,
    '099',
  ]) {
    assert.throws(
      () => startCanary('mf-support', other, bad),
      /must be a whole number from 1 to 99/,
      `percent ${String(bad)}`,
    );
  }
  assert.equal(JSON.stringify(readRegistry()), before);
});

test('a canary or a promote the host cannot serve is refused, saying why', () => {
  const dir = fakeBuild('contract-canary');
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ shared: [{ name: '@meridian/shared', requiredVersion: '^0.2.0' }] }),
  );
  const { version } = publish('mf-support', dir, { makeCurrent: false });
  fs.mkdirSync(path.join(dist, 'host'), { recursive: true });
  const serve = (v) =>
    fs.writeFileSync(path.join(dist, 'host', 'contract.json'), JSON.stringify({ '@meridian/shared': v }));
  try {
    serve('0.1.3');
    assert.throws(
      () => startCanary('mf-support', version, 10),
      /built against @meridian\/shared \^0\.2\.0; the host serves 0\.1\.3: it cannot run it/,
    );
    assert.equal(readRegistry().remotes['mf-support'].canary, undefined);
    // Started while the host served it, then a host that cannot: the promote is refused too.
    serve('0.2.0');
    startCanary('mf-support', version, 10);
    serve('0.1.3');
    assert.throws(() => promote('mf-support'), /cannot run it/);
    assert.equal(readRegistry().remotes['mf-support'].canary.version, version);
    abort('mf-support');
  } finally {
    fs.rmSync(path.join(dist, 'host'), { recursive: true, force: true });
  }
});

test('the CLI: release --canary, status, promote, abort, each recorded with cli:<user>; a bad share refused', () => {
  const cli = path.join(here, '..', 'mf.mjs');
  const env = { ...process.env, STATIC_DIR: dist };
  const run = (...args) => execFileSync('node', [cli, ...args], { env, stdio: 'pipe' }).toString();
  const fails = (...args) => {
    try {
      run(...args);
    } catch (e) {
      return `${e.stderr}${e.stdout}`;
    }
    throw new Error(`mf ${args.join(' ')} did not fail`);
  };
  const entry = readRegistry().remotes['mf-support'];
  const live = entry.current;
  const next = publish('mf-support', fakeBuild('cli-canary'), { makeCurrent: false }).version;
  const before = JSON.stringify(readRegistry());
  for (const bad of ['0', '100', '12.5', 'half']) {
    assert.match(
      fails('release', 'mf-support', next, '--canary', bad),
      /must be a whole number from 1 to 99/,
    );
  }
  assert.match(fails('release', 'mf-support', next, '--canary'), /--canary needs the share of devices/);
  assert.match(fails('rollback', 'mf-support', '--canary', '5'), /--canary goes with release/);
  assert.match(fails('release', 'mf-support', next, '--percent', '5'), /Unknown option --percent/);
  assert.equal(JSON.stringify(readRegistry()), before);

  assert.match(
    run('release', 'mf-support', next, '--canary', '30'),
    /canary .* on 30 % of devices; the rest run/,
  );
  assert.match(run('release', 'mf-support', next, '--canary=40'), /now on 40 % of devices \(was 30 %\)/);
  const canary = readRegistry().remotes['mf-support'].canary;
  assert.equal(canary.percent, 40);
  assert.match(canary.by, /^cli:/);
  assert.match(run('status'), new RegExp(`canary  ${next} on 40 % of devices`));
  // A plain release (a build) is refused before building while the canary runs.
  assert.match(fails('release', 'mf-support'), /canary running .* promote or abort it first/);

  assert.match(run('abort', 'mf-support'), /aborted; every device back on/);
  assert.equal(readRegistry().remotes['mf-support'].current, live);
  assert.match(readRegistry().remotes['mf-support'].history.at(-1).by, /^cli:/);

  run('release', 'mf-support', next, '--canary', '5');
  assert.match(run('promote', 'mf-support'), new RegExp(`now at ${next} for every device`));
  assert.equal(readRegistry().remotes['mf-support'].current, next);
  assert.match(fails('promote', 'mf-support'), /no canary running/);
  run('rollback', 'mf-support', live);
  assert.equal(readRegistry().remotes['mf-support'].current, live);
});
