/** Apply one named abuse limit to a key (an IP or an account); over the limit answers code 1004 with HTTP 429. */
import { ERROR_CODES } from '@meridian/shared/pure';
import type { AppContext } from '../context';
import type { RateLimits } from './rate-limit';
import { AppError } from './errors';

export async function enforceLimit(ctx: AppContext, name: keyof RateLimits, key: string): Promise<void> {
  const [limit, windowMs] = ctx.limits[name];
  let r;
  try {
    r = await ctx.limiter.hit(`${name}:${key}`, limit, windowMs);
  } catch {
    // The shared limiter (Redis) is down: refuse rather than run unprotected.
    throw new AppError(ERROR_CODES.unavailable, 'error.unavailable', {}, 503);
  }
  if (!r.allowed) throw rateLimitError(r.retryAfterSec);
}

/** 1004 saying when to try again: seconds under a minute, whole minutes (rounded up) from one minute on. */
export function rateLimitError(retryAfterSec: number): AppError {
  return retryAfterSec >= 60
    ? new AppError(
        ERROR_CODES.rateLimited,
        'error.rateLimitedMinutes',
        { minutes: Math.ceil(retryAfterSec / 60) },
        429,
      )
    : new AppError(ERROR_CODES.rateLimited, 'error.rateLimited', { seconds: retryAfterSec }, 429);
}
