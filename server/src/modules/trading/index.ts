/**
 * The trading module: order commands, account reads, risk and the engine, built once by buildApp from explicit
 * dependencies and handed to whoever uses them (its routes, the funds and social modules). Nothing is looked up.
 *
 *   commands.ts  submit, fill, close, cancel, stop levels      booking.ts  the money side, in one transaction
 *   figures.ts   account figures at live prices, my_deal pages  risk.ts     stop-out, demo reset
 *   engine.ts    triggers on every tick (leader node only)     publisher.ts FOREX_TRADE / FOREX_CLOSED
 *   repository.ts the only way to the orders table             views.ts    stored order -> wire OrderView
 */
import type { EventBus } from '../../realtime/bus';
import type { Lease } from '../../realtime/lease';
import { WriteBatcher } from './batcher';
import { OrderCommands } from './commands';
import type { TradingDeps } from './deps';
import { TradingEngine } from './engine';
import type { EngineOptions } from './engine';
import { TradingEvents } from './events';
import { AccountReads } from './figures';
import { Risk } from './risk';

export type { TradingDeps } from './deps';
export type { OrderCommands, SubmitOptions } from './commands';
export type { AccountReads, AccountSnapshot } from './figures';
export type { Risk } from './risk';
export type { TradingEngine } from './engine';
export type { WriteBatcher } from './batcher';
export { TriggerIndex } from './trigger-index';
export type { BookName, Entry } from './trigger-index';

export type Trading = {
  commands: OrderCommands;
  reads: AccountReads;
  risk: Risk;
  engine: TradingEngine;
  /** Group commit of submits on SQLite (its counters feed bench/submit-http). */
  batcher: WriteBatcher;
  /** When the app is ready: the engine loads the open orders and starts watching the ticks. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

export function createTrading(
  deps: TradingDeps & { bus: EventBus; lease: Lease },
  opts: Omit<EngineOptions, 'isLeader'> = {},
): Trading {
  const events = new TradingEvents();
  const batcher = new WriteBatcher(deps.db, deps.dialect);
  const commands = new OrderCommands(deps, events, batcher);
  const reads = new AccountReads(deps);
  const risk = new Risk(deps, events, reads);
  const engine = new TradingEngine(
    { ...deps, commands, risk, events },
    { ...opts, isLeader: () => deps.lease.isLeader() },
  );
  return {
    commands,
    reads,
    risk,
    engine,
    batcher,
    start: () => engine.start(),
    stop: () => engine.stop(),
  };
}
