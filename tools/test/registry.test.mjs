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
const { publish, readRegistry, rollback, setCurrent } = await import('../lib/registry.mjs');
const { rollbackTargets } = createRequire(import.meta.url)('../../config/registry.cjs');

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
