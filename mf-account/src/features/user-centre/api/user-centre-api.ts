/** The user centre's calls: the fresh user (balance), the demo reset, and the customer-service setting. */
import { api } from '@meridian/shared';
import type { User } from '@meridian/shared';

/** GET /api/user/info: the user with balance, lock_balance and credit score. */
export function fetchUserInfo(): Promise<User> {
  return api.get('/api/user/info', undefined, { silent: true });
}

/**
 * GET /v1/api/main/user/resetForexDemoAccount; resolves with the server's message. Silent: the caller explains a
 * failure itself, because a server without this call yet answers 404 and "Network error (404)" would mislead.
 */
export async function resetDemoAccount(): Promise<string> {
  const { msg } = await api.getWithMessage('/v1/api/main/user/resetForexDemoAccount', undefined, {
    silent: true,
    spinner: true,
  });
  return msg;
}

export type ServiceLink = { link: string; type: number };

/** GET /api/basicSet/getBasicInfo → the customer-service link and how to open it (docs/rules.md). */
export async function fetchServiceLink(): Promise<ServiceLink> {
  const data = await api.get('/api/basicSet/getBasicInfo', undefined, { silent: true });
  return { link: data.service_link ?? '', type: Number(data.service_link_type) };
}

/** GET /api/notification/list with `limit=1`: only its `unread`, the count on the notifications row. */
export async function fetchNotificationUnread(): Promise<number> {
  const d = await api.get('/api/notification/list', { limit: 1 }, { silent: true });
  return d.unread;
}
