/**
 * Verification codes (e-mail, SMS): 6 random digits, valid 10 minutes, at most 5 tries, not re-sent within 60 s,
 * stored only as a hash. A code is checked in two steps: `checkCode` (counts a failed try, committed on its own)
 * and `consumeCode` inside the caller's transaction, so a code is used exactly once together with what it authorizes.
 */
import { CODE_COUNTDOWN_SECONDS, ERROR_CODES } from '@meridian/shared/pure';
import type { Language } from '@meridian/shared/pure';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { randomDigits, safeEqual, sha256 } from '../../lib/security';
import type { Database } from '../../storage/schema';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const PURPOSE = { register: 1, reset: 2 } as const;

const codeHash = (target: string, purpose: number, code: string) => sha256(`${purpose}|${target}|${code}`);

/**
 * The resend countdown, kept per address whether or not it has an account (the limiter, not the code rows), so
 * that a second request answers 1104 for every address alike.
 */
export async function codeCountdown(ctx: AppContext, target: string, purpose: number): Promise<void> {
  let r;
  try {
    r = await ctx.limiter.hit(`codeCountdown:${purpose}:${target}`, 1, CODE_COUNTDOWN_SECONDS * 1000);
  } catch {
    throw new AppError(ERROR_CODES.unavailable, 'error.unavailable', {}, 503);
  }
  if (!r.allowed) throw new AppError(ERROR_CODES.codeTooSoon, 'code.tooSoon', { seconds: r.retryAfterSec });
}

/** E-mail the owner of `target` that someone asked to register it again (no code: the account exists). */
export async function mailAlreadyRegistered(ctx: AppContext, lang: Language, target: string): Promise<void> {
  const t = ctx.i18n.t;
  await ctx.mailer.send({
    to: target,
    subject: t(lang, 'mail.alreadyRegisteredSubject', { site: ctx.config.siteTitle }),
    text: t(lang, 'mail.alreadyRegisteredBody', { site: ctx.config.siteTitle }),
  });
}

/** Create, store (hashed) and e-mail a code. */
export async function issueEmailCode(
  ctx: AppContext,
  lang: Language,
  target: string,
  purpose: number,
): Promise<void> {
  const now = ctx.now();
  const last = await ctx.db
    .selectFrom('verification_codes')
    .select(['created_at'])
    .where('channel', '=', 'email')
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last && now - last.created_at < CODE_COUNTDOWN_SECONDS * 1000) {
    const seconds = Math.ceil((CODE_COUNTDOWN_SECONDS * 1000 - (now - last.created_at)) / 1000);
    throw new AppError(ERROR_CODES.codeTooSoon, 'code.tooSoon', { seconds });
  }
  const code = randomDigits(6);
  await ctx.db
    .insertInto('verification_codes')
    .values({
      channel: 'email',
      target,
      purpose,
      code_hash: codeHash(target, purpose, code),
      attempts: 0,
      max_attempts: CODE_MAX_ATTEMPTS,
      expires_at: now + CODE_TTL_MS,
      consumed_at: null,
      created_at: now,
    })
    .execute();
  const t = ctx.i18n.t;
  const subjectKey = purpose === PURPOSE.register ? 'mail.registerSubject' : 'mail.resetSubject';
  await ctx.mailer.send({
    to: target,
    subject: t(lang, subjectKey, { site: ctx.config.siteTitle }),
    text: t(lang, 'mail.codeBody', { code, minutes: CODE_TTL_MS / 60_000, site: ctx.config.siteTitle }),
  });
}

/** Check a code without using it up; a wrong code counts a try. Returns the code row id. */
export async function checkCode(
  ctx: AppContext,
  channel: 'email' | 'sms',
  target: string,
  purpose: number,
  code: string,
): Promise<number> {
  const now = ctx.now();
  const row = await ctx.db
    .selectFrom('verification_codes')
    .selectAll()
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  // One answer whatever the code's state (none issued, expired, used up by wrong tries, wrong): the answer never
  // tells whether an address has an account or a live code. The fifth wrong try burns the code.
  if (!row || row.expires_at <= now || row.attempts >= row.max_attempts) {
    throw new AppError(ERROR_CODES.badCode, 'code.bad');
  }
  if (!safeEqual(row.code_hash, codeHash(target, purpose, code))) {
    await ctx.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    throw new AppError(ERROR_CODES.badCode, 'code.bad');
  }
  return row.id;
}

/** Use the checked code inside the caller's transaction; fails if a concurrent request used it first. */
export async function consumeCode(trx: Transaction<Database>, id: number, at: number): Promise<void> {
  const r = await trx
    .updateTable('verification_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new AppError(ERROR_CODES.badCode, 'code.bad');
}
