/**
 * Abuse limits of the price alert and Web Push calls: per trader, over the limit 1004 with HTTP 429 and nothing
 * written; another trader is not held back. In both modes (SQLite, PostgreSQL).
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import { call, createTestApp, HIGH_LIMITS, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';
import { testDevice } from './support/push-service';

describe.each(MODES)('alert and push limits (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      mode,
      { limits: { ...HIGH_LIMITS, alertsPerUser: [2, 60_000], pushPerUser: [2, 60_000] } },
      { pushEndpointHosts: ['localhost'] },
    );
  });
  afterAll(() => t.close());

  const alert = { forex_id: 1, kind: 'price', side: 'bid', direction: 'above', level: '9.5', repeat: 0 };

  it('alert saves and deletes of one trader: at most 2 a minute here, then 1004 and nothing saved', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const save = (token: string) =>
      call<{ id: number }>(t.app, { method: 'POST', url: '/api/alert/save', token, form: alert });
    const first = await save(a.token);
    expect(first.body.code).toBe(1);
    const del = await call(t.app, {
      method: 'POST',
      url: '/api/alert/delete',
      token: a.token,
      form: { id: first.body.data.id },
    });
    expect(del.body.code).toBe(1);
    const third = await save(a.token);
    expect(third.status).toBe(429);
    expect(third.body.code).toBe(ERROR_CODES.rateLimited);
    expect(third.body.msg).toMatch(/\d/);
    const rows = await t.app.ctx.db
      .selectFrom('price_alerts')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .execute();
    expect(rows).toHaveLength(0);
    expect((await save(b.token)).body.code).toBe(1);
  });

  it('push subscribe and unsubscribe of one trader: at most 2 here, then 1004 and nothing stored', async () => {
    const a = await registerUser(t.app);
    const sub = (form: Record<string, string>) =>
      call(t.app, { method: 'POST', url: '/api/push/subscribe', token: a.token, form });
    const one = testDevice('https://localhost:1');
    expect((await sub(one.form)).body.code).toBe(1);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/push/unsubscribe',
          token: a.token,
          form: { endpoint: one.form.endpoint },
        })
      ).body.code,
    ).toBe(1);
    const two = testDevice('https://localhost:1');
    const refused = await sub(two.form);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ERROR_CODES.rateLimited);
    const rows = await t.app.ctx.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
