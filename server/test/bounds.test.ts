/**
 * Numbers are bounded and required means required: an order ticket whose numbers are too large for an exact amount,
 * whose `status` is missing, empty or array-shaped, or whose parameters are repeated is refused with 1001 (HTTP 200),
 * stores nothing and never answers a 5xx; ids beyond a database integer are refused before the query.
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import { call, MODES } from './helpers';
import { fundedUser, tradingApp } from './support/trading';
import type { TradingApp } from './support/trading';

const SUBMIT = '/v1/api/forex/submit';
const BASE = 'type=1&cont=0.1&forex_id=1&multiple=100';

describe.each(MODES)('bounded numbers (%s)', (mode) => {
  let x: TradingApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    x = await tradingApp(mode);
    const u = await fundedUser(x.app, 100_000_00);
    token = u.token;
    userId = u.user.id;
  });
  afterAll(() => x.t.close());
  beforeEach(() => {
    x.market.setPrice('EURUSD', 1.1, 1.1002);
    x.market.setOpen('EURUSD', true);
  });

  const orders = async () =>
    Number(
      (
        await x.app.ctx.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const get = (url: string) => call(x.app, { method: 'GET', url, token });

  it.each([
    ['lots far beyond any order', 'type=1&cont=99999999&forex_id=1&status=1&multiple=100'],
    [
      'lots at the bound with a huge pending price',
      'type=1&cont=10000&forex_id=1&status=0&target_price=99999999&multiple=100',
    ],
    ['status missing', BASE],
    ['status missing with a target price', `${BASE}&target_price=1.05`],
    ['status empty', `${BASE}&status=`],
    ['status empty with a target price', `${BASE}&status=&target_price=1.05`],
    ['status as an array', `${BASE}&status[]=1`],
    ['status as an indexed array', `${BASE}&status[0]=1&target_price=1.05`],
    ['status repeated', `${BASE}&status=0&status=1&target_price=1.05`],
    ['lots repeated', 'type=1&cont=0.1&cont=5&forex_id=1&status=1&multiple=100'],
    ['a huge leverage', `${BASE}&status=1`.replace('multiple=100', 'multiple=1e308')],
    ['an instrument id beyond an integer', 'type=1&cont=0.1&forex_id=99999999999&status=1&multiple=100'],
  ])('refuses %s with 1001 and stores nothing', async (_name, qs) => {
    const before = await orders();
    const r = await get(`${SUBMIT}?${qs}`);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(ERROR_CODES.validation);
    expect(r.body.data).toBeNull();
    expect(await orders()).toBe(before);
  });

  it('still opens a well-formed market order', async () => {
    const r = await get(`${SUBMIT}?${BASE}&status=1`);
    expect(r.body.code).toBe(1);
  });

  it.each(['/v1/api/forex/close', '/v1/api/forex/cancel_trade', '/v1/api/forex/set_stop_price'])(
    '%s refuses an id beyond a database integer and a repeated id',
    async (url) => {
      for (const qs of ['id=99999999999', 'id=1&id=2', 'id[]=1']) {
        const r = await get(`${url}?${qs}`);
        expect(r.status).toBe(200);
        expect(r.body.code).toBe(ERROR_CODES.validation);
      }
    },
  );

  it('refuses an array-shaped JSON field and a repeated form field on a POST', async () => {
    const json = await call(x.app, {
      method: 'POST',
      url: '/api/user/loginForU',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: ['a@b.c'], password: 'x' }),
    });
    expect(json.body.code).toBe(ERROR_CODES.validation);
    const form = await call(x.app, {
      method: 'POST',
      url: '/api/user/loginForU',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'account=a%40b.c&account=c%40d.e&password=x',
    });
    expect(form.body.code).toBe(ERROR_CODES.validation);
  });
});
