/**
 * Web Push on this device, the browser's side (docs/ops.md#web-push): the trader turns it on with a tap (the browser
 * asks for permission then, never on its own at a visit), the device subscribes with the server's VAPID key and hands
 * the subscription to the server, which pushes a stored notification while no tab of the app is open.
 *
 * - A trader who said no (the browser's "Block", or "Turn off" here) is never asked again; "Not now" hides the offer
 *   for {@link ASK_AGAIN_AFTER_MS}.
 * - A subscription belongs to the session that made it (the server drops it at logout), so each sign-in on a device
 *   that has push on hands the subscription over again ({@link syncPush}), as does a language change (the messages
 *   are in the language the device subscribed in). When the server's key differs from the subscription's (keys were
 *   rotated), the device subscribes again with the new one.
 */
import { api, readJson, STORAGE_KEYS, writeStorage } from '@meridian/shared';

/** How long "Not now" keeps the offer hidden. */
export const ASK_AGAIN_AFTER_MS = 30 * 24 * 3600_000;
/** How long to wait for the service worker the host registers after the first load. */
const WORKER_WAIT_MS = 10_000;

/** What this device remembers of each trader's choice (STORAGE_KEYS.push). */
type Choices = { on: number[]; off: number[]; later: number };

function choices(): Choices {
  const raw = readJson<Partial<Choices>>(STORAGE_KEYS.push);
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : []);
  return { on: ids(raw?.on), off: ids(raw?.off), later: typeof raw?.later === 'number' ? raw.later : 0 };
}

function choose(userId: number, choice: 'on' | 'off'): void {
  const c = choices();
  const other = choice === 'on' ? 'off' : 'on';
  c[other] = c[other].filter((id) => id !== userId);
  if (!c[choice].includes(userId)) c[choice] = [...c[choice], userId].slice(-20);
  writeStorage(STORAGE_KEYS.push, JSON.stringify(c));
}

/**
 * Where push stands on this device for this trader (each trader on a shared phone chooses for themselves):
 * - `unsupported`: this browser cannot (no service worker or Push API, or not a secure page; iOS: only installed);
 * - `blocked`: the browser's permission is denied: only the browser's site settings can change it;
 * - `on`: the trader turned it on and the permission is granted;
 * - `off`: the trader turned it off, or asked not now (`later` still counts as off, but hides the offer);
 * - `ask`: never decided: the offer may be shown.
 */
export type PushStatus = 'unsupported' | 'blocked' | 'on' | 'off' | 'later' | 'ask';

/** What turning push on came to. */
export type PushResult = 'on' | 'blocked' | 'unsupported' | 'failed' | 'dismissed';

type PushEnv = {
  nav: Navigator;
  notification: typeof Notification | undefined;
  secure: boolean;
  now: () => number;
};

function env(): PushEnv {
  return {
    nav: globalThis.navigator,
    notification: typeof Notification === 'undefined' ? undefined : Notification,
    secure: typeof window !== 'undefined' && window.isSecureContext,
    now: Date.now,
  };
}

function supported(e: PushEnv): boolean {
  return (
    e.secure &&
    e.notification !== undefined &&
    !!e.nav &&
    'serviceWorker' in e.nav &&
    typeof globalThis.PushManager !== 'undefined'
  );
}

/** Where push stands on this device (see {@link PushStatus}). */
export function pushStatus(userId: number, e: PushEnv = env()): PushStatus {
  if (!supported(e)) return 'unsupported';
  const permission = e.notification!.permission;
  if (permission === 'denied') return 'blocked';
  const c = choices();
  if (c.on.includes(userId)) return permission === 'granted' ? 'on' : 'ask';
  if (c.off.includes(userId)) return 'off';
  if (c.later > e.now()) return 'later';
  return 'ask';
}

/** "Not now": the offer stays hidden for {@link ASK_AGAIN_AFTER_MS}. */
export function postponePush(e: PushEnv = env()): void {
  writeStorage(STORAGE_KEYS.push, JSON.stringify({ ...choices(), later: e.now() + ASK_AGAIN_AFTER_MS }));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

/** base64url (the server's key, the subscription's keys) to bytes, and back. */
export function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function workerRegistration(e: PushEnv): Promise<ServiceWorkerRegistration | null> {
  const ready = e.nav.serviceWorker.ready;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([ready, timeout]);
}

/**
 * Subscribes this device (again when the server's key changed) and hands the subscription to the server. Throws
 * when the browser or the server refuses.
 */
async function subscribeDevice(e: PushEnv): Promise<void> {
  const registration = await workerRegistration(e);
  if (!registration) throw new Error('push: no service worker');
  const { public_key } = await api.get('/api/push/key', undefined, { silent: true });
  const key = fromBase64Url(public_key);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key as BufferSource,
  });
  const json = subscription.toJSON();
  await api.post(
    '/api/push/subscribe',
    {
      endpoint: json.endpoint ?? subscription.endpoint,
      p256dh: json.keys?.p256dh ?? '',
      auth: json.keys?.auth ?? '',
    },
    { form: true, silent: true },
  );
}

/**
 * Turns push on: asks the browser's permission (call it from the trader's tap, never on its own), subscribes and
 * tells the server. Nothing is asked when the browser already blocks it.
 */
export async function enablePush(userId: number, e: PushEnv = env()): Promise<PushResult> {
  if (!supported(e)) return 'unsupported';
  if (e.notification!.permission === 'denied') return 'blocked';
  const permission =
    e.notification!.permission === 'granted' ? 'granted' : await e.notification!.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  try {
    await subscribeDevice(e);
  } catch (err) {
    console.warn('[push]', err);
    return 'failed';
  }
  choose(userId, 'on');
  return 'on';
}

/**
 * Turns push off on this device for this trader: the server forgets the subscription, the browser drops it, and it is
 * not offered to them again.
 */
export async function disablePush(userId: number, e: PushEnv = env()): Promise<void> {
  choose(userId, 'off');
  if (!supported(e)) return;
  const registration = await e.nav.serviceWorker.getRegistration().catch(() => undefined);
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  if (!subscription) return;
  await api
    .post('/api/push/unsubscribe', { endpoint: subscription.endpoint }, { form: true, silent: true })
    .catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}

/**
 * After a sign-in or a language change on a device that has push on: hands the subscription to this session (made
 * again when the server's key changed). Quiet: a failure is logged, and tried again at the next sign-in.
 */
export async function syncPush(userId: number, e: PushEnv = env()): Promise<void> {
  if (pushStatus(userId, e) !== 'on') return;
  try {
    await subscribeDevice(e);
  } catch (err) {
    console.warn('[push]', err);
  }
}
