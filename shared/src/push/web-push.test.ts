import { mockServer, ok, resetApp } from '../testing/remote-kit';
import { readJson, STORAGE_KEYS } from '../state/storage';
import {
  ASK_AGAIN_AFTER_MS,
  disablePush,
  enablePush,
  fromBase64Url,
  postponePush,
  pushStatus,
  syncPush,
} from './web-push';

// A P-256 public key as the server answers it (65 bytes, base64url), and another after a key rotation.
const KEY_A = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
const KEY_B = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 2)]).toString('base64url');

type FakeSub = {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON: () => { endpoint: string; keys: { p256dh: string; auth: string } };
  unsubscribe: jest.Mock;
};

function fakeSubscription(endpoint: string, key: Uint8Array): FakeSub {
  return {
    endpoint,
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p-key', auth: 'a-key' } }),
    unsubscribe: jest.fn(async () => true),
  };
}

function fakeEnv(permission: NotificationPermission, answer: NotificationPermission = permission) {
  let current: FakeSub | null = null;
  let made = 0;
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async (o: { applicationServerKey: Uint8Array }) => {
      current = fakeSubscription(
        `https://fcm.googleapis.com/fcm/send/device-${++made}`,
        o.applicationServerKey,
      );
      return current;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: jest.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const env = {
    nav: {
      serviceWorker: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    } as unknown as Navigator,
    notification: notification as unknown as typeof Notification,
    secure: true,
    now: () => 1_000_000,
  };
  return { env, notification, pushManager, current: () => current };
}

describe('Web Push on this device', () => {
  beforeAll(() => {
    (globalThis as { PushManager?: unknown }).PushManager = class {};
  });
  afterAll(() => {
    delete (globalThis as { PushManager?: unknown }).PushManager;
  });
  beforeEach(() => resetApp());

  it('is not offered where the browser cannot (no push API, or not a secure page)', () => {
    const { env } = fakeEnv('default');
    expect(pushStatus(7, { ...env, secure: false })).toBe('unsupported');
    expect(pushStatus(7, { ...env, notification: undefined })).toBe('unsupported');
    expect(pushStatus(7, env)).toBe('ask');
  });

  it('asks the browser only from enablePush, subscribes with the server key and hands the subscription over', async () => {
    const server = mockServer({
      'GET /api/push/key': ok({ public_key: KEY_A }),
      'POST /api/push/subscribe': ok({ devices: 1 }),
    });
    const { env, notification, pushManager } = fakeEnv('default', 'granted');
    expect(pushStatus(7, env)).toBe('ask');
    expect(notification.requestPermission).not.toHaveBeenCalled();

    await expect(enablePush(7, env)).resolves.toBe('on');
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(KEY_A),
    });
    expect(server.find('/api/push/subscribe').map((c) => c.body)).toEqual([
      { endpoint: 'https://fcm.googleapis.com/fcm/send/device-1', p256dh: 'p-key', auth: 'a-key' },
    ]);
    expect(pushStatus(7, env)).toBe('on');
    // Another trader on the same phone chooses for themselves.
    expect(pushStatus(8, env)).toBe('ask');
  });

  it('never asks again once the browser blocks it, and says so', async () => {
    mockServer({});
    const { env, notification } = fakeEnv('default', 'denied');
    await expect(enablePush(7, env)).resolves.toBe('blocked');
    expect(pushStatus(7, env)).toBe('blocked');
    await expect(enablePush(7, env)).resolves.toBe('blocked');
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('a dismissed browser prompt is neither on nor blocked: the offer stays', async () => {
    mockServer({});
    const { env } = fakeEnv('default', 'default');
    await expect(enablePush(7, env)).resolves.toBe('dismissed');
    expect(pushStatus(7, env)).toBe('ask');
  });

  it('"Not now" hides the offer for 30 days', () => {
    const { env } = fakeEnv('default');
    postponePush(env);
    expect(pushStatus(7, env)).toBe('later');
    expect(pushStatus(7, { ...env, now: () => 1_000_000 + ASK_AGAIN_AFTER_MS + 1 })).toBe('ask');
  });

  it('a refused subscription is reported as failed, and push stays off', async () => {
    mockServer({
      'GET /api/push/key': ok({ public_key: KEY_A }),
      'POST /api/push/subscribe': { code: 1001, msg: 'Not a push service', data: null },
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env } = fakeEnv('granted');
    await expect(enablePush(7, env)).resolves.toBe('failed');
    expect(pushStatus(7, env)).toBe('ask');
    warn.mockRestore();
  });

  it('turning it off tells the server, drops the browser subscription and is remembered', async () => {
    const server = mockServer({
      'GET /api/push/key': ok({ public_key: KEY_A }),
      'POST /api/push/subscribe': ok({ devices: 1 }),
      'POST /api/push/unsubscribe': ok({ removed: 1 }),
    });
    const { env, current } = fakeEnv('granted');
    await enablePush(7, env);
    const sub = current()!;
    await disablePush(7, env);
    expect(server.find('/api/push/unsubscribe').map((c) => c.body)).toEqual([{ endpoint: sub.endpoint }]);
    expect(sub.unsubscribe).toHaveBeenCalled();
    expect(pushStatus(7, env)).toBe('off');
    expect(readJson<{ off: number[] }>(STORAGE_KEYS.push)?.off).toEqual([7]);
  });

  it('at each sign-in hands the same subscription to the new session, and subscribes anew after a key rotation', async () => {
    let key = KEY_A;
    const server = mockServer({
      'GET /api/push/key': () => ok({ public_key: key }),
      'POST /api/push/subscribe': ok({ devices: 1 }),
    });
    const { env, pushManager, current } = fakeEnv('granted');
    await syncPush(7, env);
    expect(server.find('/api/push/subscribe')).toHaveLength(0); // not on: nothing happens

    await enablePush(7, env);
    const first = current()!;
    await syncPush(7, env);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(server.find('/api/push/subscribe').map((c) => (c.body as { endpoint: string }).endpoint)).toEqual([
      first.endpoint,
      first.endpoint,
    ]);

    key = KEY_B;
    await syncPush(7, env);
    expect(first.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenLastCalledWith({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(KEY_B),
    });
    expect((server.find('/api/push/subscribe').at(-1)!.body as { endpoint: string }).endpoint).toBe(
      current()!.endpoint,
    );
    expect(current()!.endpoint).not.toBe(first.endpoint);
  });
});
