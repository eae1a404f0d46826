/**
 * Inputs of the trading calls (query strings: everything arrives as text) and the shapes of their answers, each
 * tied to the wire contract of @meridian/shared/pure.
 */
import { z } from 'zod';
import {
  CLOSE_ALL_MAX_IDS,
  CLOSE_ALL_SCOPES,
  CLOSE_REASONS,
  ERROR_CODES,
  MAX_DEVIATION_POINTS,
  MAX_TRAILING_POINTS,
  TRADE_INPUT_LIMITS,
} from '@meridian/shared/pure';
import type {
  CloseAllParams,
  CloseAllResult,
  DealPage,
  DemoReset,
  OrderView,
  SubmitParams,
} from '@meridian/shared/pure';
import { contract, wire } from '../../lib/contract';
import {
  decimal,
  id,
  int,
  MAX_ID,
  optDecimal,
  optId,
  optInt,
  optStr,
  page,
  pageSize,
} from '../../lib/validate';

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
  /** The opening price the trader saw (market orders): a positive plain decimal. */
  expected_price: optDecimal({ max: maxPrice, positive: true, scale: priceScale }),
  /** Points the fill may be worse than expected_price. */
  max_deviation: optInt(0, MAX_DEVIATION_POINTS),
  /** Trailing stop distance in points: 0 or absent for none. */
  trailing_distance: optInt(0, MAX_TRAILING_POINTS),
});

/** A submit as the route has parsed it. */
export type SubmitInput = z.output<typeof submitQuery>;
/** The contract's parameters are what the schema takes (a client typed against the contract is never refused). */
export const acceptsContract = (p: SubmitParams): z.input<typeof submitQuery> => p;

export const idQuery = z.object({ id: id() });

/** The close: `lots` (optional) closes only that part of the position; refused before any arithmetic if hostile. */
export const closeQuery = z.object({
  id: id(),
  lots: optDecimal({ max: maxLots, positive: true, scale: priceScale }),
});

const IDS = /^\d{1,10}(?:,\d{1,10})*$/;
/** Comma-separated order ids (a list in one value: calls that move money take no repeated parameters). */
const idList = () =>
  z
    .string({ message: 'v.required' })
    .trim()
    .min(1, { message: 'v.required' })
    .superRefine((text, ctx) => {
      const parts = text.split(',');
      if (
        text.length > CLOSE_ALL_MAX_IDS * 11 ||
        !IDS.test(text) ||
        parts.length > CLOSE_ALL_MAX_IDS ||
        parts.some((p) => Number(p) < 1 || Number(p) > MAX_ID)
      )
        ctx.addIssue({ code: 'custom', message: 'v.ids', params: { max: CLOSE_ALL_MAX_IDS } });
    })
    .transform((text) => [...new Set(text.split(',').map(Number))]);

export const closeAllBody = z
  .object({
    scope: z.enum(CLOSE_ALL_SCOPES, { message: 'v.oneOf' }),
    symbol: optStr(32),
    ids: idList(),
  })
  .superRefine((b, c) => {
    if (b.scope === 'symbol' && !b.symbol)
      c.addIssue({ code: 'custom', path: ['symbol'], message: 'v.symbolRequired' });
  });
/** The contract's parameters are what the schema takes. */
export const acceptsCloseAll = (p: CloseAllParams): z.input<typeof closeAllBody> => p;

export const stopsQuery = z.object({
  id: id(),
  target_profit_price: stopPrice(),
  stop_loss_price: stopPrice(),
  /** Trailing stop distance in points (holding positions): 0 or absent for none. */
  trailing_distance: optInt(0, MAX_TRAILING_POINTS),
});

export const dealQuery = z.object({
  status: optInt(0, 3).transform((v) => v ?? 1),
  page: page(),
  limit: pageSize(100, 10),
  /** Only the partial closes of this position (history). */
  parent_id: optId(),
  /** Only this order of the caller, whatever its status (a notification's tap target). */
  id: optId(),
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
    ParentId: z.number().int().nullable(),
    TrailingDistance: z.number().int().min(0),
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

export const closeAllResultSchema = contract<CloseAllResult>()(
  z.strictObject({
    closed: z.array(orderViewSchema),
    failed: z.array(z.strictObject({ id: z.number().int(), code: z.number().int(), msg: z.string() })),
  }),
);

export const demoResetSchema = contract<DemoReset>()(z.strictObject({ balance: cents }));
