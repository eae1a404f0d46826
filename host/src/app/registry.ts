/**
 * The remote registry (`/remotes.json`, never cached) applied with the federation runtime at start-up: the host's
 * build holds no remote URL, so releasing or rolling back one remote is a registry edit, not a host rebuild.
 */
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { readBoot } from '@meridian/shared';
import type { RegistryChange } from '@meridian/shared';
import { federationName, REMOTES } from './routes';
import type { RemoteKey } from './routes';

export type RegistryEntry = { current: string; history?: unknown[] };
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

function register(reg: Registry, only?: RemoteKey): void {
  const list = REMOTES.filter((key) => (only ? key === only : true))
    .map((key) => ({ key, entry: reg.remotes[key] }))
    .filter((x): x is { key: RemoteKey; entry: RegistryEntry } => Boolean(x.entry?.current))
    .map(({ key, entry }) => ({ name: federationName(key), entry: remoteEntryUrl(key, entry.current) }));
  const instance = getInstance();
  if (instance) instance.registerRemotes(list, { force: true });
  else registerRemotes(list, { force: true });
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
    const inPage = fromPage ? readBoot()?.remotes : undefined;
    fromPage = false;
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
  return Date.now() - fetchedAt < REGISTRY_STALE_MS ? (known.remotes[remote]?.current ?? '') : '';
}

/**
 * A registry change heard on the socket (REMOTES): when a remote's current version is not the one known, the
 * registry is treated as stale, so the next navigation into a remote route reads it again and loads the new
 * version there. The page on screen is left alone (never swapped in the middle of a form); the kept-alive markets
 * pages keep their version until the next start.
 */
export function registryChanged(change: RegistryChange): boolean {
  const moved = Object.entries(change.remotes).some(
    ([remote, version]) => known.remotes[remote as RemoteKey]?.current !== version,
  );
  if (moved) fetchedAt = 0;
  return moved;
}

/** Read the registry again; re-register (dropping the runtime's cache) only the remotes whose version changed. */
export async function refreshRegistry(): Promise<void> {
  await ensureRegistry();
  const before = known;
  const reg = await fetchRegistry();
  registry = Promise.resolve(remember(reg));
  for (const key of REMOTES) {
    if (reg.remotes[key]?.current !== before.remotes[key]?.current) register(reg, key);
  }
}

/** After a failure: read the registry again and re-register one remote, dropping what the runtime cached. */
export async function resetRemote(remote: RemoteKey): Promise<void> {
  registry = null;
  const reg = await fetchRegistry();
  registry = Promise.resolve(remember(reg));
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
