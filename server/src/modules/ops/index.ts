// The back office's public surface for other modules: sign-in state and roles of an ops call, the audit log, the
// dashboard registry and the ops accounts the CLI manages. Other modules import only from here.
export { OPS_TOKEN_PREFIX, isOpsToken, optionalOps, opsOf, requireOps } from './auth';
export type { OpsActor } from './auth';
export { appendAudit, audit } from './audit';
export type { AuditActor, AuditEntry } from './audit';
export { OpsDashboardRegistry } from './dashboard';
export type { OpsCountProvider } from './dashboard';
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
export { opsRoutes } from './routes';
