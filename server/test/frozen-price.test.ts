/**
 * No trading on a frozen price (docs/rules.md#no-price): with the feed on its timers, a quote older than
 * QUOTE_MAX_AGE_MS refuses market orders and closes (1250, translated), and the engine books no SL/TP at it; the
 * first live tick after the gap acts on every trigger it crosses, at its own price.
 */
import { ERROR_CODES, QUOTE_MAX_AGE_MS } from '@meridian/shared/pure';
import type { OrderView } from '@meridian/shared/pure';
import type { SimulatedFeed } from '../src/modules/markets/feed';
import { createTestApp, MODES } from './helpers';
import type { TestApp } from './helpers';
import { api, fundedUser } from './support/trading';

const TUESDAY = Date.UTC(2026, 10, 17, 14, 0, 0);
const SUBMIT = '/v1/api/forex/submit';

describe.each(MODES)('frozen prices (%s)', (mode) => {
  let t: TestApp;
  let clock = TUESDAY;
  let feed: SimulatedFeed;
  let btc: number;
  let leverage: number;

  beforeAll(async () => {
    // As in production: quotes age (the default only when the feed runs on its own timers).
    t = await createTestApp(mode, { now: () => clock, quoteMaxAgeMs: QUOTE_MAX_AGE_MS });
    feed = t.app.services.markets.feed as SimulatedFeed;
    const inst = t.app.services.markets.market.instrument('BTCUSD');
    if (!inst) throw new Error('BTCUSD');
    btc = inst.id;
    leverage = inst.leverages[0] ?? 1;
  });
  afterAll(async () => {
    await t.close();
  });

  const buy = (token: string, extra: Record<string, string | number> = {}) =>
    api<OrderView>(t.app, token, SUBMIT, {
      type: 1,
      cont: '0.01',
      forex_id: btc,
      status: 1,
      multiple: leverage,
      ...extra,
    });

  it('refuses market orders and closes on a quote older than QUOTE_MAX_AGE_MS, with a translated message', async () => {
    const u = await fundedUser(t.app, 100_000_00);
    feed.setPrice('BTCUSD', 60000, 60010);
    const opened = await buy(u.token);
    expect(opened.code).toBe(1);

    clock += QUOTE_MAX_AGE_MS; // exactly the limit: still live
    expect((await buy(u.token)).code).toBe(1);
    clock += 1;
    const refused = await buy(u.token);
    expect(refused).toMatchObject({ code: ERROR_CODES.noPrice, data: null });
    expect(refused.msg).toBe(
      'There is no current price for this product, so the order was not placed. Please try again in a moment.',
    );
    const close = await api(t.app, u.token, '/v1/api/forex/close', { id: opened.data.Id });
    expect(close.code).toBe(ERROR_CODES.noPrice);
    const hk = await t.app.inject({
      method: 'GET',
      url: `${SUBMIT}?type=1&cont=0.01&forex_id=${btc}&status=1&multiple=${leverage}`,
      headers: { authorization: u.token, lang: 'hk' },
    });
    expect(hk.json()).toMatchObject({ code: ERROR_CODES.noPrice, msg: expect.stringContaining('即時報價') });

    // A pending order does not trade at the quote: still accepted.
    const pending = await buy(u.token, { status: 0, target_price: '50000' });
    expect(pending.code).toBe(1);

    // The feed resumes: trading again.
    feed.setPrice('BTCUSD', 60100, 60110);
    expect((await api(t.app, u.token, '/v1/api/forex/close', { id: opened.data.Id })).code).toBe(1);
  });

  it('books no stop loss at a frozen price; the first live tick after the gap closes it at its own price', async () => {
    const u = await fundedUser(t.app, 100_000_00);
    feed.setPrice('BTCUSD', 60000, 60010);
    const opened = await buy(u.token, { stop_loss_price: '59000' });
    expect(opened.code).toBe(1);
    const engine = t.app.services.trading.engine;
    await engine.idle();

    // A quote from before the gap, below the stop (what a node taking over holds, or a late tick): not booked.
    clock += 20_000;
    feed.setPrice('BTCUSD', 58000, 58010, clock - 10_000);
    await engine.idle();
    const row = () =>
      t.app.ctx.db
        .selectFrom('orders')
        .select(['status', 'close_price', 'close_reason'])
        .where('id', '=', opened.data.Id)
        .executeTakeFirstOrThrow();
    expect((await row()).status).toBe(1);

    // The feed resumes beyond the stop: closed at the live bid, by the stop loss.
    feed.setPrice('BTCUSD', 57000, 57010);
    await engine.idle();
    const closed = await row();
    expect(closed.status).toBe(3);
    expect(closed.close_reason).toBe('sl');
    expect(Number(closed.close_price)).toBe(57000);
  });
});
