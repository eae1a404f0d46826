/**
 * Every numeric value the server takes from a trader or an operator (lots, prices, stop levels, amounts, rates) is
 * refused before any arithmetic when it is hostile: 1e308, 1e-308, NaN, Infinity, -0, -5, 30 decimals, hex, an
 * exponent, a grouping comma. Checked on the schemas the handlers parse with (nothing after them runs on a refusal),
 * and over HTTP for the trading calls: the envelope says no (code ≠ 1, HTTP 200) and no order or level changes.
 */
import type { z } from 'zod';
import { ERROR_CODES } from '@meridian/shared/pure';
import { submitQuery, stopsQuery } from '../src/modules/trading/schemas';
import { coinDepositQuery, drawBody, opsCurrencyBody, wireDepositQuery } from '../src/modules/funds/schemas';
import { parseInput, ValidationError } from '../src/lib/validate';
import { call } from './helpers';
import { fundedUser, tradingApp } from './support/trading';
import type { TradingApp } from './support/trading';

const HOSTILE_TEXT = [
  '1e308',
  '1e-308',
  '-1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '-5',
  '+5',
  `0.${'0'.repeat(29)}1`,
  `1.${'1'.repeat(30)}`,
  '0x10',
  '1E5',
  '1,5',
  '1.1.1',
  '9'.repeat(30),
];
/** JSON numbers: a body may carry them. -0 is not here: as a number it is an ordinary 0 (refused where 0 is). */
const HOSTILE_JSON: unknown[] = [1e308, 1e-308, -5, Number.MAX_VALUE, 5e-324, [1], { n: 1 }, true];

type Case = { name: string; schema: z.ZodType; base: Record<string, unknown>; field: string };

const CASES: Case[] = [
  ...['cont', 'target_price', 'expected_price'].map((field) => ({
    name: `submit ${field}`,
    schema: submitQuery,
    base: { type: '1', cont: '0.1', forex_id: '1', status: '0', target_price: '1.1', multiple: '100' },
    field,
  })),
  ...['stop_loss_price', 'target_profit_price'].map((field) => ({
    name: `submit ${field}`,
    schema: submitQuery,
    base: { type: '1', cont: '0.1', forex_id: '1', status: '1', multiple: '100' },
    field,
  })),
  ...['stop_loss_price', 'target_profit_price'].map((field) => ({
    name: `set_stop_price ${field}`,
    schema: stopsQuery,
    base: { id: '1' },
    field,
  })),
  {
    name: 'coin deposit number',
    schema: coinDepositQuery,
    base: { number: '10', proofImg: 'x.png', address: 'T', charge_id: '1' },
    field: 'number',
  },
  {
    name: 'bank deposit number',
    schema: wireDepositQuery,
    base: { number: '10', proofImg: 'x.png', wire_id: '1' },
    field: 'number',
  },
  {
    name: 'withdrawal number',
    schema: drawBody,
    base: { draw_currency_id: '1', number: '10', draw_method_id: '1' },
    field: 'number',
  },
  ...['draw_rate', 'usd_price'].map((field) => ({
    name: `ops currency ${field}`,
    schema: opsCurrencyBody,
    base: { type: '1', code: 'USDT', protocol: 'TRC20', draw_rate: '1', fee_type: '1', usd_price: '1' },
    field,
  })),
];

const refused = (schema: z.ZodType, input: Record<string, unknown>): boolean => {
  try {
    parseInput(schema, input);
    return false;
  } catch (err) {
    if (err instanceof ValidationError) return true;
    throw err;
  }
};

describe('hostile numbers are refused by the schema of every numeric value field', () => {
  it.each(CASES)('$name: the valid base passes', ({ schema, base }) => {
    expect(refused(schema, base)).toBe(false);
  });
  it.each(CASES)('$name: every hostile text and JSON value is refused', ({ schema, base, field }) => {
    const accepted = [...HOSTILE_TEXT, ...HOSTILE_JSON].filter(
      (v) => !refused(schema, { ...base, [field]: v }),
    );
    expect(accepted).toEqual([]);
  });
  it('a JSON -0 is an ordinary zero: refused where zero is (lots, an amount, a USD price)', () => {
    expect(refused(submitQuery, { ...CASES[0]!.base, cont: -0 })).toBe(true);
    expect(refused(drawBody, { draw_currency_id: 1, number: -0, draw_method_id: 1 })).toBe(true);
    expect(
      refused(opsCurrencyBody, {
        type: 1,
        code: 'USDT',
        protocol: 'TRC20',
        draw_rate: '1',
        fee_type: 1,
        usd_price: '-0',
      }),
    ).toBe(true);
  });
});

describe('over HTTP, the trading calls change nothing for a hostile number', () => {
  let x: TradingApp;
  let token: string;
  beforeAll(async () => {
    x = await tradingApp('sqlite');
    token = (await fundedUser(x.app, 100_000_00)).token;
    x.market.setPrice('EURUSD', 1.1, 1.1002);
    x.market.setOpen('EURUSD', true);
  });
  afterAll(() => x.t.close());

  const get = (url: string) => call(x.app, { method: 'GET', url, token });
  const holding = async () =>
    (await get('/v1/api/forex/my_deal?status=1&page=1')).body.data.data as unknown[];

  it('a market order with hostile lots or stops is refused and books nothing; a level is never cleared', async () => {
    const base = 'type=1&forex_id=1&status=1&multiple=100';
    for (const v of HOSTILE_TEXT) {
      for (const q of [
        `cont=${encodeURIComponent(v)}`,
        `cont=0.1&stop_loss_price=${encodeURIComponent(v)}`,
      ]) {
        const r = await get(`/v1/api/forex/submit?${base}&${q}`);
        expect({ v, q, status: r.status, refused: r.body.code !== ERROR_CODES.ok }).toEqual({
          v,
          q,
          status: 200,
          refused: true,
        });
      }
    }
    expect(await holding()).toHaveLength(0);

    const placed = await get(`/v1/api/forex/submit?${base}&cont=0.1&stop_loss_price=1.05`);
    expect(placed.body.code).toBe(ERROR_CODES.ok);
    const id = (placed.body.data as { Id: number }).Id;
    for (const v of HOSTILE_TEXT) {
      const r = await get(`/v1/api/forex/set_stop_price?id=${id}&stop_loss_price=${encodeURIComponent(v)}`);
      expect({ v, refused: r.body.code !== ERROR_CODES.ok }).toEqual({ v, refused: true });
    }
    const [order] = (await holding()) as { TargetLossPrice: string }[];
    expect(Number(order?.TargetLossPrice)).toBe(1.05);
  });
});
