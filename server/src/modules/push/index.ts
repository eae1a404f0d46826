/**
 * The push module's public surface: Web Push to a trader's devices while the app is closed (docs/ops.md#web-push).
 * Built once by app/services.ts; the notifications' producers call `notify` after their commit; its routes
 * (routes.ts) are registered by app/modules.ts.
 */
export { createPush, retryDelay, RETRY_DELAYS_MS, TTL_SECONDS } from './service';
export type { Push, PushDeps, PushOverrides, PushStats } from './service';
