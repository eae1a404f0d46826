/** Orders as the server sends them, for tests. */
import type { Order } from '../features/orders/api/orders-api';

/** An order view with every field; override what the test is about. */
export const order = (over: Partial<Order> = {}): Order => ({
  Id: 1,
  ForexId: 40,
  ForexTradeLists: { Id: 40, Code: 'BTCUSD', ShowCode: 'BTC/USD' },
  OrderType: 1,
  Quantity: 0.1,
  Multiple: 10,
  OriginPrice: 100,
  Price: 100,
  UpdatePrice: 100,
  FactProfits: '0.000000',
  CautionMoney: '1.000000',
  TradeFee: '0.500000',
  TargetLossPrice: 0,
  TargetProfitPrice: 0,
  CreateTimeHandler: '2026-01-02 03:04:05',
  CompleteTimeHandler: '',
  Status: 1,
  ...over,
});
