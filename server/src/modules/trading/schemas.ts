/**
 * Inputs of the trading calls (query strings: everything arrives as text) and the shapes of their answers, each
 * tied to the wire contract of @meridian/shared/pure.
 */
import { z } from 'zod';
import { CLOSE_REASONS, ERROR_CODES, TRADE_INPUT_LIMITS } from '@meridian/shared/pure';
import type { DealPage, DemoReset, OrderView, SubmitParams } from '@meridian/shared/pure';
import { contract, wire } from '../../lib/contract';
import { decimal, id, int, optDecimal, optInt, optStr, page, pageSize } from '../../lib/validate';

const { maxLots, maxPrice, priceScale } = TRADE_INPUT_LIMITS;
const lots = () => decimal({ max: maxLots, positive: true, scale: priceScale });
const optPrice = () => optDecimal({ max: maxPrice, scale: priceScale });

const STOP_PRICE = new RegExp(`^\\d{1,12}(?:\\.\\d{1,${priceScale}})?$`);
/**
 * A stop loss or take profit level: a plain decimal, 0 or absent for none. A negative, non-numeric or hostile value
 * (exponent, hex, NaN, Infinity, a repeated parameter, 30 decimals) is refused with its own code, so a level the
 * trader meant is never stored as "none".
 */
const stopPrice = () =>
  z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return undefined;
      const text = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : null;
      if (text === null || !STOP_PRICE.test(text) || Number(text) > maxPrice) {
        ctx.addIssue({
          code: 'custom',
          message: 'trade.stopPriceInvalid',
          params: { code: ERROR_CODES.stopPriceInvalid },
        });
        return z.NEVER;
      }
      return text;
    })
    .optional();

export const submitQuery = z.object({
  type: int(1, 2),
  cont: lots(),
  forex_id: id(),
  // Required: a missing, empty or array-shaped status is refused, never taken for a market order that fills at once.
  status: int(0, 1).transform((v) => v as 0 | 1),
  target_price: optPrice(),
  stop_loss_price: stopPrice(),
  target_profit_price: stopPrice(),
  multiple: optInt(1, 100000),
  client_order_id: optStr(64).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { message: 'v.invalid' })
      .optional(),
  ),
});

/** A submit as the route has parsed it. */
export type SubmitInput = z.output<typeof submitQuery>;
/** The contract's parameters are what the schema takes (a client typed against the contract is never refused). */
export const acceptsContract = (p: SubmitParams): z.input<typeof submitQuery> => p;

export const idQuery = z.object({ id: id() });

export const stopsQuery = z.object({
  id: id(),
  target_profit_price: stopPrice(),
  stop_loss_price: stopPrice(),
});

export const dealQuery = z.object({
  status: optInt(0, 3).transform((v) => v ?? 1),
  page: page(),
  limit: pageSize(100, 10),
});

export const pageQuery = z.object({ page: page(), limit: pageSize(100, 10) });

// ---- answers ----

const { price, micros, cents, time } = wire;

export const orderViewSchema = contract<OrderView>()(
  z.strictObject({
    Id: z.number().int(),
    ForexId: z.number().int(),
    ForexTradeLists: z.strictObject({ Id: z.number().int(), Code: z.string(), ShowCode: z.string() }),
    OrderType: z.union([z.literal(1), z.literal(2)]),
    Quantity: z.number().positive(),
    Multiple: z.number().int().positive(),
    PricePrecision: z.number().int().min(0),
    OriginPrice: price,
    Price: price,
    UpdatePrice: price,
    FactProfits: micros,
    CautionMoney: micros,
    TradeFee: micros,
    TargetLossPrice: price,
    TargetProfitPrice: price,
    TargetPrice: price,
    CreateTimeHandler: time,
    CompleteTimeHandler: time,
    Status: z.union([z.literal(0), z.literal(1), z.literal(3)]),
    PendingKind: z.enum(['market', 'limit', 'stop']),
    ExpectedPrice: price,
    FillPrice: price.nullable(),
    CloseExpectedPrice: price.nullable(),
    ClosePrice: price.nullable(),
    CloseReason: z.enum(CLOSE_REASONS).nullable(),
    WrittenOff: cents,
    ClientOrderId: z.string().nullable(),
  }),
);

export const dealPageSchema = contract<DealPage>()(
  z.strictObject({
    data: z.array(orderViewSchema),
    total: z.number().int().min(0),
    all_fact_profits: micros,
    balance: cents,
  }),
);

export const demoResetSchema = contract<DemoReset>()(z.strictObject({ balance: cents }));
