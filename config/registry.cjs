/**
 * The remote registry and its versioned folders: the one implementation behind `npm run mf` (tools/lib/registry.mjs)
 * and the server's /ops/remotes page. CommonJS so that both the ESM tools and the CommonJS server load it as is.
 *
 *   <dist>/remotes/<remote>/<version>/   immutable: mf-manifest.json, remoteEntry.js, chunks
 *   <dist>/remotes.json                  { remotes: { <remote>: { current, versions[], history[], canary? } } }
 *
 * A canary (`canary: { version, percent, since, by }`) sends a published version to `percent` % of devices, sticky
 * per device (host/src/app/registry.ts), while every other device stays on `current`; it ends by `promote` (it
 * becomes current) or `abort` (by a person, or by the server: `auto_abort`). While one runs, the remote is neither
 * released nor rolled back: promote or abort it first. History rows of a canary (`canary`, `abort`, `auto_abort`)
 * never made their version current, so a rollback's targets ignore them (`changesCurrent`).
 *
 * A version is `<UTC date-time>-<content hash>`; publishing output whose hash is already published reuses that
 * version, so rebuilding unchanged code never creates a new one. Only the named remote's entry is ever edited, and
 * every edit holds one lock file, whoever makes it (the CLI or the server).
 */
const nodeCrypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const { REMOTES } = require('./remotes.cjs');

/** The shared package that is the contract between the host and the remotes. */
const CONTRACT_PACKAGE = '@meridian/shared';

/**
 * The version range of the contract a remote's build was made against, as its build recorded it (mf-manifest.json:
 * the requiredVersion of @meridian/shared, which the build takes from the workspace); null when none is recorded.
 */
function contractOfBuild(dir) {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
    const shared = (manifest.shared ?? []).find((x) => x && x.name === CONTRACT_PACKAGE);
    return typeof shared?.requiredVersion === 'string' ? shared.requiredVersion : null;
  } catch {
    return null;
  }
}

/** Whether a host serving contract `version` can run a remote built against `range` (unknown: yes). */
function contractServes(version, range) {
  if (!version || !range) return true;
  // The federation runtime's own version check: the one the host runs when it picks a version
  // (host/src/app/registry.ts). Required here, not at the top: the tools load this file before dependencies exist.
  const { satisfy } = require('@module-federation/runtime-tools/runtime-core');
  return satisfy(version, range);
}
const LOCK_WAIT_MS = 30_000;
const LOCK_STALE_MS = 60_000;

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

function hashDir(dir) {
  const h = nodeCrypto.createHash('sha256');
  for (const rel of listFiles(dir)) {
    h.update(rel);
    h.update('\0');
    h.update(fs.readFileSync(path.join(dir, rel)));
  }
  return h.digest('hex').slice(0, 10);
}

function assertRemote(remote) {
  if (!REMOTES.includes(remote)) {
    throw new Error(`Unknown remote "${remote}". Remotes: ${REMOTES.join(', ')}`);
  }
}

/** History actions that recorded a canary, not a change of the current version. */
const CANARY_ACTIONS = ['canary', 'abort', 'auto_abort'];

/** Whether a history row made a version current (release, rollback, promote, auto_rollback; older rows: yes). */
function changesCurrent(h) {
  return !CANARY_ACTIONS.includes(h?.action);
}

/**
 * A canary's share of devices, from a person or a command line: a whole number from 1 to 99 (a number or its
 * decimal digits). Anything else (0, 100, 12.5, "1e1", "50%", NaN) is refused with a message that says so.
 */
function parseCanaryPercent(value) {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const n = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 99)
    throw new Error(
      `The canary's share of devices must be a whole number from 1 to 99 (percent); got ${JSON.stringify(value ?? null)}`,
    );
  return n;
}

const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace(/\..+/, '').replace('T', '-');

/**
 * The versions a rollback may go to, the one to use by default first: each version that was current before the
 * present one was first made current (the release order, read from the history), most recently current first.
 * A version published later, or one that only became current after the present one, is never a rollback target
 * (making it current is a release). One rule for `npm run mf -- rollback` and /ops/remotes (docs/ops.md#opsremotes).
 */
function rollbackTargets(entry) {
  if (!entry?.current) return [];
  const firstCurrent = new Map();
  const lastCurrent = new Map();
  entry.history.forEach((h, i) => {
    if (!changesCurrent(h)) return;
    if (h.from) {
      if (!firstCurrent.has(h.from)) firstCurrent.set(h.from, i - 0.5);
      lastCurrent.set(h.from, Math.max(lastCurrent.get(h.from) ?? -1, i - 0.5));
    }
    if (!firstCurrent.has(h.to)) firstCurrent.set(h.to, i);
    lastCurrent.set(h.to, i);
  });
  const mine = firstCurrent.get(entry.current);
  if (mine === undefined) return [];
  return [...firstCurrent.keys()]
    .filter((v) => v !== entry.current && firstCurrent.get(v) < mine)
    .filter((v) => entry.versions.some((x) => x.version === v))
    .sort((a, b) => lastCurrent.get(b) - lastCurrent.get(a));
}

/** The registry of one deployment folder (`dist`). */
function createRegistry(dist) {
  const file = path.join(dist, 'remotes.json');
  const lockFile = `${file}.lock`;

  function readRegistry() {
    try {
      const reg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (reg && typeof reg.remotes === 'object') return reg;
    } catch {
      // none yet
    }
    return { remotes: {} };
  }

  /** Write atomically, so the server never serves half a file. */
  function writeRegistry(reg) {
    fs.mkdirSync(dist, { recursive: true });
    const tmp = `${file}.${process.pid}.${nodeCrypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(reg, null, 2)}\n`);
    fs.renameSync(tmp, file);
  }

  /** One attempt at the lock (a file created exclusively); a lock older than a minute is a crashed holder's. */
  function tryLock() {
    fs.mkdirSync(dist, { recursive: true });
    try {
      fs.closeSync(fs.openSync(lockFile, 'wx'));
      return true;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      try {
        if (Date.now() - fs.statSync(lockFile).mtimeMs > LOCK_STALE_MS) fs.rmSync(lockFile, { force: true });
      } catch {
        // gone meanwhile
      }
      return false;
    }
  }

  const busy = () => new Error(`${lockFile} is held by another release; try again`);
  const unlock = () => fs.rmSync(lockFile, { force: true });

  /** Run `fn` holding the lock, blocking (the CLI). */
  function withLock(fn) {
    const until = Date.now() + LOCK_WAIT_MS;
    while (!tryLock()) {
      if (Date.now() > until) throw busy();
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
    try {
      return fn();
    } finally {
      unlock();
    }
  }

  /** Run `fn` holding the same lock, waiting without blocking the event loop (the server). */
  async function withLockAsync(fn, waitMs = LOCK_WAIT_MS) {
    const until = Date.now() + waitMs;
    while (!tryLock()) {
      if (Date.now() > until) throw busy();
      await new Promise((r) => setTimeout(r, 100));
    }
    try {
      return fn();
    } finally {
      unlock();
    }
  }

  /** The contract version the deployed host serves (dist/host/contract.json, written by its build); null without one. */
  function hostContract() {
    try {
      const v = JSON.parse(fs.readFileSync(path.join(dist, 'host', 'contract.json'), 'utf8'))[
        CONTRACT_PACKAGE
      ];
      return typeof v === 'string' ? v : null;
    } catch {
      return null;
    }
  }

  /** The contract range of a published version: as recorded, or read from its folder. */
  function contractOf(remote, entry, version) {
    const known = entry.versions.find((v) => v.version === version)?.contract;
    return known ?? contractOfBuild(path.join(dist, 'remotes', remote, version));
  }

  /** Refuse to make current a version the deployed host cannot serve, saying why. */
  function assertServes(remote, version, range) {
    const host = hostContract();
    if (!contractServes(host, range))
      throw new Error(
        `${remote} ${version} was built against ${CONTRACT_PACKAGE} ${range}; the host serves ${host}: it cannot run it (rebuild it against the host's contract, or release a host that serves it first)`,
      );
  }

  /** Refuse to change the current version while a canary runs (promote or abort it first), saying so. */
  function assertNoCanary(remote, entry) {
    const c = entry?.canary;
    if (c)
      throw new Error(
        `${remote} has a canary running (${c.version} on ${c.percent} % of devices): promote or abort it first`,
      );
  }

  function isOnline(remote, version) {
    return fs.existsSync(path.join(dist, 'remotes', remote, version, 'mf-manifest.json'));
  }

  /**
   * Move a fresh build from `buildDir` into its versioned folder; make it current unless `makeCurrent` is false
   * (then it waits, release-ready, for someone to make it current). Returns { version, reused }.
   */
  function publishLocked(remote, buildDir, { note, makeCurrent = true } = {}) {
    assertRemote(remote);
    if (!fs.existsSync(path.join(buildDir, 'mf-manifest.json'))) {
      throw new Error(`${buildDir} has no mf-manifest.json: not a remote build`);
    }
    const hash = hashDir(buildDir);
    const contract = contractOfBuild(buildDir);
    const reg = readRegistry();
    const entry = reg.remotes[remote] ?? { current: null, versions: [], history: [] };
    // A version the host cannot serve may be published (release-ready), never made current.
    if (makeCurrent) {
      assertNoCanary(remote, entry);
      assertServes(remote, 'this build', contract);
    }
    const existing = entry.versions.find((v) => v.hash === hash && isOnline(remote, v.version));
    let version;
    if (existing) {
      version = existing.version;
      fs.rmSync(buildDir, { recursive: true, force: true });
    } else {
      version = `${stamp()}-${hash}`;
      const target = path.join(dist, 'remotes', remote, version);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(buildDir, target);
      entry.versions.push({
        version,
        hash,
        builtAt: new Date().toISOString(),
        ...(contract ? { contract } : {}),
      });
    }
    const reused = Boolean(existing);
    if (makeCurrent && entry.current !== version) {
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

  /**
   * Make `version` (or, without one, the version current before the present one) current. `action` is what the
   * history records ('rollback' by default; 'release' when a release-ready version goes live; 'auto_rollback' when
   * the server rolls a failing release back); `by` who did it. `expectCurrent`: change nothing unless that version
   * is current (the server's automatic rollback, so it never undoes a change made since it measured); `check`: the
   * figures that decided an automatic change, kept in the history.
   */
  function setCurrentLocked(remote, version, { action = 'rollback', by, expectCurrent, check } = {}) {
    assertRemote(remote);
    const reg = readRegistry();
    const entry = reg.remotes[remote];
    if (!entry?.current) throw new Error(`${remote} has never been released`);
    if (expectCurrent !== undefined && entry.current !== expectCurrent)
      throw new Error(`${remote} no longer runs ${expectCurrent} (now ${entry.current}): nothing changed`);
    assertNoCanary(remote, entry);
    let target = version;
    if (action === 'rollback' || action === 'auto_rollback') {
      const earlier = rollbackTargets(entry);
      if (!target) {
        target = earlier.find((v) => isOnline(remote, v));
        if (!target) throw new Error(`${remote} has no earlier version to roll back to`);
      } else if (target !== entry.current && entry.versions.some((v) => v.version === target)) {
        if (!earlier.includes(target))
          throw new Error(
            `${remote}: ${target} was not current before ${entry.current}; a rollback goes only to an earlier current version (release it instead)`,
          );
      }
    } else if (!target)
      throw new Error(`${remote} has no published version named: name the version to release`);
    const known = entry.versions.some((v) => v.version === target);
    if (!known || !isOnline(remote, target)) {
      throw new Error(
        `${remote} has no published version "${target}". Known: ${entry.versions.map((v) => v.version).join(', ')}`,
      );
    }
    if (target === entry.current) return { version: target, changed: false, from: entry.current };
    assertServes(remote, target, contractOf(remote, entry, target));
    const from = entry.current;
    entry.history.push({
      at: new Date().toISOString(),
      action,
      from,
      to: target,
      ...(by ? { by } : {}),
      ...(check ? { check } : {}),
    });
    entry.current = target;
    writeRegistry(reg);
    return { version: target, changed: true, from };
  }

  /** The entry of a released remote, read for a change (refusing a remote never released). */
  function releasedEntry(reg, remote) {
    assertRemote(remote);
    const entry = reg.remotes[remote];
    if (!entry?.current) throw new Error(`${remote} has never been released`);
    return entry;
  }

  /**
   * Send published `version` to `percent` % of devices (a whole number, 1–99), the rest staying on the current
   * version. Run again for the same version it changes the share (the window, `since`, goes on); another version
   * while a canary runs is refused, as is a version the host cannot serve (the release's contract check).
   */
  function startCanaryLocked(remote, version, percent, { by } = {}) {
    const share = parseCanaryPercent(percent);
    const reg = readRegistry();
    const entry = releasedEntry(reg, remote);
    if (!version)
      throw new Error(`${remote} has no published version named: name the version for the canary`);
    if (!entry.versions.some((v) => v.version === version) || !isOnline(remote, version))
      throw new Error(
        `${remote} has no published version "${version}". Known: ${entry.versions.map((v) => v.version).join(', ')}`,
      );
    if (version === entry.current)
      throw new Error(`${remote} already runs ${version} for every device: a canary is another version`);
    const before = entry.canary ?? null;
    if (before && before.version !== version)
      throw new Error(
        `${remote} has a canary running (${before.version} on ${before.percent} % of devices): promote or abort it first`,
      );
    assertServes(remote, version, contractOf(remote, entry, version));
    if (before && before.percent === share) return { version, percent: share, changed: false, before };
    const at = new Date().toISOString();
    entry.canary = { version, percent: share, since: before?.since ?? at, ...(by ? { by } : {}) };
    entry.history.push({
      at,
      action: 'canary',
      from: entry.current,
      to: version,
      percent: share,
      ...(by ? { by } : {}),
    });
    writeRegistry(reg);
    return { version, percent: share, changed: true, before };
  }

  /** Make the canary's version current for every device (the release's contract check applies), ending it. */
  function promoteLocked(remote, { by } = {}) {
    const reg = readRegistry();
    const entry = releasedEntry(reg, remote);
    const canary = entry.canary;
    if (!canary) throw new Error(`${remote} has no canary running: nothing to promote or abort`);
    assertServes(remote, canary.version, contractOf(remote, entry, canary.version));
    if (!isOnline(remote, canary.version))
      throw new Error(`${remote} has no published version "${canary.version}" online`);
    const from = entry.current;
    entry.history.push({
      at: new Date().toISOString(),
      action: 'promote',
      from,
      to: canary.version,
      ...(by ? { by } : {}),
    });
    entry.current = canary.version;
    delete entry.canary;
    writeRegistry(reg);
    return { version: canary.version, from, canary };
  }

  /**
   * End the canary: every device back on the current version. `action` is what the history records ('abort', or
   * 'auto_abort' from the server); `expectVersion`: change nothing unless that version is the canary (the server
   * aborts what it measured, never a canary started since); `check`: the figures that decided it, kept in the history.
   */
  function abortLocked(remote, { by, action = 'abort', expectVersion, check } = {}) {
    const reg = readRegistry();
    const entry = releasedEntry(reg, remote);
    const canary = entry.canary;
    if (!canary) throw new Error(`${remote} has no canary running: nothing to promote or abort`);
    if (expectVersion !== undefined && canary.version !== expectVersion)
      throw new Error(
        `${remote}'s canary is no longer ${expectVersion} (now ${canary.version}): nothing changed`,
      );
    entry.history.push({
      at: new Date().toISOString(),
      action,
      from: canary.version,
      to: entry.current,
      ...(by ? { by } : {}),
      ...(check ? { check } : {}),
    });
    delete entry.canary;
    writeRegistry(reg);
    return { version: entry.current, canary };
  }

  return {
    file,
    dist,
    readRegistry,
    writeRegistry,
    isOnline,
    hostContract,
    publish: (remote, buildDir, options) => withLock(() => publishLocked(remote, buildDir, options)),
    rollback: (remote, version) => withLock(() => setCurrentLocked(remote, version)),
    setCurrent: (remote, version, options) => withLock(() => setCurrentLocked(remote, version, options)),
    setCurrentAsync: (remote, version, options) =>
      withLockAsync(() => setCurrentLocked(remote, version, options)),
    startCanary: (remote, version, percent, options) =>
      withLock(() => startCanaryLocked(remote, version, percent, options)),
    startCanaryAsync: (remote, version, percent, options) =>
      withLockAsync(() => startCanaryLocked(remote, version, percent, options)),
    promote: (remote, options) => withLock(() => promoteLocked(remote, options)),
    promoteAsync: (remote, options) => withLockAsync(() => promoteLocked(remote, options)),
    abort: (remote, options) => withLock(() => abortLocked(remote, options)),
    abortAsync: (remote, options) => withLockAsync(() => abortLocked(remote, options)),
  };
}

module.exports = {
  REMOTES,
  CONTRACT_PACKAGE,
  createRegistry,
  hashDir,
  assertRemote,
  rollbackTargets,
  changesCurrent,
  parseCanaryPercent,
  contractOfBuild,
  contractServes,
};
