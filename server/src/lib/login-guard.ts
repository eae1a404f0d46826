/**
 * Password guessing without a lockout a stranger can trigger. Limits apply per source (`loginPerIp`) and per account
 * *and* source (`loginPerAccount` keyed `account|ip`), so whoever guesses is the one stopped. Across all sources, an
 * account's wrong passwords beyond the first few make the next try wait a growing delay (1 s, 2 s, 4 s … at most
 * 30 s, answered 1004 with Retry-After): guessing becomes slow everywhere, yet the owner is never shut out for long.
 * A success does not reset the count (the window of 15 minutes does), so an attacker cannot interleave with the owner.
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import type { AppContext } from '../context';
import { AppError } from './errors';
import { enforceLimit } from './limits';

/** Wrong passwords per account (any source) before the growing delay starts. */
export const LOGIN_FREE_FAILURES = 5;
/** The longest the delay grows to. */
export const LOGIN_MAX_DELAY_MS = 30_000;
const FAILURE_WINDOW_MS = 15 * 60_000;

const failKey = (account: string) => `loginFail:${account}`;
const gateKey = (account: string) => `loginGate:${account}`;

/**
 * Before checking a password of `account` from `ip` (the caller has applied `loginPerIp` already): the limit of the
 * account from this source, then the account's delay.
 */
export async function beforeLogin(ctx: AppContext, account: string, ip: string): Promise<void> {
  await enforceLimit(ctx, 'loginPerAccount', `${account}|${ip}`);
  let gate;
  try {
    gate = (await ctx.limiter.peek?.(gateKey(account))) ?? { count: 0, retryAfterSec: 0 };
  } catch {
    throw new AppError(ERROR_CODES.unavailable, 'error.unavailable', {}, 503);
  }
  if (gate.count > 0) {
    throw new AppError(ERROR_CODES.rateLimited, 'error.rateLimited', { seconds: gate.retryAfterSec }, 429);
  }
}

/** After a wrong password: count it for the account and, beyond the free ones, start the next delay. */
export async function loginFailed(ctx: AppContext, account: string): Promise<void> {
  try {
    const n = (await ctx.limiter.hit(failKey(account), Number.MAX_SAFE_INTEGER, FAILURE_WINDOW_MS)).count;
    if (n < LOGIN_FREE_FAILURES) return;
    const delay = Math.min(LOGIN_MAX_DELAY_MS, 1000 * 2 ** (n - LOGIN_FREE_FAILURES));
    await ctx.limiter.hit(gateKey(account), 1, delay);
  } catch {
    // The shared limiter is down: the source limits already refuse every try meanwhile.
  }
}
