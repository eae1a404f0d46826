/** The remotes (admin): each remote's versions; make one current, or roll back (the registry code of `npm run mf`). */
import type { WithMessage } from '@meridian/shared';
import { opsApi } from '@meridian/shared/ops';
import type { OpsReleaseGuard, OpsRemote } from '@meridian/shared/pure';

export function fetchRemotes(): Promise<OpsRemote[]> {
  return opsApi.get('/api/ops/remotes', undefined, { silent: true });
}

/** Release `version`, or roll back (to `version`, or to the previous one without it). Not silent. */
export function changeRemote(
  kind: 'release' | 'rollback',
  remote: string,
  version?: string,
): Promise<WithMessage<OpsRemote>> {
  const body = { remote, ...(version ? { version } : {}) };
  return kind === 'release'
    ? opsApi.postWithMessage('/api/ops/remotes/release', body)
    : opsApi.postWithMessage('/api/ops/remotes/rollback', body);
}

/** Send `version` to `percent` % of devices (or change a running canary's share). Not silent. */
export function startCanary(
  remote: string,
  version: string,
  percent: string,
): Promise<WithMessage<OpsRemote>> {
  return opsApi.postWithMessage('/api/ops/remotes/canary', { remote, version, percent });
}

/** Promote the running canary (it becomes current for every device), or abort it. Not silent. */
export function endCanary(kind: 'promote' | 'abort', remote: string): Promise<WithMessage<OpsRemote>> {
  return kind === 'promote'
    ? opsApi.postWithMessage('/api/ops/remotes/promote', { remote })
    : opsApi.postWithMessage('/api/ops/remotes/abort', { remote });
}

/** The automatic abort rule and whether failing full releases are rolled back too. */
export function fetchGuard(): Promise<OpsReleaseGuard> {
  return opsApi.get('/api/ops/remotes/guard', undefined, { silent: true });
}

export function setAutoRollback(on: boolean): Promise<WithMessage<OpsReleaseGuard>> {
  return opsApi.postWithMessage('/api/ops/remotes/guard', { auto_rollback: on ? '1' : '0' });
}
