/**
 * Ops sign-in and sessions, apart from traders': their own token kind (`ops_` + 64 characters, never the shape of a
 * trader token), 30 minutes idle and 12 hours in all, revoked at sign-out. Every ops call names the roles it allows
 * with one preHandler:
 *
 *   app.get('/api/ops/x', { preHandler: requireOps(ctx, ['finance']) }, handler)   // admin is always allowed
 *
 * A trader or demo token on an ops call is refused (1300) and logged; an ops token on a trader call is refused by
 * lib/auth.ts (1305).
 *
 * "Idle" means no call made by the person: the pages' background refreshes (menu counts, the dashboard) send
 * `x-ops-passive: 1`, which checks the session without pushing its idle clock back, so a back office left open
 * still signs out (the frame warns before, and "Stay signed in" is an ordinary call). The limit is
 * `OPS_IDLE_SECONDS` (30 minutes).
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ERROR_CODES, OPS_ABSOLUTE_TIMEOUT_MS, OPS_PASSIVE_HEADER } from '@meridian/shared/pure';
import type { OpsMe, OpsRole } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { findSessionUser, tokenFrom } from '../../lib/auth';
import { AppError, sessionExpired } from '../../lib/errors';
import { enforceLimit } from '../../lib/limits';
import { beforeLogin, loginFailed } from '../../lib/login-guard';
import type { Device } from '../../lib/login-guard';
import { randomSecret, sha256, verifyPassword } from '../../lib/security';
import { findOpsByEmail, parseRoles } from './accounts';
import { appendAudit } from './audit';
import { matchTotp } from './totp';

export const OPS_TOKEN_PREFIX = 'ops_';
const OPS_TOKEN_LENGTH = OPS_TOKEN_PREFIX.length + 64;
/**
 * Writing last_seen_at on every call is wasted work; this much staleness is invisible against 30 minutes (a
 * twentieth of a shorter limit). The frame's countdown allows for it (`opsTouchSlackMs`).
 */
export const touchEveryMs = (idleMs: number): number => Math.min(15_000, Math.floor(idleMs / 20));

export type OpsActor = {
  id: number;
  email: string;
  roles: OpsRole[];
  sessionId: number;
  expiresAt: number;
  /** The idle limit of the session (config `OPS_IDLE_SECONDS`), ms. */
  idleMs: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in ops person on an ops call (set by requireOps). */
    ops: OpsActor | null;
  }
}

/** True for the ops token kind (a trader token is 43 characters and never has this shape). */
export function isOpsToken(token: string): boolean {
  return token.length === OPS_TOKEN_LENGTH && token.startsWith(OPS_TOKEN_PREFIX);
}

function newOpsToken(): string {
  return OPS_TOKEN_PREFIX + randomSecret(48);
}

/**
 * The live ops session of `token` at `now`, its idle clock pushed back (unless `passive`); null when missing, idle,
 * over or revoked.
 */
export async function findOpsSession(
  ctx: AppContext,
  token: string,
  { passive = false }: { passive?: boolean } = {},
): Promise<OpsActor | null> {
  return (await liveOpsSession(ctx, { token }, !passive))?.actor ?? null;
}

/**
 * The live ops session of a token or a session id (a socket signed in with it re-checks here): its actor with the roles it has now,
 * and when it ends unless used again (the earlier of the idle and absolute limits). `touch` pushes the idle clock
 * back (a use of the session); a re-check that is not a use passes false.
 */
export async function liveOpsSession(
  ctx: AppContext,
  by: { token: string } | { sessionId: number },
  touch: boolean,
): Promise<{ actor: OpsActor; endsAt: number } | null> {
  const now = ctx.now();
  const idleMs = ctx.config.opsIdleMs;
  let q = ctx.db
    .selectFrom('ops_sessions')
    .innerJoin('ops_accounts', 'ops_accounts.id', 'ops_sessions.ops_id')
    .select([
      'ops_sessions.id as session_id',
      'ops_sessions.last_seen_at as last_seen_at',
      'ops_sessions.expires_at as expires_at',
      'ops_accounts.id as id',
      'ops_accounts.email as email',
      'ops_accounts.roles as roles',
    ])
    .where('ops_sessions.revoked_at', 'is', null)
    .where('ops_sessions.expires_at', '>', now)
    .where('ops_sessions.last_seen_at', '>', now - idleMs)
    .where('ops_accounts.disabled_at', 'is', null);
  q =
    'token' in by
      ? q.where('ops_sessions.token_hash', '=', sha256(by.token))
      : q.where('ops_sessions.id', '=', by.sessionId);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  let lastSeen = row.last_seen_at;
  if (touch && now - row.last_seen_at >= touchEveryMs(idleMs)) {
    await ctx.db
      .updateTable('ops_sessions')
      .set({ last_seen_at: now })
      .where('id', '=', row.session_id)
      .execute();
    lastSeen = now;
  }
  return {
    actor: {
      id: row.id,
      email: row.email,
      roles: parseRoles(row.roles),
      sessionId: row.session_id,
      expiresAt: row.expires_at,
      idleMs,
    },
    endsAt: Math.min(row.expires_at, lastSeen + idleMs),
  };
}

export function meOf(actor: OpsActor): OpsMe {
  return {
    id: actor.id,
    email: actor.email,
    roles: actor.roles,
    expires_at: actor.expiresAt,
    idle_timeout_ms: actor.idleMs,
  };
}

/** A trader's token on an ops call: refused, and written down (at most 10 audit rows an hour per trader). */
async function refuseTraderToken(ctx: AppContext, req: FastifyRequest, userId: number, isDemo: boolean) {
  req.log.warn({ userId, url: req.url }, 'trader token on an ops call refused');
  const hit = await ctx.limiter.hit(`opsRefusal:${userId}`, 10, 3_600_000).catch(() => null);
  if (hit?.allowed) {
    await appendAudit(ctx.db, {
      action: 'security.trader_token_on_ops',
      objectType: 'user',
      objectId: userId,
      extra: { path: req.routeOptions.url ?? req.url.split('?')[0], demo: isDemo },
      actor: { id: null, email: '-', roles: '' },
      ip: req.ip,
      at: ctx.now(),
    });
  }
  throw new AppError(ERROR_CODES.opsOnly, 'ops.only');
}

/**
 * preHandler of an ops call: a live ops session whose roles include one of `roles` ('any': any ops role). `admin`
 * passes every check. Sets `req.ops`.
 */
export function requireOps(ctx: AppContext, roles: readonly OpsRole[] | 'any'): preHandlerAsyncHookHandler {
  return async (req) => {
    const token = tokenFrom(req);
    if (!token) throw sessionExpired();
    if (!isOpsToken(token)) {
      const trader = await findSessionUser(ctx, token);
      if (trader) await refuseTraderToken(ctx, req, trader.id, trader.isDemo);
      throw sessionExpired();
    }
    const actor = await findOpsSession(ctx, token, { passive: req.headers[OPS_PASSIVE_HEADER] === '1' });
    if (!actor) throw sessionExpired();
    req.ops = actor;
    if (roles === 'any' || actor.roles.includes('admin')) return;
    if (!actor.roles.some((r) => roles.includes(r))) {
      throw new AppError(ERROR_CODES.opsRole, 'ops.role', { roles: roles.join(', ') });
    }
  };
}

/** The ops person of an ops call (set by requireOps). */
export function opsOf(req: FastifyRequest): OpsActor {
  if (!req.ops) throw sessionExpired();
  return req.ops;
}

/** True when the request carries a live ops session with one of `roles` (admin always); never throws. */
export async function optionalOps(
  ctx: AppContext,
  req: FastifyRequest,
  roles: readonly OpsRole[],
): Promise<OpsActor | null> {
  const token = tokenFrom(req);
  if (!token || !isOpsToken(token)) return null;
  const actor = await findOpsSession(ctx, token, { passive: req.headers[OPS_PASSIVE_HEADER] === '1' });
  if (!actor) return null;
  return actor.roles.includes('admin') || actor.roles.some((r) => roles.includes(r)) ? actor : null;
}

/**
 * E-mail + password + TOTP code. Limited like trader login (lib/login-guard.ts: per IP, per account and source, a
 * growing delay per account that a trusted device, `device`, does not wait for; never a lock a stranger can
 * trigger); every failure is audited;
 * a code is accepted once (its time step is recorded in the same conditional update that accepts it).
 */
export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string; code: string },
  ip: string,
  device: Device = null,
): Promise<{ token: string; actor: OpsActor }> {
  await enforceLimit(ctx, 'loginPerIp', `ops:${ip}`);
  await beforeLogin(ctx, `ops:${input.email}`, `ops:${ip}`, device);
  const now = ctx.now();
  const account = await findOpsByEmail(ctx.db, input.email);
  const passwordOk = await verifyPassword(account?.password_hash ?? null, input.password);
  const fail = async (reason: string, key: string, code: number) => {
    await loginFailed(ctx, `ops:${input.email}`, device);
    await appendAudit(ctx.db, {
      action: 'ops.sign_in_failed',
      objectType: 'ops_account',
      ...(account ? { objectId: account.id } : {}),
      extra: { reason },
      actor: { id: account?.id ?? null, email: input.email, roles: account?.roles ?? '' },
      ip,
      at: now,
    });
    return new AppError(code, key);
  };
  if (!account || !passwordOk) throw await fail('password', 'login.bad', ERROR_CODES.badCredentials);
  if (account.disabled_at !== null) throw await fail('disabled', 'login.bad', ERROR_CODES.badCredentials);
  if (!account.totp_secret) throw await fail('no_totp', 'ops.totpNotEnrolled', ERROR_CODES.opsBadTotp);
  const step = matchTotp(account.totp_secret, input.code, now);
  if (step === null) throw await fail('totp', 'ops.badTotp', ERROR_CODES.opsBadTotp);
  const accepted = await ctx.db
    .updateTable('ops_accounts')
    .set({ totp_last_step: step, last_sign_in_at: now })
    .where('id', '=', account.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  if (Number(accepted.numUpdatedRows) !== 1) {
    throw await fail('totp_replay', 'ops.badTotp', ERROR_CODES.opsBadTotp);
  }
  const token = newOpsToken();
  const expiresAt = now + OPS_ABSOLUTE_TIMEOUT_MS;
  const session = await ctx.db
    .insertInto('ops_sessions')
    .values({
      ops_id: account.id,
      token_hash: sha256(token),
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      revoked_at: null,
      ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const actor: OpsActor = {
    id: account.id,
    email: account.email,
    roles: parseRoles(account.roles),
    sessionId: session.id,
    expiresAt,
    idleMs: ctx.config.opsIdleMs,
  };
  await appendAudit(ctx.db, {
    action: 'ops.sign_in',
    objectType: 'ops_account',
    objectId: account.id,
    actor: { id: account.id, email: account.email, roles: account.roles },
    ip,
    at: now,
  });
  return { token, actor };
}

export async function revokeOpsSession(ctx: AppContext, sessionId: number): Promise<void> {
  await ctx.db
    .updateTable('ops_sessions')
    .set({ revoked_at: ctx.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
