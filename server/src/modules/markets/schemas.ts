/** The shapes of the market calls' answers, tied to the wire contract of @meridian/shared/pure. */
import { z } from 'zod';
import type { Candle, Category, TradeListItem } from '@meridian/shared/pure';
import { contract } from '../../lib/contract';

const num = z.number().finite();

export const tradeListItemSchema = contract<TradeListItem>()(
  z.strictObject({
    Id: z.number().int(),
    Code: z.string(),
    ShowCode: z.string(),
    Logo: z.string(),
    CategoryId: z.number().int(),
    MarketStatus: z.number().int().min(0).max(1),
    PricePrecision: z.number().int().min(0),
    Pip: num,
    ForexMinCont: num,
    ForexContNum: num,
    ForexFeeRate: num,
    MarginMode: z.union([z.literal(1), z.literal(2)]),
    HasForexMultiple: z.array(z.strictObject({ Value: z.number().int().positive() })),
    QuoteCurrency: z.string(),
    ForexQuotations: z.strictObject({ Open: num, Close: num, Change: num }),
    price: num,
    bid: num,
    ask: num,
    volume: num,
    high: num,
    low: num,
    open: num,
    closed: num,
    time: num,
  }),
);
export const tradeListSchema = z.array(tradeListItemSchema);

export const categoriesSchema = z.array(
  contract<Category>()(z.strictObject({ Id: z.number().int(), NameShowTrans: z.string() })),
);

export const candlesSchema = z.array(
  contract<Candle>()(
    z.strictObject({ Time: z.number().int(), Open: num, High: num, Low: num, Close: num, Volume: num }),
  ),
);
