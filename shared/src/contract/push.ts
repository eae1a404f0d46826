/**
 * The wire contract of Web Push (docs/calls.md#web-push): a device subscribes with the server's VAPID public key,
 * hands the server its push subscription, and receives one encrypted message per stored notification while the
 * trader has no app tab open. The service worker shows the message (`PushMessage`) as a system notification.
 */
import type { NotificationType } from './notifications';

/** Bounds of a subscription: the endpoint's length, and how many devices one trader keeps (the oldest goes). */
export const PUSH_LIMITS = {
  endpointMax: 1024,
  devicesPerUser: 10,
  /** Decoded lengths of the subscription's keys: an uncompressed P-256 point and a 16-byte auth secret. */
  p256dhBytes: 65,
  authBytes: 16,
} as const;

/** GET /api/push/key: the VAPID public key (base64url, 65 bytes decoded) for `pushManager.subscribe`. */
export type PushKey = { public_key: string };

/**
 * POST /api/push/subscribe (form): the fields of the browser's `PushSubscription.toJSON()`, flattened:
 * `endpoint`, `p256dh` (`keys.p256dh`) and `auth` (`keys.auth`), both base64url.
 */
export type PushSubscribeParams = { endpoint: string; p256dh: string; auth: string };

/** POST /api/push/subscribe: the caller's devices after saving (at most PUSH_LIMITS.devicesPerUser). */
export type PushSubscribed = { devices: number };

/** POST /api/push/unsubscribe (form): the endpoint the device no longer uses. */
export type PushUnsubscribeParams = { endpoint: string };

/** POST /api/push/unsubscribe: 1 when the caller's subscription was removed, 0 when the caller had none there. */
export type PushUnsubscribed = { removed: 0 | 1 };

/**
 * The decrypted payload of one push message, as the service worker reads it: what to show, in the language the
 * device subscribed in, and the in-app path to open on a tap. Only the trader's own information.
 */
export type PushMessage = {
  /** The stored notification's id (also the notification tag: a repeat replaces, never stacks). */
  id: number;
  type: NotificationType;
  title: string;
  body: string;
  /** An in-app path (starts with `/`), e.g. `/mine/alerts`. */
  url: string;
  /** Epoch ms of the event. */
  time: number;
};
