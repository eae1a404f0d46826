/**
 * Web Push in Chromium against the real server with its service worker: the trader turns notifications on from the
 * offer on /mine/alerts (the browser's permission granted), the device's subscription reaches the server; a push
 * message delivered through the DevTools protocol (ServiceWorker.deliverPushMessage) is shown by the worker as a
 * system notification with the message's words, and its tap opens the page it names; turned off, the server
 * forgets the device and the offer is not shown again.
 *
 * What the test stands in for: Playwright's browser contexts are incognito, where Chromium has no Push API, and a
 * persistent profile's `pushManager.subscribe` waits for Google's push service, out of reach here. So the page's
 * `PushManager.subscribe` answers a subscription made in the test (a real P-256 key and auth secret, an endpoint on
 * the push service's host) — everything after it (the app's code, the server's checks and storage, the worker) is
 * the real one. The tap is a `notificationclick` dispatched in the worker on the notification it showed (the
 * DevTools protocol has no way to click a system notification).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Worker } from '@playwright/test';
import { baseUrl, signIn, withLanguage } from '../support/app';
import { SHOTS_DIR } from '../support/markets';
import { instrument, newDemo } from '../support/orders';

test.use({ serviceWorkers: 'allow' });

/** The subscription the page's push manager hands out: as a browser would make it for the server's key. */
function deviceSubscription() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  };
}

test('turn notifications on from the alerts page, a push shows as a system notification whose tap opens its page, turn them off', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  await withLanguage(context, 'en');
  const session = await newDemo(request);
  await signIn(context, session);
  const btc = await instrument(request, 'BTCUSD');
  const saved = await request.post(`${baseUrl()}/api/alert/save`, {
    form: {
      forex_id: btc.Id,
      kind: 'price',
      side: 'bid',
      direction: 'above',
      level: (btc.bid * 3).toFixed(btc.PricePrecision),
      repeat: 0,
    },
    headers: { authorization: session.token, lang: 'en' },
  });
  expect(((await saved.json()) as { code: number }).code).toBe(1);

  const device = deviceSubscription();
  await context.addInitScript((sub) => {
    let current: PushSubscription | null = null;
    const make = (key: BufferSource) =>
      ({
        endpoint: sub.endpoint,
        options: { applicationServerKey: key, userVisibleOnly: true },
        toJSON: () => ({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      current = make((options?.applicationServerKey ?? new ArrayBuffer(0)) as BufferSource);
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, device);
  await context.grantPermissions(['notifications'], { origin: baseUrl() });

  await page.goto(`${baseUrl()}/mine/alerts`);
  await expect(page.getByTestId('alert-row')).toHaveCount(1);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
  const offer = page.getByTestId('push-offer');
  await expect(offer).toContainText('Get notified with the app closed');
  await page.screenshot({ path: path.join(SHOTS_DIR, 'push-offer.png') });
  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/subscribe'));
  await offer.getByTestId('push-turn-on').click();
  const answer = (await (await subscribed).json()) as { code: number; data: { devices: number } };
  expect(answer).toMatchObject({ code: 1, data: { devices: 1 } });
  await expect(offer).toContainText('Notifications are on for this device.');
  const sent = (await subscribed).request().postData() ?? '';
  expect(new URLSearchParams(sent).get('endpoint')).toBe(device.endpoint);
  expect(new URLSearchParams(sent).get('p256dh')).toBe(device.p256dh);

  // A push message, delivered to the worker as the push service would.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => r.scopeURL === `${baseUrl()}/` && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const message = {
    id: 4242,
    type: 'price_alert',
    title: 'BTC/USD bid above 1.00',
    body: 'Now 2.00',
    url: '/mine/alerts',
    time: Date.now(),
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseUrl(),
    registrationId: await registrationId,
    data: JSON.stringify(message),
  });
  const shown = () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return (await reg.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url?: string } | null)?.url,
      }));
    });
  await expect
    .poll(shown)
    .toEqual([{ title: message.title, body: message.body, tag: 'notification-4242', url: '/mine/alerts' }]);

  // Its tap, with the app open on another page: that tab opens the notification's page.
  await page.goto(`${baseUrl()}/`);
  const worker: Worker =
    context.serviceWorkers().find((w) => w.url().endsWith('/sw.js')) ??
    (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async () => {
    // The worker's globals (the e2e project is typed for the page and Node only).
    type Shown = { close: () => void };
    const sw = self as unknown as {
      registration: { getNotifications: () => Promise<Shown[]> };
      dispatchEvent: (e: Event) => boolean;
    };
    const NotificationEventOf = (
      self as unknown as { NotificationEvent: new (type: string, init: object) => Event }
    ).NotificationEvent;
    const [notification] = await sw.registration.getNotifications();
    if (!notification) throw new Error('no notification shown');
    try {
      sw.dispatchEvent(new NotificationEventOf('notificationclick', { notification }));
    } catch {
      // waitUntil refuses a dispatched event; the handler has started all the same
    }
  });
  await expect(page).toHaveURL(`${baseUrl()}/mine/alerts`);
  await expect.poll(shown).toEqual([]);

  // Off: the server forgets this device; the offer does not come back.
  await page.goto(`${baseUrl()}/mine/notifications`);
  await expect(page.getByTestId('push-switch')).toBeChecked();
  await page.screenshot({ path: path.join(SHOTS_DIR, 'push-switch.png') });
  const unsubscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/unsubscribe'));
  await page.getByTestId('push-switch').click();
  expect(((await (await unsubscribed).json()) as { data: { removed: number } }).data.removed).toBe(1);
  await expect(page.getByTestId('push-switch')).not.toBeChecked();
  await page.goto(`${baseUrl()}/mine/alerts`);
  await expect(page.getByTestId('alert-row')).toHaveCount(1);
  await expect(page.getByTestId('push-offer')).toHaveCount(0);
});
