/**
 * The back office's public surface for other modules: the sign-in state and roles of an ops call, the audit log, the
 * dashboard registry (built once by buildApp, `app.services.ops`) and the ops accounts the CLI manages. Its routes
 * are registered by app.ts (routes.ts).
 */
import { createRegistry } from '@meridian/config/registry.cjs';
import type { Registry } from '@meridian/config/registry.cjs';
import { OpsDashboardRegistry } from './dashboard';
import type { OpsDashboardDeps } from './dashboard';

export {
  OPS_TOKEN_PREFIX,
  findOpsSession,
  isOpsToken,
  liveOpsSession,
  optionalOps,
  opsOf,
  requireOps,
} from './auth';
export type { OpsActor } from './auth';
export { appendAudit, audit } from './audit';
export type { AuditActor, AuditEntry } from './audit';
export type { OpsCountProvider, OpsDashboardDeps, OpsDashboardRegistry } from './dashboard';
export {
  createOpsAccount,
  findOpsByEmail,
  listOps,
  parseRoles,
  resetOpsPassword,
  resetOpsTotp,
  setOpsDisabled,
  setOpsRoles,
} from './accounts';

export type Ops = {
  /** Modules register what waits for action in their area (`ops.dashboard.register(...)`). */
  dashboard: OpsDashboardRegistry;
  /** The remote registry of the deployment served (STATIC_DIR), shared with `npm run mf` through its lock file. */
  registry: Registry;
};

export type OpsDeps = OpsDashboardDeps & { staticDir: string };

export function createOps(deps: OpsDeps): Ops {
  return { dashboard: new OpsDashboardRegistry(deps), registry: createRegistry(deps.staticDir) };
}
