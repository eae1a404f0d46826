/**
 * The alerts module's public surface: a trader's price alerts (docs/rules.md#alerts) and their evaluator, which runs
 * on the node holding the engine lease beside the trading engine, on the same ticks. Built once by app/services.ts;
 * its routes are registered by app/modules.ts with the evaluator they notify of changes.
 */
import type { EventBus } from '../../realtime/bus';
import type { Lease } from '../../realtime/lease';
import type { DB } from '../../storage/db';
import type { MarketData } from '../markets';
import type { NotificationDelivery } from '../notifications';
import { AlertEvaluator } from './evaluator';

export { AlertEvaluator, ALERTS_INTERNAL_TOPIC } from './evaluator';
export type { AlertDeps } from './evaluator';

export type Alerts = {
  evaluator: AlertEvaluator;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

export function createAlerts(deps: {
  db: DB;
  market: MarketData;
  bus: EventBus;
  lease: Lease;
  now: () => number;
  delivery?: NotificationDelivery;
}): Alerts {
  const evaluator = new AlertEvaluator({
    db: deps.db,
    market: deps.market,
    bus: deps.bus,
    now: deps.now,
    isLeader: () => deps.lease.isLeader(),
    onLeaderChange: (cb) => deps.lease.onChange(cb),
    ...(deps.delivery ? { delivery: deps.delivery } : {}),
  });
  return { evaluator, start: () => evaluator.start(), stop: () => evaluator.stop() };
}
