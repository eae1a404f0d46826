/** GET /api/ops/audit: the audit log, filtered and paged (no update or delete path exists). */
import { opsApi } from '@meridian/shared/ops';
import type { OpsAuditRow, OpsPage } from '@meridian/shared/pure';

/** The filters as sent: an empty one is left out; `from`/`to` epoch ms (`to` exclusive). */
export type AuditQuery = {
  actor?: string;
  action?: string;
  object_type?: string;
  object_id?: string;
  from?: number;
  to?: number;
  page: number;
  limit: number;
};

export function fetchAudit(query: AuditQuery): Promise<OpsPage<OpsAuditRow>> {
  return opsApi.get('/api/ops/audit', query, { silent: true });
}
