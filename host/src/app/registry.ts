/**
 * The remote registry (`/remotes.json`, never cached) applied with the federation runtime at start-up: the host's
 * build holds no remote URL, so releasing or rolling back one remote is a registry edit, not a host rebuild.
 * A remote with a canary runs the canary's version on this device when the device's bucket falls in its share
 * (`inCanary`: a stable hash of `deviceId()`, the remote and the canary version), so a trader stays on one side
 * from visit to visit; every other device runs the current version.
 */
import { getInstance, loadRemote, registerRemotes, satisfy } from '@module-federation/enhanced/runtime';
import { deviceId, inCanary, readBoot } from '@meridian/shared';
import type { RegistryChange } from '@meridian/shared';
import { federationName, REMOTES } from './routes';
import type { RemoteKey } from './routes';

/** A published version: `contract` is the range of @meridian/shared its build was made against. */
export type RegistryVersion = { version: string; contract?: string };
/** A canary: `version` on `percent` % of devices (the page's copy of the registry carries its contract range). */
export type RegistryCanary = { version: string; percent: number; contract?: string };
export type RegistryEntry = {
  current: string;
  /** The current version's contract range (the page's copy of the registry carries it). */
  contract?: string;
  canary?: RegistryCanary;
  versions?: RegistryVersion[];
  history?: { action?: string; from?: string | null; to?: string }[];
};
export type Registry = { remotes: Partial<Record<RemoteKey, RegistryEntry>> };

let registry: Promise<Registry> | null = null;
/** The registry the server wrote into index.html serves the first load; a retry after a failure reads it afresh. */
let fromPage = true;

async function fetchRegistry(): Promise<Registry> {
  const res = await fetch('/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
  const body = (await res.json()) as Registry;
  if (!body || typeof body.remotes !== 'object') throw new Error('remotes.json: malformed');
  return body;
}

/**
 * The entry the runtime loads. The remote's `remoteEntry.js`, not its `mf-manifest.json`: the manifest path needs
 * the runtime's snapshot plugin, which we leave out to keep the first load small (config/webpack.cjs). Each
 * versioned folder still carries its manifest and generated types for tooling.
 */
export function remoteEntryUrl(remote: RemoteKey, version: string): string {
  return `${window.location.origin}/remotes/${remote}/${encodeURIComponent(version)}/remoteEntry.js`;
}

/** The contract this host serves (the @meridian/shared it provides); null where unknown (unit tests). */
const HOST_CONTRACT: string | null = typeof __MERIDIAN_CONTRACT__ === 'string' ? __MERIDIAN_CONTRACT__ : null;

/** Whether this host can run a remote built against contract `range` (unknown on either side: yes). */
export function servesContract(range: string | undefined, host: string | null = HOST_CONTRACT): boolean {
  return !host || !range || satisfy(host, range);
}

/**
 * The version of a remote this host loads: the current one when its build was made against a contract this host
 * serves (checked with the federation runtime's own `satisfy`, as the registry checks a release), else the most
 * recent earlier current version that is, else none (its routes show the remote's fallback). A refusal is reported.
 */
export function servedVersion(
  remote: RemoteKey,
  entry: RegistryEntry,
  host: string | null = HOST_CONTRACT,
): string | null {
  const serves = (range: string | undefined) => servesContract(range, host);
  const contractOf = (v: string) =>
    v === entry.current && entry.contract
      ? entry.contract
      : entry.versions?.find((x) => x.version === v)?.contract;
  if (serves(contractOf(entry.current))) return entry.current;
  // Earlier current versions, most recent first (a canary's rows never made their version current).
  const earlier = [...(entry.history ?? [])]
    .filter((h) => !CANARY_ACTIONS.has(h.action ?? ''))
    .reverse()
    .map((h) => h.from)
    .filter((v): v is string => typeof v === 'string' && v !== entry.current);
  // A version published before builds recorded their contract is taken as fitting (as the registry does).
  const fallback = [...new Set(earlier)].find((v) => serves(contractOf(v)));
  console.warn(
    `[remote] ${remote} ${entry.current} needs @meridian/shared ${contractOf(entry.current)}; this host serves ${host}: ${
      fallback ? `running ${fallback} instead` : 'not loaded'
    }`,
  );
  refused.set(remote, { version: entry.current, fallback: fallback ?? null });
  return fallback ?? null;
}

/** History actions of a canary (config/registry.cjs changesCurrent): their versions were never current. */
const CANARY_ACTIONS = new Set(['canary', 'abort', 'auto_abort']);

/**
 * The version of a remote this device runs: the canary's when the device is in its share (`inCanary`) and this
 * host serves the canary's contract, else the current one through {@link servedVersion} (with its contract
 * fallback). `device` is this device's id (`deviceId()`).
 */
export function chosenVersion(
  remote: RemoteKey,
  entry: RegistryEntry,
  device: string = deviceId(),
  host: string | null = HOST_CONTRACT,
): string | null {
  const c = entry.canary;
  if (c && typeof c.version === 'string' && inCanary(device, remote, c.version, c.percent)) {
    const range = c.contract ?? entry.versions?.find((v) => v.version === c.version)?.contract;
    if (servesContract(range, host)) return c.version;
    console.warn(
      `[remote] ${remote} canary ${c.version} needs @meridian/shared ${range}; this host serves ${host}: running the current version`,
    );
  }
  return servedVersion(remote, entry, host);
}

/** Versions refused at load (the remote, the version refused, what runs instead): read by the health report. */
export const refused = new Map<RemoteKey, { version: string; fallback: string | null }>();

/** The version of each remote registered for this tab (a canary's or the current one); none when not loadable. */
const chosen = new Map<RemoteKey, string | null>();

/**
 * The version of `remote` this tab registered (what its next load runs): the one the health reports attribute a
 * remote's errors and loads to. Null before the registry is read, or when no version of it can run here.
 */
export function runningVersion(remote: RemoteKey): string | null {
  return chosen.get(remote) ?? null;
}

function register(reg: Registry, only?: RemoteKey): void {
  const list = REMOTES.filter((key) => (only ? key === only : true))
    .map((key) => ({ key, entry: reg.remotes[key] }))
    .filter((x): x is { key: RemoteKey; entry: RegistryEntry } => Boolean(x.entry?.current))
    .map(({ key, entry }) => {
      const version = chosenVersion(key, entry);
      chosen.set(key, version);
      return { key, version };
    })
    .filter((x): x is { key: RemoteKey; version: string } => x.version !== null)
    .map(({ key, version }) => ({ name: federationName(key), entry: remoteEntryUrl(key, version) }));
  const instance = getInstance();
  if (instance) instance.registerRemotes(list, { force: true });
  else registerRemotes(list, { force: true });
}

/**
 * Before another version of a remote is registered in a running tab: every version of a remote pushes its chunks
 * onto one global array (`webpackChunk<name>`, from the build's uniqueName), and a container that starts adopts the
 * chunks already there. Chunk and module ids repeat from one version to the next, so the new version would run the
 * old version's modules (a rolled-back or aborted page would keep failing). A fresh array makes it load its own; the
 * old container keeps its reference and its modules, so a page still on screen keeps working.
 */
function forgetChunks(remote: RemoteKey): void {
  delete (globalThis as Record<string, unknown>)[`webpackChunk${federationName(remote)}`];
}

/** How long a fetched registry is trusted before entering a remote route reads it again. */
export const REGISTRY_STALE_MS = 30_000;
let fetchedAt = 0;
let known: Registry = { remotes: {} };

function remember(reg: Registry): Registry {
  known = reg;
  fetchedAt = Date.now();
  return reg;
}

/** Fetch and register the registry once; a failure is retried on the next call. */
export function ensureRegistry(): Promise<Registry> {
  if (!registry) {
    let inPage: Registry['remotes'] | undefined = fromPage ? readBoot()?.remotes : undefined;
    fromPage = false;
    // A current version this host cannot serve: the whole registry (its history) is read to find what runs instead.
    if (inPage && Object.values(inPage).some((e) => e?.contract && !servesContract(e.contract)))
      inPage = undefined;
    registry = (inPage ? Promise.resolve<Registry>({ remotes: inPage }) : fetchRegistry()).then(
      (reg) => {
        register(reg);
        return remember(reg);
      },
      (err: unknown) => {
        registry = null;
        throw err;
      },
    );
  }
  return registry;
}

/**
 * The version of `remote` to show when its route is entered, or '' when the registry is older than
 * {@link REGISTRY_STALE_MS}: the page then waits for {@link refreshRegistry} before loading, so a tab left open
 * picks up a release or rollback on its next visit to that remote (once, never a reload loop).
 */
export function enteredVersion(remote: RemoteKey): string {
  if (Date.now() - fetchedAt >= REGISTRY_STALE_MS) return '';
  return chosen.get(remote) ?? known.remotes[remote]?.current ?? '';
}

const canaryKey = (c: { version: string; percent: number } | undefined) =>
  c ? `${c.version}@${c.percent}` : '';

/**
 * A registry change heard on the socket (REMOTES): when a remote's current version, or its canary (version or
 * share: a release, rollback, canary, promote or abort), is not the one known, the registry is treated as stale, so
 * the next navigation into a remote route reads it again and loads there the version this device now runs. The page
 * on screen is left alone (never swapped in the middle of a form); the kept-alive markets pages keep their version
 * until the next start.
 */
export function registryChanged(change: RegistryChange): boolean {
  const moved =
    Object.entries(change.remotes).some(
      ([remote, version]) => known.remotes[remote as RemoteKey]?.current !== version,
    ) ||
    (change.canaries !== undefined &&
      REMOTES.some(
        (remote) => canaryKey(change.canaries?.[remote]) !== canaryKey(known.remotes[remote]?.canary),
      ));
  if (moved) fetchedAt = 0;
  return moved;
}

/**
 * Read the registry again; re-register (dropping the runtime's cache) only the remotes whose version for this device
 * changed (a canary started or ended for a device outside its share changes nothing there).
 */
export async function refreshRegistry(): Promise<void> {
  await ensureRegistry();
  const reg = await fetchRegistry();
  registry = Promise.resolve(remember(reg));
  for (const key of REMOTES) {
    const entry = reg.remotes[key];
    const next = entry?.current ? chosenVersion(key, entry) : null;
    if (next !== (chosen.get(key) ?? null)) {
      forgetChunks(key);
      register(reg, key);
    }
  }
}

/** After a failure: read the registry again and re-register one remote, dropping what the runtime cached. */
export async function resetRemote(remote: RemoteKey): Promise<void> {
  registry = null;
  const before = chosen.get(remote) ?? null;
  const reg = await fetchRegistry();
  registry = Promise.resolve(remember(reg));
  const entry = reg.remotes[remote];
  if (entry?.current && chosenVersion(remote, entry) !== before) forgetChunks(remote);
  register(reg, remote);
}

/** Load an exposed module of a remote (`./HomePage`). */
export async function loadExposed<T>(remote: RemoteKey, module: string): Promise<T> {
  await ensureRegistry();
  const id = `${federationName(remote)}/${module.replace(/^\.\//, '')}`;
  const instance = getInstance();
  const mod = instance ? await instance.loadRemote<T>(id) : await loadRemote<T>(id);
  if (!mod) throw new Error(`${id} could not be loaded`);
  return mod;
}
