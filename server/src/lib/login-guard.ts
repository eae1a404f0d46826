/**
 * Password guessing without a lockout a stranger can trigger. Limits apply per source (`loginPerIp`) and per account
 * *and* source (`loginPerAccount` keyed `account|ip`), so whoever guesses is the one stopped. Across all sources, an
 * account's wrong passwords beyond the first few make the next try wait a growing delay (1 s, 2 s, 4 s … at most
 * 30 s, answered 1004 with Retry-After): guessing becomes slow everywhere, yet the owner is never shut out for long.
 * A success does not reset the count (the window of 15 minutes does), so an attacker cannot interleave with the owner.
 *
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a successful sign-in gives the device
 * a cookie naming the account, signed by the server. A device that shows a valid cookie for the account it signs in to
 * is trusted: the account's delay (which strangers can start from any number of addresses) does not apply to it, and
 * its own wrong passwords count against the cookie (after LOGIN_DEVICE_FAILURES the cookie is distrusted for the
 * window) instead of against the account. So guessing from untrusted devices slows only untrusted devices, and the
 * owner signs in while it goes on (docs/ops.md#device-cookies).
 */
import crypto from 'node:crypto';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
const deviceFailKey = (nonce: string) => `loginDeviceFail:${nonce}`;

/** Wrong passwords from one trusted device (within the failure window) before its cookie is distrusted. */
export const LOGIN_DEVICE_FAILURES = 5;
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
/** The device cookies: one for the trader login, one for the ops sign-in, each sent only to its own calls. */
export const DEVICE_COOKIES = {
  trader: { name: 'meridian_device', path: '/api/user/loginForU' },
  ops: { name: 'meridian_ops_device', path: '/api/ops/auth/login' },
} as const;
export type DeviceKind = keyof typeof DEVICE_COOKIES;

/** A device cookie that was checked: its nonce when it is valid for the account and not distrusted, else null. */
export type Device = { nonce: string } | null;

const keys = new WeakMap<AppContext, Promise<Buffer>>();
/** The signing key, kept in the database (settings) so every node signs and checks alike. */
function deviceKey(ctx: AppContext): Promise<Buffer> {
  let k = keys.get(ctx);
  if (!k) {
    k = (async () => {
      await ctx.db
        .insertInto('settings')
        .values({ key: 'device_cookie_key', value: crypto.randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await ctx.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'device_cookie_key')
        .executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64url');
    })();
    k.catch(() => keys.delete(ctx));
    keys.set(ctx, k);
  }
  return k;
}

const sign = (key: Buffer, account: string, nonce: string) =>
  crypto.createHmac('sha256', key).update(`${account.toLowerCase()}\n${nonce}`).digest('base64url');

function cookieValue(req: FastifyRequest, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return null;
}

/** The request's device cookie of `kind`, if it is valid for `account` and not distrusted after wrong passwords. */
export async function deviceOf(
  ctx: AppContext,
  req: FastifyRequest,
  kind: DeviceKind,
  account: string,
): Promise<Device> {
  const value = cookieValue(req, DEVICE_COOKIES[kind].name);
  const m = value ? /^v1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!m) return null;
  const [, nonce = '', mac = ''] = m;
  const expected = sign(await deviceKey(ctx), account, nonce);
  if (!crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return null;
  try {
    const fails = (await ctx.limiter.peek?.(deviceFailKey(nonce))) ?? { count: 0 };
    return fails.count >= LOGIN_DEVICE_FAILURES ? null : { nonce };
  } catch {
    return null;
  }
}

/** After a successful sign-in: give the device a (new) cookie for `account`. */
export async function trustDevice(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  kind: DeviceKind,
  account: string,
): Promise<void> {
  const nonce = crypto.randomBytes(16).toString('base64url');
  const value = `v1.${nonce}.${sign(await deviceKey(ctx), account, nonce)}`;
  const { name, path } = DEVICE_COOKIES[kind];
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${name}=${value}; Path=${path}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/**
 * Before checking a password of `account` from `ip` (the caller has applied `loginPerIp` already): the limit of the
 * account from this source, then the account's delay, which a trusted device (`device`) does not wait for.
 */
export async function beforeLogin(
  ctx: AppContext,
  account: string,
  ip: string,
  device: Device = null,
): Promise<void> {
  await enforceLimit(ctx, 'loginPerAccount', `${account}|${ip}`);
  if (device) return;
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

/**
 * After a wrong password: from a trusted device, count it for that device only; otherwise count it for the account
 * and, beyond the free ones, start the next delay (for untrusted devices).
 */
export async function loginFailed(ctx: AppContext, account: string, device: Device = null): Promise<void> {
  try {
    if (device) {
      await ctx.limiter.hit(deviceFailKey(device.nonce), Number.MAX_SAFE_INTEGER, FAILURE_WINDOW_MS);
      return;
    }
    const n = (await ctx.limiter.hit(failKey(account), Number.MAX_SAFE_INTEGER, FAILURE_WINDOW_MS)).count;
    if (n < LOGIN_FREE_FAILURES) return;
    const delay = Math.min(LOGIN_MAX_DELAY_MS, 1000 * 2 ** (n - LOGIN_FREE_FAILURES));
    await ctx.limiter.hit(gateKey(account), 1, delay);
  } catch {
    // The shared limiter is down: the source limits already refuse every try meanwhile.
  }
}
