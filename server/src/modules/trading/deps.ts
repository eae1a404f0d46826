/** What the trading module is built from: handed over by buildApp, nothing looked up. */
import type { DB, Dialect } from '../../storage/db';
import type { MarketData } from '../markets';
import type { Notifier } from '../notifications';

export type TradingDeps = {
  db: DB;
  dialect: Dialect;
  /** Instruments, live quotes, schedules and USD rates. */
  market: MarketData;
  now: () => number;
  /** A site setting (content module): `trade_fee_type` decides the fee formula. */
  setting: (key: string) => Promise<string | undefined>;
  /** After a commit: the fills, the closes by a trigger or a stop-out and the margin calls it stored, to the trader. */
  notifier?: Notifier;
};
