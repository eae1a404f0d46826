/**
 * The remote registry and its versioned folders.
 *
 *   dist/remotes/<remote>/<version>/   immutable: mf-manifest.json, remoteEntry.js, chunks
 *   dist/remotes.json                  { remotes: { <remote>: { current, versions[], history[] } } }
 *
 * A version is `<UTC date-time>-<content hash>`; publishing output whose hash is already published reuses that
 * version, so rebuilding unchanged code never creates a new one. Only the named remote's entry is ever edited.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DIST, REMOTES } from './paths.mjs';

export const REGISTRY_FILE = path.join(DIST, 'remotes.json');

export function readRegistry() {
  try {
    const reg = JSON.parse(fs.readFileSync(REGISTRY_FILE, 'utf8'));
    if (reg && typeof reg.remotes === 'object') return reg;
  } catch {
    // none yet
  }
  return { remotes: {} };
}

/** Write atomically, so the server never serves half a file. */
export function writeRegistry(reg) {
  fs.mkdirSync(DIST, { recursive: true });
  const tmp = `${REGISTRY_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(reg, null, 2)}\n`);
  fs.renameSync(tmp, REGISTRY_FILE);
}

function listFiles(dir, base = dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? listFiles(path.join(dir, e.name), base)
        : [path.relative(base, path.join(dir, e.name))],
    )
    .sort();
}

export function hashDir(dir) {
  const h = crypto.createHash('sha256');
  for (const rel of listFiles(dir)) {
    h.update(rel);
    h.update('\0');
    h.update(fs.readFileSync(path.join(dir, rel)));
  }
  return h.digest('hex').slice(0, 10);
}

export function assertRemote(remote) {
  if (!REMOTES.includes(remote)) {
    throw new Error(`Unknown remote "${remote}". Remotes: ${REMOTES.join(', ')}`);
  }
}

const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace(/\..+/, '').replace('T', '-');

/**
 * Run `fn` holding the registry lock (a lock file created exclusively), so two releases or rollbacks at the same
 * time cannot lose each other's edit. A lock older than a minute is a crashed holder's and is taken over.
 */
function withLock(fn) {
  fs.mkdirSync(DIST, { recursive: true });
  const lock = `${REGISTRY_FILE}.lock`;
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx'));
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 60_000) fs.rmSync(lock, { force: true });
      } catch {
        // gone meanwhile
      }
      if (Date.now() > until) throw new Error(`${lock} is held by another release; try again`, { cause: e });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/**
 * Move a fresh build from `buildDir` into its versioned folder and make it current.
 * Returns { version, reused }.
 */
export function publish(remote, buildDir, options = {}) {
  return withLock(() => publishLocked(remote, buildDir, options));
}

function publishLocked(remote, buildDir, { note } = {}) {
  assertRemote(remote);
  if (!fs.existsSync(path.join(buildDir, 'mf-manifest.json'))) {
    throw new Error(`${buildDir} has no mf-manifest.json: not a remote build`);
  }
  const hash = hashDir(buildDir);
  const reg = readRegistry();
  const entry = reg.remotes[remote] ?? { current: null, versions: [], history: [] };
  const existing = entry.versions.find(
    (v) => v.hash === hash && fs.existsSync(path.join(DIST, 'remotes', remote, v.version)),
  );
  let version;
  if (existing) {
    version = existing.version;
    fs.rmSync(buildDir, { recursive: true, force: true });
  } else {
    version = `${stamp()}-${hash}`;
    const target = path.join(DIST, 'remotes', remote, version);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(buildDir, target);
    entry.versions.push({ version, hash, builtAt: new Date().toISOString() });
  }
  const reused = Boolean(existing);
  if (entry.current !== version) {
    entry.history.push({
      at: new Date().toISOString(),
      action: 'release',
      from: entry.current,
      to: version,
      note,
    });
    entry.current = version;
  }
  reg.remotes[remote] = entry;
  writeRegistry(reg);
  return { version, reused };
}

/** Point one remote back to `version`, or to the version current before the present one. */
export function rollback(remote, version) {
  return withLock(() => rollbackLocked(remote, version));
}

function rollbackLocked(remote, version) {
  assertRemote(remote);
  const reg = readRegistry();
  const entry = reg.remotes[remote];
  if (!entry?.current) throw new Error(`${remote} has never been released`);
  let target = version;
  if (!target) {
    const last = [...entry.history].reverse().find((h) => h.to === entry.current && h.from);
    target = last?.from;
    if (!target) throw new Error(`${remote} has no earlier version to roll back to`);
  }
  const known = entry.versions.some((v) => v.version === target);
  if (!known || !fs.existsSync(path.join(DIST, 'remotes', remote, target, 'mf-manifest.json'))) {
    throw new Error(
      `${remote} has no published version "${target}". Known: ${entry.versions.map((v) => v.version).join(', ')}`,
    );
  }
  if (target === entry.current) return { version: target, changed: false };
  entry.history.push({ at: new Date().toISOString(), action: 'rollback', from: entry.current, to: target });
  entry.current = target;
  writeRegistry(reg);
  return { version: target, changed: true };
}
