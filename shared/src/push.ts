/**
 * `@meridian/shared/push`: Web Push on this device (turning it on from a tap, off, handing the subscription to each
 * new session) and its offer and switch, federated as its own singleton entry like `./lists`: only the screens that
 * offer it and a signed-in host on a device with push on load it, never the first visit. It takes the API client and
 * the session from `@meridian/shared` by name.
 */
export {
  enablePush,
  disablePush,
  syncPush,
  pushStatus,
  postponePush,
  ASK_AGAIN_AFTER_MS,
} from './push/web-push';
export type { PushStatus, PushResult } from './push/web-push';
export { PushOffer, PushSwitch } from './push/push-offer';
