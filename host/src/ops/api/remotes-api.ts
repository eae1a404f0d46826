/** The remotes (admin): each remote's versions; make one current, or roll back (the registry code of `npm run mf`). */
import type { WithMessage } from '@meridian/shared';
import { opsApi } from '@meridian/shared/ops';
import type { OpsRemote } from '@meridian/shared/pure';

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
