/** Orders as the server sends them, for tests. */
import type { OrderView } from '@meridian/shared/pure';

/** An order view with every field (a holding BTC/USD buy); override what the test is about. */
export const order = (over: Partial<OrderView> = {}): OrderView => ({
  Id: 1,
  ForexId: 40,
  ForexTradeLists: { Id: 40, Code: 'BTCUSD', ShowCode: 'BTC/USD' },
  OrderType: 1,
  Quantity: 0.1,
  Multiple: 10,
  PricePrecision: 2,
  OriginPrice: '100.00',
  Price: '100.00',
  UpdatePrice: '100.00',
  FactProfits: '0.000000',
  CautionMoney: '1.000000',
  TradeFee: '0.500000',
  TargetLossPrice: '0',
  TargetProfitPrice: '0',
  TargetPrice: '0',
  CreateTimeHandler: '2026-01-02 03:04:05',
  CompleteTimeHandler: '',
  Status: 1,
  PendingKind: 'market',
  ExpectedPrice: '100.00',
  FillPrice: '100.00',
  CloseExpectedPrice: null,
  ClosePrice: null,
  CloseReason: null,
  WrittenOff: '0.00',
  ClientOrderId: null,
  ...over,
});
