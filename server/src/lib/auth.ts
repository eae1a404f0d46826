/**
 * Session check for protected calls: the token (the `authorization` header, raw or `Bearer <token>`) is hashed and
 * looked up; a missing, unknown, expired or revoked token answers code 999.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import type { AuthUser } from './request';
import { ERROR_CODES } from '@meridian/shared/pure';
import { AppError, demoForbidden, sessionExpired } from './errors';
import { sha256 } from './security';
import { prepared } from '../storage/prepared';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/** The shape every session token has; anything else is refused before a database lookup (HTTP and socket login). */
export function isTokenShape(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_SHAPE.test(token);
}

export function tokenFrom(req: FastifyRequest): string | null {
  const raw = req.headers.authorization ?? req.headers.token;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return null;
  const token = value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : value;
  return TOKEN_SHAPE.test(token) ? token : null;
}

/** The session of a token hash, live at `now` (not revoked, not expired), with its user: prepared (every call runs it). */
const sessionUser = prepared((db, a: { hash: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'users.id as id',
      'users.uid as uid',
      'users.email as email',
      'users.role as role',
      'users.is_demo as is_demo',
      'users.frozen_at as frozen_at',
      'users.frozen_reason as frozen_reason',
    ])
    .where('sessions.token_hash', '=', a.hash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', a.now),
);

export async function findSessionUser(ctx: AppContext, token: string): Promise<AuthUser | null> {
  const row = await sessionUser.first(ctx.db, { hash: sha256(token), now: ctx.now() });
  if (!row) return null;
  return {
    id: row.id,
    uid: row.uid,
    email: row.email,
    role: row.role,
    isDemo: row.is_demo === 1,
    sessionId: row.session_id,
    frozen: row.frozen_at === null ? null : (row.frozen_reason ?? '-'),
  };
}

const liveSession = prepared((db, a: { id: number; now: number }) =>
  db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', a.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', a.now),
);

/** The session is still live (not revoked, not expired): the socket's periodic re-check. */
export async function sessionAlive(ctx: AppContext, sessionId: number): Promise<boolean> {
  return (await liveSession.first(ctx.db, { id: sessionId, now: ctx.now() })) !== undefined;
}

/** Resolve the caller, or null when no valid token was sent. */
export async function optionalUser(ctx: AppContext, req: FastifyRequest): Promise<AuthUser | null> {
  const token = tokenFrom(req);
  if (!token) return null;
  return findSessionUser(ctx, token);
}

/** Ops tokens (modules/ops/auth.ts) are `ops_` + 64 characters; a trader token is never that shape. */
const OPS_TOKEN = /^ops_[A-Za-z0-9_-]{64}$/;

export async function authenticate(ctx: AppContext, req: FastifyRequest): Promise<AuthUser> {
  const token = tokenFrom(req);
  if (token && OPS_TOKEN.test(token)) {
    throw new AppError(ERROR_CODES.opsTokenOnTrader, 'ops.tokenOnTrader');
  }
  const user = await optionalUser(ctx, req);
  if (!user) throw sessionExpired();
  req.user = user;
  return user;
}

/** preHandler for protected calls. `realOnly` refuses demo users (docs/routes.md). */
export function requireUser(ctx: AppContext, opts: { realOnly?: boolean } = {}): preHandlerAsyncHookHandler {
  return async (req) => {
    const user = await authenticate(ctx, req);
    if (opts.realOnly && user.isDemo) throw demoForbidden();
  };
}

/** The authenticated user of a protected call (set by requireUser). */
export function userOf(req: FastifyRequest): AuthUser {
  if (!req.user) throw sessionExpired();
  return req.user;
}
