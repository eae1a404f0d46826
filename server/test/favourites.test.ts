/** A trader's favourite instruments: list, save (replace-all), isolation per user, every refusal — in both modes. */
import { FAVOURITES_MAX } from '@meridian/shared/pure';
import { INSTRUMENTS } from '../src/modules/markets/catalogue';
import { call, createDemo, createTestApp, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';

const LIST = '/api/favourite/list';
const SAVE = '/api/favourite/save';

describe.each(MODES)('favourites (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (token: string) => {
    const r = await call<{ ids: number[] }>(t.app, { method: 'GET', url: LIST, token });
    expect(r.body.code).toBe(1);
    return r.body.data.ids;
  };
  const save = (token: string, ids: string, lang = 'en') =>
    call<{ ids: number[] } | null>(t.app, {
      method: 'POST',
      url: SAVE,
      token,
      form: { ids },
      headers: { lang },
    });
  const rows = (userId: number) =>
    t.app.ctx.db.selectFrom('favourites').selectAll().where('user_id', '=', userId).execute();

  it('starts empty, saves in the given order, reorders, removes and clears', async () => {
    const { token } = await registerUser(t.app);
    expect(await list(token)).toEqual([]);

    const saved = await save(token, '3,1,12');
    expect(saved.body).toMatchObject({ code: 1, data: { ids: [3, 1, 12] } });
    expect(await list(token)).toEqual([3, 1, 12]);

    expect((await save(token, '12,3,1')).body.code).toBe(1); // reorder
    expect(await list(token)).toEqual([12, 3, 1]);

    expect((await save(token, ' 12 , 1 ')).body.code).toBe(1); // remove one (spaces around parts are read)
    expect(await list(token)).toEqual([12, 1]);

    expect((await save(token, '')).body).toMatchObject({ code: 1, data: { ids: [] } });
    expect(await list(token)).toEqual([]);
  });

  it('keeps demo users’ favourites too, and each user’s list is their own', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const demo = await createDemo(t.app);
    await save(a.token, '1,2,3');
    await save(demo.token, '5');
    expect((await save(b.token, '7,8')).body.code).toBe(1);
    expect((await save(b.token, '8')).body.code).toBe(1);
    expect(await list(a.token)).toEqual([1, 2, 3]);
    expect(await list(demo.token)).toEqual([5]);
    expect(await list(b.token)).toEqual([8]);
    expect((await rows(a.user.id)).map((r) => Number(r.forex_id)).sort()).toEqual([1, 2, 3]);
  });

  it('takes the largest allowed list', async () => {
    const { token } = await registerUser(t.app);
    const all = INSTRUMENTS.map((i) => i.id);
    expect(all.length).toBeLessThanOrEqual(FAVOURITES_MAX);
    expect((await save(token, all.reverse().join(','))).body.code).toBe(1);
    expect(await list(token)).toEqual(all);
  });

  describe('refusals, before the database', () => {
    let token: string;
    let userId: number;
    beforeAll(async () => {
      const u = await registerUser(t.app);
      token = u.token;
      userId = u.user.id;
      expect((await save(token, '2,4')).body.code).toBe(1);
    });
    afterEach(async () => {
      // Nothing refused ever reaches the table.
      expect(await list(token)).toEqual([2, 4]);
      expect(await rows(userId)).toHaveLength(2);
    });

    it.each([
      ['1e308'],
      ['-0'],
      ['0'],
      ['-1'],
      ['NaN'],
      ['Infinity'],
      ['0x10'],
      [`1.${'0'.repeat(30)}`],
      ['1.5'],
      ['1,,2'],
      ['1,'],
      [',1'],
      [','],
      ['01'],
      ['+1'],
      ['1 2'],
      ['2147483648'],
      ['99999999999999999999'],
      ['abc'],
    ])('hostile ids %j: 1001 naming the field', async (ids) => {
      const r = await save(token, ids);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(1001);
      expect(r.body.data).toBeNull();
      expect(r.body.msg).toBe('“Selected items” is not valid.');
    });

    it('a missing ids field: 1001 please fill in', async () => {
      const r = await call(t.app, { method: 'POST', url: SAVE, token, form: {} });
      expect(r.body.code).toBe(1001);
      expect(r.body.msg).toBe('Please fill in “Selected items”.');
    });

    it('a repeated ids parameter: 1001', async () => {
      const r = await call(t.app, {
        method: 'POST',
        url: SAVE,
        token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'ids=1&ids=2',
      });
      expect(r.body.code).toBe(1001);
    });

    it('a duplicate id: 1001 saying so, in the caller’s language', async () => {
      const r = await save(token, '1,2,1');
      expect(r.body.code).toBe(1001);
      expect(r.body.msg).toBe('An instrument appears more than once in your favourites.');
      const hk = await save(token, '3,3', 'hk');
      expect(hk.body.code).toBe(1001);
      expect(hk.body.msg).toBe('同一交易品種在自選中出現了不止一次。');
    });

    it(`more than ${FAVOURITES_MAX} ids: 1001 naming the limit`, async () => {
      const ids = Array.from({ length: FAVOURITES_MAX + 1 }, (_, i) => i + 1).join(',');
      const r = await save(token, ids);
      expect(r.body.code).toBe(1001);
      expect(r.body.msg).toBe(`You can keep at most ${FAVOURITES_MAX} favourites.`);
    });

    it('a text longer than any list: 1001', async () => {
      const r = await save(token, '1,'.repeat(3000));
      expect(r.body.code).toBe(1001);
    });

    it('an id that is not an instrument of the trade list: 1208', async () => {
      const unknown = Math.max(...INSTRUMENTS.map((i) => i.id)) + 1;
      const r = await save(token, `1,${unknown}`);
      expect(r.body.code).toBe(1208);
      expect(r.body.msg).toBe('One of the favourites is not an instrument that can be traded.');
    });
  });

  it('a guest (no or a bad token) gets 999 on both calls', async () => {
    const noToken = await call(t.app, { method: 'GET', url: LIST });
    expect(noToken.body.code).toBe(999);
    const badToken = await call(t.app, { method: 'POST', url: SAVE, token: 'nope', form: { ids: '1' } });
    expect(badToken.body.code).toBe(999);
  });

  it('a logged-out token no longer reads the list', async () => {
    const { token } = await registerUser(t.app);
    await save(token, '6');
    expect((await call(t.app, { method: 'POST', url: '/api/user/logout', token })).body.code).toBe(1);
    expect((await call(t.app, { method: 'GET', url: LIST, token })).body.code).toBe(999);
  });

  it('two concurrent saves of one user leave exactly one of the two lists', async () => {
    const { token } = await registerUser(t.app);
    const [a, b] = await Promise.all([save(token, '1,2,3,4'), save(token, '4,3,9')]);
    expect(a.body.code).toBe(1);
    expect(b.body.code).toBe(1);
    expect([
      [1, 2, 3, 4],
      [4, 3, 9],
    ]).toContainEqual(await list(token));
  });
});
