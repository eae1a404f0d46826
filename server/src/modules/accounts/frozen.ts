/**
 * Frozen accounts: ops freeze an account when something needs looking into. A frozen trader still signs in and sees
 * everything, and may close or cancel what is open (that only lowers risk), but places no new order and moves no
 * money in or out. One check for every such call:
 *
 *   app.get('/v1/api/forex/submit', { preHandler: [requireUser(ctx), refuseFrozen(ctx)] }, ...)
 *   await assertNotFrozen(ctx, userId)   // inside a service, e.g. before a deposit or a withdrawal
 *
 * The refusal is code 1304 with the reason ops gave, in the trader's language.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { userOf } from '../../lib/auth';
import { AppError } from '../../lib/errors';

export async function assertNotFrozen(ctx: Pick<AppContext, 'db'>, userId: number): Promise<void> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['frozen_at', 'frozen_reason'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (row?.frozen_at != null) throw frozenError(row.frozen_reason ?? '-');
}

const frozenError = (reason: string) => new AppError(ERROR_CODES.accountFrozen, 'account.frozen', { reason });

/** preHandler after requireUser: refuses a frozen account's call with 1304 (the state came with the session). */
export function refuseFrozen(_ctx: AppContext): preHandlerAsyncHookHandler {
  return async (req) => {
    const { frozen } = userOf(req);
    if (frozen !== null) throw frozenError(frozen);
  };
}
