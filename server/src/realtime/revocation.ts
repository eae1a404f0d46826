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
