import { BUY, SELL } from '@meridian/shared/pure';
import {
  canStepDown,
  checkTicket,
  deviationText,
  estimate,
  stepQuantity,
  stopsAllowed,
  ticketNumbers,
  ticketNumbersValid,
  trailingHint,
} from './ticket-rules';
import type { TicketForm, TicketInstrument } from './ticket-rules';

const fx: TicketInstrument = {
  Id: 1,
  PricePrecision: 5,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexContNum: 100000,
  ForexFeeRate: 7,
  MarginMode: 2,
  HasForexMultiple: [{ Value: 100 }, { Value: 200 }],
};
const form = (over: Partial<TicketForm> = {}): TicketForm => ({
  side: BUY,
  mode: 1,
  lots: '0.10',
  leverage: 100,
  price: '',
  slOn: false,
  sl: '',
  tpOn: false,
  tp: '',
  trailOn: false,
  trail: '',
  deviation: 3,
  ...over,
});
const quote = { bid: 1.15, ask: 1.1502 };
const account = (usd: number, lockUsd = 0, floatingUsd = 0) => ({
  balanceCents: Math.round(usd * 100),
  lockCents: Math.round(lockUsd * 100),
  floatingMicros: Math.round(floatingUsd * 1e6),
});
const ctx = { loggedIn: true, account: account(100000), quote };

describe('checkTicket: the rules of docs/rules.md, one by one', () => {
  it('a guest must log in first', () => {
    expect(checkTicket(form(), fx, { ...ctx, loggedIn: false })).toEqual({ kind: 'login' });
  });

  it('no multipliers: leverage not configured', () => {
    expect(checkTicket(form(), { ...fx, HasForexMultiple: [] }, ctx)).toMatchObject({
      key: 'ticket.noLeverage',
    });
    expect(checkTicket(form(), { ...fx, HasForexMultiple: null }, ctx)).toMatchObject({
      key: 'ticket.noLeverage',
    });
  });

  it('stop loss or take profit with a balance below 50000 is refused, saying why', () => {
    const low = { ...ctx, account: account(49999.99) };
    expect(checkTicket(form({ slOn: true, sl: '1.1' }), fx, low)).toMatchObject({
      key: 'ticket.stopsNeedBalance',
      vars: { min: 50000 },
    });
    expect(checkTicket(form({ tpOn: true, tp: '1.2' }), fx, low)).toMatchObject({
      key: 'ticket.stopsNeedBalance',
    });
    // Unticked: not set, so allowed.
    expect(checkTicket(form({ slOn: false, sl: '1.1' }), fx, low).kind).toBe('ok');
    // Exactly 50000 is allowed.
    expect(checkTicket(form({ slOn: true, sl: '1.1' }), fx, { ...ctx, account: account(50000) }).kind).toBe(
      'ok',
    );
    expect(stopsAllowed(account(49999.99))).toBe(false);
    expect(stopsAllowed(account(50000))).toBe(true);
    // Unknown balance: the server decides.
    expect(stopsAllowed(null)).toBe(true);
  });

  it('a ticked stop needs a positive price: empty, zero or anything else is refused beside its field', () => {
    for (const sl of ['', '0', '0.0', '.', '-1', 'abc', '1e3']) {
      expect(checkTicket(form({ slOn: true, sl }), fx, ctx)).toMatchObject({
        key: 'ticket.slRequired',
        field: 'sl',
      });
    }
    for (const tp of ['', '0', '-2']) {
      expect(checkTicket(form({ tpOn: true, tp }), fx, ctx)).toMatchObject({
        key: 'ticket.tpRequired',
        field: 'tp',
      });
    }
  });

  it('multiple and lots are required, lots on the Pip step and at least the minimum', () => {
    expect(checkTicket(form({ leverage: null }), fx, ctx)).toMatchObject({ key: 'ticket.leverageRequired' });
    expect(checkTicket(form({ leverage: 7 }), fx, ctx)).toMatchObject({ key: 'ticket.leverageRequired' });
    expect(checkTicket(form({ lots: '' }), fx, ctx)).toMatchObject({ key: 'ticket.lotsRequired' });
    expect(checkTicket(form({ lots: '0' }), fx, ctx)).toMatchObject({ key: 'ticket.lotsRequired' });
    expect(checkTicket(form({ lots: 'abc' }), fx, ctx)).toMatchObject({ key: 'ticket.lotsRequired' });
    // More decimals than the step has is not a quantity the field takes (it says so itself): never sent.
    expect(checkTicket(form({ lots: '0.015' }), fx, ctx)).toMatchObject({ key: 'ticket.lotsRequired' });
    expect(checkTicket(form({ lots: '0.07' }), { ...fx, Pip: 0.05, ForexMinCont: 0.05 }, ctx)).toMatchObject({
      key: 'ticket.lotsOffStep',
    });
    expect(checkTicket(form({ lots: '0.1' }), { ...fx, ForexMinCont: 0.5 }, ctx)).toMatchObject({
      key: 'ticket.lotsBelowMin',
      vars: { min: 0.5 },
    });
  });

  it('a pending order needs a price', () => {
    expect(checkTicket(form({ mode: 0 }), fx, ctx)).toMatchObject({ key: 'ticket.enterPrice' });
    expect(checkTicket(form({ mode: 0, price: '0' }), fx, ctx)).toMatchObject({ key: 'ticket.enterPrice' });
    expect(checkTicket(form({ mode: 0, price: '1.2' }), fx, ctx).kind).toBe('ok');
  });

  it('stops on the wrong side of the price are refused before the server sees them', () => {
    expect(checkTicket(form({ slOn: true, sl: '1.2' }), fx, ctx)).toMatchObject({
      key: 'ticket.slBelow',
      field: 'sl',
    });
    expect(checkTicket(form({ tpOn: true, tp: '1.1' }), fx, ctx)).toMatchObject({ key: 'ticket.tpAbove' });
    expect(checkTicket(form({ side: SELL, slOn: true, sl: '1.1' }), fx, ctx)).toMatchObject({
      key: 'ticket.slAbove',
    });
    expect(checkTicket(form({ side: SELL, tpOn: true, tp: '1.2' }), fx, ctx)).toMatchObject({
      key: 'ticket.tpBelow',
    });
  });

  it('builds the submit parameters: SL and TP sent as 0 when unticked, target 0 for market orders', () => {
    expect(checkTicket(form({ sl: '1.1', tp: '1.3' }), fx, ctx)).toEqual({
      kind: 'ok',
      params: {
        type: 1,
        cont: '0.10',
        forex_id: 1,
        status: 1,
        target_price: '0',
        stop_loss_price: '0',
        target_profit_price: '0',
        multiple: 100,
        expected_price: '1.15020',
        max_deviation: 30,
      },
      pendingKind: null,
    });
    expect(
      checkTicket(
        form({ side: SELL, mode: 0, price: '1.16', slOn: true, sl: '1.17', tpOn: true, tp: '1.1' }),
        fx,
        ctx,
      ),
    ).toMatchObject({
      params: {
        type: 2,
        status: 0,
        target_price: '1.16',
        stop_loss_price: '1.17',
        target_profit_price: '1.1',
      },
      // A sell above the bid waits for the price to rise to it: a limit.
      pendingKind: 'limit',
    });
    expect(checkTicket(form({ mode: 0, price: '1.2' }), fx, ctx)).toMatchObject({ pendingKind: 'stop' });
    expect(checkTicket(form({ mode: 0, price: '1.1' }), fx, ctx)).toMatchObject({ pendingKind: 'limit' });
  });

  it('a market order carries the opening price shown (ask for a buy, bid for a sell) and the deviation chosen', () => {
    // 3 units (the default) at 1.1502: one unit is 1 bp rounded, 0.0001 = 10 points.
    expect(checkTicket(form({ deviation: 10 }), fx, ctx)).toMatchObject({
      params: { expected_price: '1.15020', max_deviation: 100 },
    });
    expect(checkTicket(form({ side: SELL, deviation: 1 }), fx, ctx)).toMatchObject({
      params: { expected_price: '1.15000', max_deviation: 10 },
    });
    // A pending order has its own price: no slippage guard.
    const pending = checkTicket(form({ mode: 0, price: '1.1' }), fx, ctx);
    expect(pending.kind === 'ok' && 'expected_price' in pending.params).toBe(false);
    expect(pending.kind === 'ok' && 'max_deviation' in pending.params).toBe(false);
  });

  it('a trailing stop sends its distance in points, needs one, the balance rule, and a level for a long', () => {
    const on = (over: Partial<TicketForm> = {}) => form({ trailOn: true, trail: '50', ...over });
    expect(checkTicket(on(), fx, ctx)).toMatchObject({ kind: 'ok', params: { trailing_distance: 50 } });
    const off = checkTicket(form({ trail: '50' }), fx, ctx);
    expect(off.kind === 'ok' && 'trailing_distance' in off.params).toBe(false);
    expect(checkTicket(on({ trail: '' }), fx, ctx)).toMatchObject({
      key: 'ticket.trailRequired',
      field: 'trail',
    });
    for (const bad of ['-5', '1.5', '1e308', 'NaN', '0', '1000001'])
      expect(checkTicket(on({ trail: bad }), fx, ctx)).toMatchObject({ field: 'trail' });
    expect(ticketNumbersValid(on({ trail: '-5' }), fx, { account: account(100000) })).toBe(false);
    // 1.15 is 115,000 points: a buy's 200,000 points have no level; a sell's do.
    expect(checkTicket(on({ trail: '200000' }), fx, ctx)).toMatchObject({ key: 'ticket.trailingTooFar' });
    expect(checkTicket(on({ side: SELL, trail: '200000' }), fx, ctx)).toMatchObject({ kind: 'ok' });
    expect(checkTicket(on(), fx, { ...ctx, account: account(100) })).toMatchObject({
      key: 'ticket.stopsNeedBalance',
    });
    // A pending order's distance is checked against its target and goes with it.
    expect(checkTicket(on({ mode: 0, price: '1.1' }), fx, ctx)).toMatchObject({
      params: { status: 0, trailing_distance: 50 },
    });
  });

  it('the trailing hint: a market order starts from the close-side price (or a better stop), a pending one at its fill', () => {
    const on = (over: Partial<TicketForm> = {}) => form({ trailOn: true, trail: '50', ...over });
    expect(trailingHint(on(), fx, quote)).toEqual({ atFill: false, points: 50, level: '1.14950' });
    expect(trailingHint(on({ side: SELL }), fx, quote)).toEqual({
      atFill: false,
      points: 50,
      level: '1.15070',
    });
    expect(trailingHint(on({ slOn: true, sl: '1.1499' }), fx, quote)?.level).toBe('1.1499');
    expect(trailingHint(on({ mode: 0, price: '1.1' }), fx, quote)).toMatchObject({
      atFill: true,
      points: 50,
    });
    expect(trailingHint(on({ trail: '1,5' }), fx, quote)).toBeNull();
    expect(trailingHint(form({ trail: '50' }), fx, quote)).toBeNull();
  });

  it('shows a deviation as the price distance it allows, at the instrument precision', () => {
    expect(deviationText(30, 5)).toBe('0.00030');
    expect(deviationText(1000, 2)).toBe('10.00');
    expect(deviationText(10, 3)).toBe('0.010');
  });
});

describe('lots stepper', () => {
  it('minus is disabled when quantity minus step is not above zero', () => {
    expect(canStepDown('0.01', 0.01)).toBe(false);
    expect(canStepDown('0.02', 0.01)).toBe(true);
    expect(canStepDown('0.1', 0.1)).toBe(false);
    // The field reads no quantity ("-5", "1.1.1", empty): nothing to step down from.
    expect(canStepDown(null, 0.01)).toBe(false);
  });
  it('steps on the Pip grid, exactly', () => {
    expect(stepQuantity('0.01', fx, 1)).toBe('0.02');
    expect(stepQuantity('0.10', fx, -1)).toBe('0.09');
    expect(stepQuantity('0.3', { ...fx, Pip: 0.1 }, 1)).toBe('0.4');
    // From what the field reads: an invalid text restarts from the minimum, never from its digits.
    expect(stepQuantity(ticketNumbers(form({ lots: '-5' }), fx).lots, fx, 1)).toBe('0.01');
    expect(stepQuantity(null, fx, -1)).toBe('0.01');
    // Never beyond the server's bound.
    expect(stepQuantity('10000', fx, 1)).toBe('10000');
  });
});

describe('estimate: margin and fee by the engine formulas (docs/rules.md)', () => {
  const base = { quote, account: account(100000), usdRate: 1 };
  it('leveraged margin = lots x units x price / multiplier (a buy at the ask)', () => {
    const e = estimate(form(), fx, { ...base, feeType: 1 });
    expect(e.marginMicros).toBe(115_020_000); // 0.1 x 100000 x 1.1502 / 100 = 115.02
  });
  it('a quote currency other than USD: the margin is shown in USD, as the server books it', () => {
    const jpy = { ...fx, PricePrecision: 3 };
    const q = { bid: 150, ask: 150.02 };
    const e = estimate(form({ lots: '1' }), jpy, { ...base, quote: q, usdRate: 1 / 150.01, feeType: 2 });
    // 150,020 JPY at 1 / 150.01 USD per JPY, not 150,020 USD; the fee (margin x rate) follows it.
    expect(e.marginMicros).toBe(1_000_066_662);
    expect(e.feeMicros).toBe(7_000_466_634);
    expect(e.liquidation?.kind).toBe('price');
    // Its USD rate not known yet: no estimate rather than a wrong one.
    expect(estimate(form({ lots: '1' }), jpy, { ...base, quote: q, usdRate: undefined, feeType: 1 })).toEqual(
      {
        marginMicros: null,
        feeMicros: null,
        liquidation: null,
      },
    );
  });
  it('fixed margin = lots x units per lot', () => {
    const e = estimate(
      form({ lots: '2', leverage: 1 }),
      { ...fx, MarginMode: 1, ForexContNum: 50, HasForexMultiple: [{ Value: 1 }] },
      {
        ...base,
        feeType: 1,
      },
    );
    expect(e.marginMicros).toBe(100_000_000);
  });
  it('fee type 1 = lots x rate; otherwise margin x rate', () => {
    expect(estimate(form(), fx, { ...base, feeType: 1 }).feeMicros).toBe(700_000); // 0.1 x 7
    expect(estimate(form(), { ...fx, ForexFeeRate: 0.001 }, { ...base, feeType: 2 }).feeMicros).toBe(115_020); // 115.02 x 0.001
  });
  it('a pending order is estimated at its target price; none without one', () => {
    expect(estimate(form({ mode: 0, price: '1.2' }), fx, { ...base, feeType: 1 }).marginMicros).toBe(
      120_000_000,
    );
    expect(estimate(form({ mode: 0 }), fx, { ...base, feeType: 1 }).marginMicros).toBeNull();
  });
  it('liquidation: below the price for a buy, above for a sell, against the whole account', () => {
    const small = { ...base, account: account(1000), feeType: 1 };
    const buy = estimate(form(), fx, small).liquidation;
    const sell = estimate(form({ side: SELL }), fx, small).liquidation;
    // Stop-out at 50% of the 115.02 margin: equity 1000 - 0.70 fee - 2.00 spread must fall by ~939.79 USD, i.e.
    // ~0.0939 in price for 10000 units.
    expect(buy).toMatchObject({ kind: 'price' });
    expect(buy?.kind === 'price' && buy.price).toBeCloseTo(1.15 - 0.09398, 4);
    expect(sell?.kind === 'price' && sell.price).toBeGreaterThan(quote.ask);
    // Other positions losing money bring it nearer.
    const busier = estimate(form(), fx, { ...small, account: account(1000, 600, -700) }).liquidation;
    expect(busier?.kind === 'price' && buy?.kind === 'price' && busier.price > buy.price).toBe(true);
    // With 100000 USD no positive price stops a 0.1 lot long out.
    expect(estimate(form(), fx, { ...base, feeType: 1 }).liquidation).toEqual({ kind: 'none' });
    expect(estimate(form(), fx, { ...base, account: null, feeType: 1 }).liquidation).toBeNull();
  });
  it('an order the free balance cannot pay for has no liquidation price, and says so', () => {
    expect(estimate(form(), fx, { ...base, account: account(100), feeType: 1 }).liquidation).toEqual({
      kind: 'noMargin',
    });
    // 10,000 lots (the bound): more than 100,000 USD pays for, still no price.
    expect(estimate(form({ lots: '10000' }), fx, { ...base, feeType: 1 }).liquidation).toEqual({
      kind: 'noMargin',
    });
  });
  it('a lots or price field that is not a valid number gives no figure at all', () => {
    for (const lots of ['1000000', '-5', '1e308', '1.1.1', '0.015', ''])
      expect(estimate(form({ lots }), fx, { ...base, feeType: 1 })).toEqual({
        marginMicros: null,
        feeMicros: null,
        liquidation: null,
      });
    expect(estimate(form({ mode: 0, price: '1.1.1' }), fx, { ...base, feeType: 1 }).marginMicros).toBeNull();
  });
});

describe('the ticket reads its numbers as typed, never rewritten', () => {
  const ctx = { account: null };
  it('lots: -5, 1,000,000 and 1e308 are not quantities; the numbers sent are canonical', () => {
    expect(ticketNumbers(form({ lots: '-5' }), fx).lots).toBeNull();
    expect(ticketNumbers(form({ lots: '1000000' }), fx).lots).toBeNull();
    expect(ticketNumbers(form({ lots: '1e308' }), fx).lots).toBeNull();
    expect(ticketNumbers(form({ lots: ' 0.50 ' }), fx).lots).toBe('0.50');
    expect(ticketNumbersValid(form({ lots: '-5' }), fx, ctx)).toBe(false);
    expect(ticketNumbersValid(form(), fx, ctx)).toBe(true);
  });
  it('prices: 1.1.1 as a target and 0.0000000001 as a stop are refused; a comma reads as a point in German', () => {
    expect(ticketNumbersValid(form({ mode: 0, price: '1.1.1' }), fx, ctx)).toBe(false);
    expect(ticketNumbersValid(form({ slOn: true, sl: '0.0000000001' }), fx, ctx)).toBe(false);
    expect(ticketNumbersValid(form({ tpOn: true, tp: '-5' }), fx, ctx)).toBe(false);
    // An unticked stop is not in use.
    expect(ticketNumbersValid(form({ slOn: false, sl: '-5' }), fx, ctx)).toBe(true);
    expect(ticketNumbers(form({ mode: 0, price: '1,2' }), fx, 'de').price).toBe('1.2');
    expect(ticketNumbers(form({ mode: 0, price: '1,2' }), fx, 'en').price).toBeNull();
  });
  it('checkTicket sends the numbers the fields read', () => {
    const r = checkTicket(form({ lots: '0.50', mode: 0, price: '1,12', tpOn: true, tp: '1,2' }), fx, {
      loggedIn: true,
      account: null,
      quote,
      language: 'fr',
    });
    expect(r).toMatchObject({
      kind: 'ok',
      params: { cont: '0.50', target_price: '1.12', target_profit_price: '1.2' },
    });
  });
});
