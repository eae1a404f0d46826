/** One instrument as `trade_list` answers it; also written into index.html for the first paint (modules/static). */
import type { TradeListItem } from '@meridian/shared/pure';
import type { Instrument, MarketData } from './contract';
import { logoPath } from './logos';
import { MarketService } from './service';

export function tradeRow(market: MarketData, inst: Instrument, now: number): TradeListItem {
  const service = market instanceof MarketService ? market : undefined;
  const day = service?.dayQuote(inst.id);
  const quote = market.quote(inst.id);
  const bid = quote?.bid ?? day?.bid ?? 0;
  const ask = quote?.ask ?? day?.ask ?? 0;
  const open = day?.open ?? bid;
  const closed = day?.closed ?? open;
  const change = day?.change ?? 0;
  return {
    Id: inst.id,
    Code: inst.code,
    ShowCode: inst.showCode,
    Logo: logoPath(inst.code),
    CategoryId: inst.categoryId,
    MarketStatus: market.isOpen(inst.id, now) ? 1 : 0,
    PricePrecision: inst.pricePrecision,
    Pip: Number(inst.pip),
    ForexMinCont: Number(inst.minLots),
    ForexContNum: inst.contractSize,
    ForexFeeRate: Number(inst.feeRate),
    MarginMode: inst.marginMode,
    HasForexMultiple: inst.leverages.map((Value) => ({ Value })),
    QuoteCurrency: inst.quoteCurrency,
    ForexQuotations: { Open: open, Close: bid, Change: change },
    price: bid,
    bid,
    ask,
    volume: day?.volume ?? 0,
    high: day?.high ?? bid,
    low: day?.low ?? bid,
    open,
    closed,
    time: quote?.time ?? day?.time ?? now,
  };
}
