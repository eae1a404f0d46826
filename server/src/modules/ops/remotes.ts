/**
 * /ops/remotes: the registry of the deployment the server serves (STATIC_DIR), read and changed through the same
 * code and lock as `npm run mf` (config/registry.cjs), so the CLI and the page never lose each other's edit. The
 * registry is built once with the ops service (`app.services.ops.registry`).
 */
import { REMOTES, rollbackTargets } from '@meridian/config/registry.cjs';
import type { Registry } from '@meridian/config/registry.cjs';
import type { OpsRemote } from '@meridian/shared/pure';

/** Every remote: current version, versions (newest first, with whether their files are online), history. */
export function remotesView(reg: Registry): OpsRemote[] {
  const file = reg.readRegistry();
  return REMOTES.map((remote) => {
    const e = file.remotes[remote];
    return {
      remote,
      current: e?.current ?? null,
      versions: [...(e?.versions ?? [])].reverse().map((v) => ({
        version: v.version,
        built_at: v.builtAt ?? null,
        online: reg.isOnline(remote, v.version),
      })),
      history: [...(e?.history ?? [])]
        .reverse()
        .slice(0, 50)
        .map((h) => ({ at: h.at, action: h.action, from: h.from ?? null, to: h.to, by: h.by ?? null })),
      rollback_targets: rollbackTargets(e).filter((v) => reg.isOnline(remote, v)),
    };
  });
}

export function isRemoteName(name: string): boolean {
  return REMOTES.includes(name);
}
