/**
 * A NUL character in any field is refused with 1001 before the database (PostgreSQL refuses it in text, which would
 * be a 500), in both modes; the same text without it is answered.
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import { call, createTestApp, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';

describe.each(MODES)('NUL in input (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode);
  });
  afterAll(() => t.close());

  it('a query field with NUL is 1001 naming the field; without it the call answers', async () => {
    const bad = await call(t.app, { method: 'GET', url: '/api/company/search?name=a%00b' });
    expect(bad.status).toBe(200);
    expect(bad.body.code).toBe(ERROR_CODES.validation);
    expect(bad.body.msg).toMatch(/name/i);
    const good = await call(t.app, { method: 'GET', url: '/api/company/search?name=ab' });
    expect(good.body.code).toBe(1);
  });

  it('a form field with NUL is refused and nothing is saved', async () => {
    const { token, user } = await registerUser(t.app);
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/alert/save',
      token,
      form: { forex_id: 1, kind: 'price', side: 'bid', direction: 'above', level: '1.2\u00003', repeat: 0 },
    });
    expect(r.body.code).toBe(ERROR_CODES.validation);
    const rows = await t.app.ctx.db
      .selectFrom('price_alerts')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
