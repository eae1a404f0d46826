/** Account flows: register, log in (real or demo), demo creation, password reset and change, logout. */
import { ERROR_CODES } from '@meridian/shared/pure';
import type { Language } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { AppError, demoForbidden } from '../../lib/errors';
import { DEMO_STARTING_BALANCE_CENTS, formatCents } from '../../lib/money';
import { hashPassword, randomSecret, sha256, verifyPassword } from '../../lib/security';
import type { User } from '../../storage/schema';
import { getSetting } from '../content';
import { checkCode, consumeCode, PURPOSE } from '../notify';
import { publishRevocation } from '../../realtime/revocation';
import { verifyCaptcha } from './captcha';
import { loginFailed } from '../../lib/login-guard';
import type { Device } from '../../lib/login-guard';
import * as repo from './repository';

/** The user object of login and /api/user/info (docs/calls.md). */
export type UserView = {
  id: number;
  uid: string;
  email: string;
  is_demo: number;
  credit_score: number;
  invite_code: string;
  balance: string;
  lock_balance: string;
};

export function userView(u: User): UserView {
  return {
    id: u.id,
    uid: u.uid,
    email: u.email ?? '',
    is_demo: u.is_demo,
    credit_score: u.credit_score,
    invite_code: u.invite_code,
    balance: formatCents(u.balance),
    lock_balance: formatCents(u.lock_balance),
  };
}

async function openSession(ctx: AppContext, userId: number, ip: string | null): Promise<string> {
  const token = randomSecret(32);
  const now = ctx.now();
  await repo.insertSession(ctx.db, {
    user_id: userId,
    token_hash: sha256(token),
    created_at: now,
    expires_at: now + ctx.config.sessionTtlHours * 3_600_000,
    ip,
  });
  return token;
}

export async function register(
  ctx: AppContext,
  input: {
    type?: number | undefined;
    account: string;
    password: string;
    re_password: string;
    invite_code?: string | undefined;
    sms_code?: string | undefined;
    key?: string | undefined;
    area_id?: number | undefined;
  },
  ip: string,
): Promise<{ token: string; user: UserView }> {
  if (input.type === 2) throw new AppError(ERROR_CODES.smsUnavailable, 'sms.unavailable');
  if (input.password !== input.re_password)
    throw new AppError(ERROR_CODES.passwordMismatch, 'password.mismatch');
  if (await repo.findUserByEmail(ctx.db, input.account))
    throw new AppError(ERROR_CODES.accountExists, 'account.exists');

  let inviterId: number | null = null;
  if (input.invite_code) {
    const inviter = await repo.findUserByInviteCode(ctx.db, input.invite_code.toUpperCase());
    if (!inviter || inviter.is_demo === 1) throw new AppError(ERROR_CODES.inviteInvalid, 'invite.invalid');
    inviterId = inviter.id;
  }

  const verifyRegType = (await getSetting(ctx.db, 'verify_reg_type')) ?? '1';
  let codeId: number | null = null;
  if (verifyRegType === '2') {
    if (!input.key) throw new AppError(ERROR_CODES.validation, 'v.required', { field: 'key' });
    if (!input.sms_code) throw new AppError(ERROR_CODES.validation, 'v.required', { field: 'sms_code' });
    await verifyCaptcha(ctx, input.key, input.sms_code);
  } else {
    if (!input.sms_code) throw new AppError(ERROR_CODES.validation, 'v.required', { field: 'sms_code' });
    codeId = await checkCode(ctx, 'email', input.account, PURPOSE.register, input.sms_code);
  }

  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  let user: User;
  try {
    user = await ctx.db.transaction().execute(async (trx) => {
      if (codeId !== null) await consumeCode(trx, codeId, now);
      return repo.insertUser(trx, {
        email: input.account,
        mobile: null,
        area_id: input.area_id ?? null,
        password_hash: passwordHash,
        role: 'user',
        is_demo: 0,
        demo_secret_hash: null,
        credit_score: 100,
        inviter_id: inviterId,
        balance: 0,
        lock_balance: 0,
        created_at: now,
        updated_at: now,
      });
    });
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw new AppError(ERROR_CODES.accountExists, 'account.exists');
    throw err;
  }
  const token = await openSession(ctx, user.id, ip);
  return { token, user: userView(user) };
}

export async function login(
  ctx: AppContext,
  input: { account: string; password: string },
  ip: string,
  device: Device = null,
): Promise<{ token: string; user: UserView }> {
  const user = await repo.findUserByEmail(ctx.db, input.account);
  const valid = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !valid || user.is_demo === 1) {
    await loginFailed(ctx, input.account, device);
    throw new AppError(ERROR_CODES.badCredentials, 'login.bad');
  }
  const token = await openSession(ctx, user.id, ip);
  return { token, user: userView(user) };
}

export async function loginDemo(
  ctx: AppContext,
  demoId: string,
  ip: string,
): Promise<{ token: string; user: UserView }> {
  const user = await repo.findDemoUser(ctx.db, demoId);
  if (!user) throw new AppError(ERROR_CODES.badCredentials, 'login.bad');
  const token = await openSession(ctx, user.id, ip);
  return { token, user: userView(user) };
}

/** A demo user with the documented starting balance (100,000.00 USD), its grant recorded in the ledger. */
export async function createDemo(
  ctx: AppContext,
  ip: string,
): Promise<{ demo_id: string; token: string; user: UserView }> {
  const demoId = randomSecret(24);
  const now = ctx.now();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const u = await repo.insertUser(trx, {
      email: null,
      mobile: null,
      area_id: null,
      password_hash: null,
      role: 'user',
      is_demo: 1,
      demo_secret_hash: sha256(demoId),
      credit_score: 100,
      inviter_id: null,
      balance: 0,
      lock_balance: 0,
      created_at: now,
      updated_at: now,
    });
    const balance = await repo.changeBalance(trx, {
      userId: u.id,
      amount: DEMO_STARTING_BALANCE_CENTS,
      kind: 'demo_grant',
      at: now,
      memo: 'demo starting balance',
    });
    return { ...u, balance };
  });
  const token = await openSession(ctx, user.id, ip);
  return { demo_id: demoId, token, user: userView(user) };
}

export async function info(ctx: AppContext, userId: number): Promise<UserView> {
  const u = await repo.findUserById(ctx.db, userId);
  if (!u) throw new AppError(ERROR_CODES.sessionExpired, 'session.expired');
  return userView(u);
}

/** Reset a forgotten password with an e-mail code (purpose 2); every session of the account is revoked. */
export async function forgetPassword(
  ctx: AppContext,
  input: {
    account: string;
    new_password: string;
    secondary_password?: string | undefined;
    auth_code: string;
  },
): Promise<void> {
  if (input.secondary_password !== undefined && input.secondary_password !== input.new_password) {
    throw new AppError(ERROR_CODES.passwordMismatch, 'password.mismatch');
  }
  const user = await repo.findUserByEmail(ctx.db, input.account);
  // Unknown accounts never received a code: the same answer as a wrong code, so accounts cannot be probed.
  if (!user || user.is_demo === 1) throw new AppError(ERROR_CODES.badCode, 'code.bad');
  const codeId = await checkCode(ctx, 'email', input.account, PURPOSE.reset, input.auth_code);
  const passwordHash = await hashPassword(input.new_password);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await consumeCode(trx, codeId, now);
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await repo.revokeAllSessions(trx, user.id, now);
  });
  publishRevocation(ctx.bus, user.id);
}

/** Change the password knowing the old one; every session (this one included) is revoked: log in again. */
export async function amendPassword(
  ctx: AppContext,
  userId: number,
  input: { oldPassword: string; newPassword: string; confirm?: string | undefined },
): Promise<void> {
  if (input.confirm !== undefined && input.confirm !== input.newPassword) {
    throw new AppError(ERROR_CODES.passwordMismatch, 'password.mismatch');
  }
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new AppError(ERROR_CODES.sessionExpired, 'session.expired');
  if (user.is_demo === 1) throw demoForbidden();
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
    throw new AppError(ERROR_CODES.badCredentials, 'password.oldWrong');
  }
  if (input.oldPassword === input.newPassword) throw new AppError(ERROR_CODES.validation, 'password.same');
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await repo.revokeAllSessions(trx, user.id, now);
  });
  publishRevocation(ctx.bus, user.id);
}

export async function logout(ctx: AppContext, userId: number, sessionId: number): Promise<void> {
  await repo.revokeSession(ctx.db, sessionId, ctx.now());
  publishRevocation(ctx.bus, userId);
}

export type { Language };
