/** GET /api/ops/remotes/health (admin): each remote version's health from real sessions over a window. */
import { opsApi } from '@meridian/shared/ops';
import type { HealthWindow, OpsRemotesHealth } from '@meridian/shared/pure';

/** `passive`: a refresh of the page's own, which does not keep an unattended session alive. */
export function fetchRemoteHealth(window: HealthWindow, passive: boolean): Promise<OpsRemotesHealth> {
  return opsApi.get('/api/ops/remotes/health', { window }, { silent: true, passive });
}
