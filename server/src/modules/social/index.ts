/**
 * The social module: the copy-trading ranking and the simulated traders behind it, built once by buildApp on top of
 * the trading module (the traders trade through its order commands).
 */
import { Bots } from './bots';
import type { BotsDeps } from './bots';
import { Ranking } from './ranking';

export type { Bots, BotsDeps } from './bots';
export type { Ranking } from './ranking';
export { BOT_CAPITAL_CENTS, STYLES } from './bots';

export type Social = {
  ranking: Ranking;
  bots: Bots;
  /** When the app is ready: the traders start (seeded on first start, live on the leader; not in tests). */
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

export function createSocial(deps: BotsDeps): Social {
  const ranking = new Ranking({ ...deps, reads: deps.trading.reads });
  const bots = new Bots(deps);
  return {
    ranking,
    bots,
    start: async () => bots.start(),
    stop: async () => bots.stop(),
  };
}
