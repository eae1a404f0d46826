/**
 * Web Push: the VAPID key (generated once, kept with the data, the same for a second node and after a restart); the
 * subscribe and unsubscribe calls (every hostile field refused before the database, only the caller's own
 * subscriptions touched, one row per endpoint, at most 10 devices); delivery to a local HTTPS push service that
 * decrypts what it receives by RFC 8291 and checks the VAPID signature; 404/410 removes, 429/5xx retries; no push while
 * the trader has a signed-in socket, on this node or (Redis) on another; a logout removes that session's device.
 * In both storage modes.
 */
import crypto from 'node:crypto';
import webpush from 'web-push';
import { ERROR_CODES, PUSH_LIMITS, TOPICS } from '@meridian/shared/pure';
import type { NotificationView, PushMessage } from '@meridian/shared/pure';
import { buildApp } from '../src/app';
import { retryDelay, RETRY_DELAYS_MS } from '../src/modules/push';
import { RedisPresence } from '../src/realtime/presence';
import {
  call,
  createDemo,
  createTestApp,
  HIGH_LIMITS,
  MODES,
  PASSWORD,
  registerUser,
  waitFor,
} from './helpers';
import type { TestApp } from './helpers';
import { FakeMarket } from './support/fake-market';
import { startPushService, testDevice, verifyVapid } from './support/push-service';
import type { FakePushService, TestDevice } from './support/push-service';
import { REDIS_URL, redisReachable } from './support/redis';
import { wsConnect, wsUrl } from './support/ws-client';

const KEY = '/api/push/key';
const SUBSCRIBE = '/api/push/subscribe';
const UNSUBSCRIBE = '/api/push/unsubscribe';

describe('retry delays', () => {
  const now = Date.UTC(2025, 0, 6, 12);
  it('waits 1 s, 4 s, 16 s, then gives up', () => {
    expect([0, 1, 2, 3].map((a) => retryDelay(a, RETRY_DELAYS_MS, undefined, now))).toEqual([
      1000,
      4000,
      16000,
      null,
    ]);
  });
  it('honours a longer Retry-After (seconds or a date), never a shorter one, and gives up beyond 10 minutes', () => {
    expect(retryDelay(0, RETRY_DELAYS_MS, '30', now)).toBe(30_000);
    expect(retryDelay(2, RETRY_DELAYS_MS, '1', now)).toBe(16_000);
    expect(retryDelay(0, RETRY_DELAYS_MS, new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
    expect(retryDelay(0, RETRY_DELAYS_MS, '601', now)).toBeNull();
    expect(retryDelay(0, RETRY_DELAYS_MS, 'soon', now)).toBe(1000);
  });
});

describe.each(MODES)('web push (%s)', (mode) => {
  let t: TestApp;
  let svc: FakePushService;
  let market: FakeMarket;
  const push = () => t.app.services.push;

  beforeAll(async () => {
    svc = await startPushService();
    market = new FakeMarket();
    t = await createTestApp(
      mode,
      { market, pushAgent: svc.agent, pushRetryDelaysMs: [5, 5, 5] },
      { pushEndpointHosts: ['localhost'] },
    );
  });
  afterAll(async () => {
    await t.close();
    await svc.close();
  });

  const subscribe = (token: string, form: Record<string, string>, lang = 'en') =>
    call<{ devices: number }>(t.app, { method: 'POST', url: SUBSCRIBE, token, form, headers: { lang } });
  const subscribeOk = async (token: string, device: TestDevice, lang = 'en') => {
    const r = await subscribe(token, device.form, lang);
    if (r.body.code !== 1) throw new Error(`subscribe: ${r.body.code} ${r.body.msg}`);
    return r.body.data;
  };
  const rowsOf = (endpoint: string) =>
    t.app.ctx.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();
  const publicKey = async () =>
    (await call<{ public_key: string }>(t.app, { method: 'GET', url: KEY })).body.data.public_key;
  /** A stored-looking price alert notification (the alerts suite covers how one is stored). */
  const notification = (id: number): NotificationView => ({
    id,
    type: 'price_alert',
    payload: {
      alert: {
        id: 7,
        forex_id: 1,
        code: 'EUR/USD',
        kind: 'price',
        side: 'bid',
        direction: 'above',
        level: '1.15',
        percent: null,
        repeat: 0,
        cooldown: 0,
        armed: 0,
        last_fired_at: 1_700_000_000_000,
        fired_count: 1,
        created_at: 1_699_000_000_000,
        updated_at: 1_699_000_000_000,
      },
      price: 1.16,
      change: null,
      time: 1_700_000_000_000,
    },
    read_at: null,
    created_at: 1_700_000_000_000,
  });
  const decrypted = (device: TestDevice, i = 0): PushMessage => {
    const req = svc.received(device.path)[i];
    if (!req) throw new Error(`no push #${i} for ${device.path}`);
    return JSON.parse(device.decrypt(req.body)) as PushMessage;
  };

  describe('the VAPID key', () => {
    it('is generated once and kept: the same for a second node on the same database and after a restart', async () => {
      const key = await publicKey();
      const raw = Buffer.from(key, 'base64url');
      expect(raw).toHaveLength(65);
      expect(raw[0]).toBe(4);
      expect(raw.toString('base64url')).toBe(key);
      const stored = await t.app.ctx.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'push_vapid_keys')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.value).publicKey).toBe(key);

      for (let i = 0; i < 2; i++) {
        // Another node (or this one started again) on the same storage answers the same key.
        const other = buildApp(t.config, { limits: HIGH_LIMITS, market });
        await other.ready();
        try {
          const r = await call<{ public_key: string }>(other, { method: 'GET', url: KEY });
          expect(r.body.data.public_key).toBe(key);
        } finally {
          await other.close();
        }
      }
    });

    it('comes from the configuration when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set', async () => {
      const pair = webpush.generateVAPIDKeys();
      const configured = { vapidPublicKey: pair.publicKey, vapidPrivateKey: pair.privateKey };
      const other = await createTestApp('sqlite', {}, configured);
      try {
        const r = await call<{ public_key: string }>(other.app, { method: 'GET', url: KEY });
        expect(r.body.data.public_key).toBe(configured.vapidPublicKey);
      } finally {
        await other.close();
      }
    });
  });

  describe('subscribe and unsubscribe', () => {
    it('refuses every hostile field before the database (1001, the field named)', async () => {
      const { token } = await createDemo(t.app);
      const good = testDevice(svc.origin).form;
      const compressed = Buffer.from(good.p256dh, 'base64url').subarray(0, 33);
      compressed[0] = 2;
      const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
      const cases: [Record<string, string>, string][] = [
        [{ p256dh: good.p256dh, auth: good.auth }, 'Push address'],
        [{ ...good, endpoint: '' }, 'Push address'],
        [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, 'Push address'],
        [{ ...good, endpoint: 'https://evil.example/push/1' }, 'Push address'],
        [{ ...good, endpoint: 'https://localhost.evil.example/push/1' }, 'Push address'],
        [{ ...good, endpoint: 'https://evil.example#@localhost/push' }, 'Push address'],
        [{ ...good, endpoint: good.endpoint.replace('https://', 'https://user:pw@') }, 'Push address'],
        [{ ...good, endpoint: `${good.endpoint}#x` }, 'Push address'],
        [{ ...good, endpoint: 'javascript:alert(1)' }, 'Push address'],
        [{ ...good, endpoint: 'not a url' }, 'Push address'],
        [{ ...good, endpoint: `${svc.origin}/${'a'.repeat(PUSH_LIMITS.endpointMax)}` }, 'Push address'],
        [{ ...good, p256dh: '' }, 'Device key'],
        [{ ...good, p256dh: compressed.toString('base64url') }, 'Device key'],
        [{ ...good, p256dh: notOnCurve }, 'Device key'],
        [{ ...good, p256dh: Buffer.from(good.p256dh, 'base64url').toString('base64') }, 'Device key'],
        [{ ...good, p256dh: `${good.p256dh}=` }, 'Device key'],
        [{ ...good, p256dh: good.p256dh.slice(0, -1) }, 'Device key'],
        [{ ...good, p256dh: 'A'.repeat(5000) }, 'Device key'],
        [{ ...good, auth: crypto.randomBytes(15).toString('base64url') }, 'Device secret'],
        [{ ...good, auth: crypto.randomBytes(17).toString('base64url') }, 'Device secret'],
        [{ ...good, auth: `${good.auth}==` }, 'Device secret'],
        [{ ...good, auth: '../../etc/passwd' }, 'Device secret'],
      ];
      for (const [form, label] of cases) {
        const r = await subscribe(token, form);
        expect({ form, status: r.status, code: r.body.code }).toEqual({ form, status: 200, code: 1001 });
        expect(r.body.msg).toContain(label);
      }
      // Array-shaped and repeated parameters are refused by the root guard.
      const arr = await call(t.app, {
        method: 'POST',
        url: SUBSCRIBE,
        token,
        payload: { ...good, endpoint: [good.endpoint, 'https://evil.example/'] },
      });
      expect(arr.body.code).toBe(ERROR_CODES.validation);
      const rows = await t.app.ctx.db.selectFrom('push_subscriptions').select('id').execute();
      expect(rows).toHaveLength(0);
      expect(await subscribe('', good)).toMatchObject({ body: { code: 999 } });
    });

    it('saves one row per endpoint, moves it to a trader who subscribes it again, removes only the caller’s', async () => {
      const a = await createDemo(t.app);
      const b = await createDemo(t.app);
      const device = testDevice(svc.origin);
      expect(await subscribeOk(a.token, device)).toEqual({ devices: 1 });
      expect(await subscribeOk(a.token, device, 'de')).toEqual({ devices: 1 }); // the same device again
      expect(await rowsOf(device.form.endpoint)).toMatchObject([{ user_id: a.user.id, lang: 'de' }]);

      // Another trader's unsubscribe leaves it alone.
      const strange = await call(t.app, {
        method: 'POST',
        url: UNSUBSCRIBE,
        token: b.token,
        form: { endpoint: device.form.endpoint },
      });
      expect(strange.body).toMatchObject({ code: 1, data: { removed: 0 } });
      expect(await rowsOf(device.form.endpoint)).toHaveLength(1);

      // The same browser subscribed by another trader (a shared phone): the row is theirs now.
      expect(await subscribeOk(b.token, device)).toEqual({ devices: 1 });
      const rows = await rowsOf(device.form.endpoint);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]?.user_id)).toBe(b.user.id);
      const gone = await call(t.app, {
        method: 'POST',
        url: UNSUBSCRIBE,
        token: a.token,
        form: { endpoint: device.form.endpoint },
      });
      expect(gone.body.data).toEqual({ removed: 0 });
      const mine = await call(t.app, {
        method: 'POST',
        url: UNSUBSCRIBE,
        token: b.token,
        form: { endpoint: device.form.endpoint },
      });
      expect(mine.body.data).toEqual({ removed: 1 });
      expect(await rowsOf(device.form.endpoint)).toHaveLength(0);
    });

    it(`keeps at most ${PUSH_LIMITS.devicesPerUser} devices per trader: the oldest goes`, async () => {
      const { token } = await createDemo(t.app);
      const devices = Array.from({ length: PUSH_LIMITS.devicesPerUser + 1 }, () => testDevice(svc.origin));
      const counts: number[] = [];
      for (const d of devices) counts.push((await subscribeOk(token, d)).devices);
      expect(counts.at(-1)).toBe(PUSH_LIMITS.devicesPerUser);
      expect(await rowsOf(devices[0]!.form.endpoint)).toHaveLength(0);
      expect(await rowsOf(devices[1]!.form.endpoint)).toHaveLength(1);
      expect(await rowsOf(devices.at(-1)!.form.endpoint)).toHaveLength(1);
    });
  });

  describe('delivery', () => {
    it('sends each device the notification encrypted for it (RFC 8291), in its language, signed with the VAPID key', async () => {
      const { token, user } = await createDemo(t.app);
      const en = testDevice(svc.origin);
      const hk = testDevice(svc.origin);
      await subscribeOk(token, en, 'en');
      await subscribeOk(token, hk, 'hk');
      push().send(user.id, notification(41));
      await push().idle();

      const expected = { id: 41, type: 'price_alert', url: '/mine/alerts', time: 1_700_000_000_000 };
      expect(decrypted(en)).toEqual({
        ...expected,
        title: 'EUR/USD bid above 1.15',
        body: 'Now at 1.16000.',
      });
      expect(decrypted(hk)).toEqual({
        ...expected,
        title: 'EUR/USD 賣出價高於 1.15',
        body: '現價 1.16000。',
      });
      // Each device's copy decrypts only with its own keys.
      expect(() => hk.decrypt(svc.received(en.path)[0]!.body)).toThrow();

      const req = svc.received(en.path)[0]!;
      expect(req.headers).toMatchObject({
        ttl: '86400',
        urgency: 'normal',
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
      });
      const claims = verifyVapid(req.headers.authorization, await publicKey(), svc.origin);
      expect(claims.sub).toMatch(/^(mailto:|https:)/);
    });

    it('pushes a price alert that fires while the trader has no tab open', async () => {
      const { token, user } = await createDemo(t.app);
      const device = testDevice(svc.origin);
      await subscribeOk(token, device);
      market.setPrice('EURUSD', 1.1, 1.1002);
      const saved = await call(t.app, {
        method: 'POST',
        url: '/api/alert/save',
        token,
        form: { forex_id: 1, kind: 'price', side: 'bid', direction: 'above', level: '1.15', repeat: 0 },
      });
      expect(saved.body.code).toBe(1);
      await t.app.services.alerts.evaluator.idle();
      market.setPrice('EURUSD', 1.16, 1.1602);
      await t.app.services.alerts.evaluator.idle();
      await push().idle();
      const stored = await t.app.ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(decrypted(device)).toMatchObject({
        id: Number(stored.id),
        type: 'price_alert',
        title: 'EUR/USD bid above 1.15',
        body: 'Now at 1.16000.',
        url: '/mine/alerts',
      });
    });

    it('removes a subscription the push service says is gone (410, 404)', async () => {
      const { token, user } = await createDemo(t.app);
      const gone = testDevice(svc.origin);
      const missing = testDevice(svc.origin);
      const fine = testDevice(svc.origin);
      for (const d of [gone, missing, fine]) await subscribeOk(token, d);
      svc.answer(gone.path, 410);
      svc.answer(missing.path, 404);
      push().send(user.id, notification(42));
      await push().idle();
      expect(await rowsOf(gone.form.endpoint)).toHaveLength(0);
      expect(await rowsOf(missing.form.endpoint)).toHaveLength(0);
      expect(await rowsOf(fine.form.endpoint)).toHaveLength(1);
      expect(svc.received(gone.path)).toHaveLength(1); // not tried again
    });

    it('tries again after a 500 or a 429 and delivers; gives up after the last try', async () => {
      const { token, user } = await createDemo(t.app);
      const flaky = testDevice(svc.origin);
      const busy = testDevice(svc.origin);
      const down = testDevice(svc.origin);
      for (const d of [flaky, busy, down]) await subscribeOk(token, d);
      svc.answer(flaky.path, 500, 201);
      svc.answer(busy.path, { status: 429, headers: { 'Retry-After': '0' } }, 201);
      svc.answer(down.path, 503, 503, 503, 503, 503);
      const before = { ...push().stats };
      push().send(user.id, notification(43));
      await push().idle();
      expect(svc.received(flaky.path)).toHaveLength(2);
      expect(decrypted(flaky, 1)).toMatchObject({ id: 43, title: 'EUR/USD bid above 1.15' });
      expect(svc.received(busy.path)).toHaveLength(2);
      expect(decrypted(busy, 1)).toMatchObject({ id: 43 });
      expect(svc.received(down.path)).toHaveLength(4); // the first try and 3 more
      expect(await rowsOf(down.form.endpoint)).toHaveLength(1); // a failing service is no reason to forget a device
      expect(push().stats.sent - before.sent).toBe(2);
      expect(push().stats.failed - before.failed).toBe(1);
    });

    it('does not push while the trader has a signed-in socket, and does once it is closed', async () => {
      const { token, user } = await createDemo(t.app);
      const device = testDevice(svc.origin);
      await subscribeOk(token, device);
      const ws = await wsConnect(await wsUrl(t.app));
      expect(await ws.login(token)).toMatchObject({ code: 1 });
      await ws.subscribe(TOPICS.priceAlert);
      push().notify(user.id, notification(44));
      await push().idle();
      expect(svc.received(device.path)).toHaveLength(0);

      ws.ws.close();
      await ws.closed;
      await waitFor(() => t.app.ctx.presence.localCount(user.id) === 0, 5000, 'the socket to be gone');
      push().notify(user.id, notification(45));
      await push().idle();
      expect(svc.received(device.path)).toHaveLength(1);
      expect(decrypted(device)).toMatchObject({ id: 45 });
    });

    it("removes a device's subscription at its session's logout; the other session's device keeps receiving", async () => {
      const { email, token: first, user } = await registerUser(t.app);
      const login = await call<{ token: string }>(t.app, {
        method: 'POST',
        url: '/api/user/loginForU',
        form: { account: email, password: PASSWORD },
      });
      const second = login.body.data.token;
      const phone = testDevice(svc.origin);
      const laptop = testDevice(svc.origin);
      await subscribeOk(first, phone);
      await subscribeOk(second, laptop);

      const out = await call(t.app, { method: 'POST', url: '/api/user/logout', token: first });
      expect(out.body.code).toBe(1);
      await push().idle();
      expect(await rowsOf(phone.form.endpoint)).toHaveLength(0);
      expect(await rowsOf(laptop.form.endpoint)).toHaveLength(1);

      push().send(user.id, notification(46));
      await push().idle();
      expect(svc.received(phone.path)).toHaveLength(0);
      expect(svc.received(laptop.path)).toHaveLength(1);
    });

    it('never sends to a device whose session ended without a revocation event (expired or revoked directly)', async () => {
      const { token, user } = await createDemo(t.app);
      const device = testDevice(svc.origin);
      await subscribeOk(token, device);
      await t.app.ctx.db
        .updateTable('sessions')
        .set({ revoked_at: Date.now() })
        .where('user_id', '=', user.id)
        .execute();
      push().send(user.id, notification(47));
      await push().idle();
      expect(svc.received(device.path)).toHaveLength(0);
      expect(await rowsOf(device.form.endpoint)).toHaveLength(0);
    });
  });
});

describe('presence across two nodes (Redis)', () => {
  it('a socket on node B keeps node A from pushing; once it closes, A pushes', async () => {
    if (!(await redisReachable('the two-node push presence test'))) return;
    const prefix = `meridian:test:presence:${crypto.randomBytes(6).toString('hex')}:`;
    const svc = await startPushService();
    const node = (dataDir?: string) =>
      createTestApp(
        'sqlite',
        { pushAgent: svc.agent, presence: new RedisPresence({ redis: REDIS_URL, prefix }) },
        { pushEndpointHosts: ['localhost'], ...(dataDir ? { dataDir } : {}) },
      );
    const a = await node();
    const b = await node(a.config.dataDir);
    try {
      const { token, user } = await createDemo(a.app);
      const device = testDevice(svc.origin);
      const r = await call(a.app, { method: 'POST', url: SUBSCRIBE, token, form: device.form });
      expect(r.body.code).toBe(1);
      const ws = await wsConnect(await wsUrl(b.app));
      expect(await ws.login(token)).toMatchObject({ code: 1 });
      await waitFor(() => b.app.ctx.presence.localCount(user.id) === 1, 5000, 'node B to count the socket');
      // The mark reaches Redis right after the login; ask until node A sees it.
      let seen = false;
      for (let i = 0; i < 100 && !seen; i++) {
        seen = (await a.app.ctx.presence.isOnline(user.id)) === true;
        if (!seen) await new Promise((res) => setTimeout(res, 20));
      }
      expect(seen).toBe(true);
      const n: NotificationView = {
        id: 1,
        type: 'price_alert',
        payload: {
          alert: {
            id: 1,
            forex_id: 1,
            code: 'EUR/USD',
            kind: 'percent',
            side: 'bid',
            direction: 'below',
            level: null,
            percent: '1.5',
            repeat: 0,
            cooldown: 0,
            armed: 0,
            last_fired_at: 1,
            fired_count: 1,
            created_at: 1,
            updated_at: 1,
          },
          price: 1.0834,
          change: -1.52,
          time: 1,
        },
        read_at: null,
        created_at: 1,
      };
      a.app.services.push.notify(user.id, n);
      await a.app.services.push.idle();
      expect(svc.received(device.path)).toHaveLength(0);
      expect(a.app.services.push.stats.skippedOnline).toBe(1);

      ws.ws.close();
      await ws.closed;
      await waitFor(() => b.app.ctx.presence.localCount(user.id) === 0, 5000, 'node B to drop the socket');
      let away = false;
      for (let i = 0; i < 100 && !away; i++) {
        away = (await a.app.ctx.presence.isOnline(user.id)) === false;
        if (!away) await new Promise((res) => setTimeout(res, 20));
      }
      expect(away).toBe(true);
      a.app.services.push.notify(user.id, n);
      await a.app.services.push.idle();
      expect(svc.received(device.path)).toHaveLength(1);
      expect(JSON.parse(device.decrypt(svc.received(device.path)[0]!.body))).toMatchObject({
        title: 'EUR/USD down 1.5% today',
        body: 'Now at 1.08340 (−1.52% today).',
      });
    } finally {
      await a.close();
      await b.close();
      await svc.close();
    }
  }, 30_000);
});
