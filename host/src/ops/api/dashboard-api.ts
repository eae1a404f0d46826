/** GET /api/ops/dashboard: what needs action now, for the signed-in person's roles. */
import { opsApi } from '@meridian/shared/ops';
import type { OpsDashboard } from '@meridian/shared/pure';

/** `passive`: a refresh of the page's own, which does not keep an unattended session alive. */
export function fetchDashboard(passive: boolean): Promise<OpsDashboard> {
  return opsApi.get('/api/ops/dashboard', undefined, { silent: true, passive });
}
