/**
 * Session revocation reaches the sockets: whatever ends a session (logout, a password change or reset, ops signing a
 * user out everywhere) publishes `internal.session.revoked` on the bus after its transaction committed, and every
 * node's gateway re-checks the sockets of that user against the sessions table (docs/realtime.md#revocation).
 * The event names the user only: the gateway's re-check decides which of that user's sockets lost their session,
 * so a session opened after the revocation is never touched.
 */
import type { EventBus } from './bus';

export const REVOKED_TOPIC = 'internal.session.revoked';

export function publishRevocation(bus: EventBus, userId: number): void {
  bus.publish({ topic: REVOKED_TOPIC, data: { userId }, userId });
}

export function revokedUserOf(event: { topic: string; data: unknown }): number | null {
  if (event.topic !== REVOKED_TOPIC) return null;
  const id = (event.data as { userId?: unknown } | null)?.userId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/**
 * The same for ops sessions: whatever ends an ops session or changes what it may do (sign-out, disable, a role change,
 * a password or authenticator reset) publishes `internal.ops.revoked` naming the ops account after its transaction
 * committed, and every node's chat re-checks that account's agent sockets against the live session and its roles.
 */
export const OPS_REVOKED_TOPIC = 'internal.ops.revoked';

export function publishOpsRevocation(bus: EventBus, opsId: number): void {
  bus.publish({ topic: OPS_REVOKED_TOPIC, data: { opsId } });
}

export function revokedOpsOf(event: { topic: string; data: unknown }): number | null {
  if (event.topic !== OPS_REVOKED_TOPIC) return null;
  const id = (event.data as { opsId?: unknown } | null)?.opsId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}
