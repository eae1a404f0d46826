/**
 * /ops/remotes: the registry of the deployment the server serves (STATIC_DIR), read and changed through the same
 * code and lock as `npm run mf` (config/registry.cjs), so the CLI and the page never lose each other's edit. The
 * registry is built once with the ops service (`app.services.ops.registry`).
 */
import { REMOTES, rollbackTargets } from '@meridian/config/registry.cjs';
import type { Registry, RegistryEntry } from '@meridian/config/registry.cjs';
import type { OpsReleaseCheck, OpsRemote } from '@meridian/shared/pure';

/** A canary's health against the current version's (the release guard's reading); null when unreadable. */
export type CanaryCheck = (
  remote: string,
  entry: RegistryEntry | undefined,
) => Promise<OpsReleaseCheck | null>;

/**
 * Every remote: current version, canary, versions (newest first, with whether their files are online), history.
 * With `check`, each running canary carries its health against the current version's.
 */
export async function remotesView(reg: Registry, check?: CanaryCheck): Promise<OpsRemote[]> {
  const file = reg.readRegistry();
  return Promise.all(REMOTES.map((remote) => remoteView(reg, file.remotes[remote], remote, check)));
}

async function remoteView(
  reg: Registry,
  e: RegistryEntry | undefined,
  remote: string,
  check?: CanaryCheck,
): Promise<OpsRemote> {
  const c = e?.canary;
  return {
    remote,
    current: e?.current ?? null,
    canary: c
      ? {
          version: c.version,
          percent: c.percent,
          since: c.since,
          by: c.by ?? null,
          check: check ? await check(remote, e) : null,
        }
      : null,
    versions: [...(e?.versions ?? [])].reverse().map((v) => ({
      version: v.version,
      built_at: v.builtAt ?? null,
      online: reg.isOnline(remote, v.version),
    })),
    history: [...(e?.history ?? [])]
      .reverse()
      .slice(0, 50)
      .map((h) => ({
        at: h.at,
        action: h.action,
        from: h.from ?? null,
        to: h.to,
        by: h.by ?? null,
        ...(typeof h.percent === 'number' ? { percent: h.percent } : {}),
        ...(h.check ? { check: h.check as OpsReleaseCheck } : {}),
      })),
    rollback_targets: rollbackTargets(e).filter((v) => reg.isOnline(remote, v)),
  };
}

/** One remote's view (after a change), with its canary's health when `check` is given. */
export async function oneRemoteView(
  reg: Registry,
  remote: string,
  check?: CanaryCheck,
): Promise<OpsRemote | undefined> {
  if (!REMOTES.includes(remote)) return undefined;
  return remoteView(reg, reg.readRegistry().remotes[remote], remote, check);
}

export function isRemoteName(name: string): boolean {
  return REMOTES.includes(name);
}
