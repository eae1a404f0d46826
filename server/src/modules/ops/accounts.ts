/**
 * Ops accounts: identities apart from traders (their own table, argon2id passwords, a TOTP secret, roles).
 * Created by `npm run ops` or by an admin on /ops/staff; the generated password and the TOTP secret are shown
 * once and only their hash / the secret are kept.
 */
import { ERROR_CODES, OPS_ROLES } from '@meridian/shared/pure';
import type { OpsAccountView, OpsRole } from '@meridian/shared/pure';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { AppError } from '../../lib/errors';
import { hashPassword, randomSecret } from '../../lib/security';
import type { Database, OpsAccountsTable } from '../../storage/schema';
import { newTotpSecret, totpUri } from './totp';

type Q = Kysely<Database> | Transaction<Database>;
export type OpsAccountRow = Selectable<OpsAccountsTable>;

export function parseRoles(text: string): OpsRole[] {
  return text
    .split(',')
    .map((r) => r.trim())
    .filter((r): r is OpsRole => (OPS_ROLES as readonly string[]).includes(r));
}

/** Roles in the catalogue's order, without duplicates; refuses an empty or unknown list. */
export function normalizeRoles(roles: readonly string[]): OpsRole[] {
  const out = OPS_ROLES.filter((r) => roles.includes(r));
  if (out.length === 0 || roles.some((r) => !(OPS_ROLES as readonly string[]).includes(r))) {
    throw new AppError(ERROR_CODES.validation, 'ops.badRoles', { roles: OPS_ROLES.join(', ') });
  }
  return out;
}

export function accountView(a: OpsAccountRow): OpsAccountView {
  return {
    id: a.id,
    email: a.email,
    roles: parseRoles(a.roles),
    totp_enrolled: a.totp_secret !== null,
    disabled: a.disabled_at !== null,
    created_at: a.created_at,
    last_sign_in_at: a.last_sign_in_at,
  };
}

export function findOpsByEmail(db: Q, email: string) {
  return db.selectFrom('ops_accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findOpsById(db: Q, id: number) {
  return db.selectFrom('ops_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listOps(db: Q): Promise<OpsAccountView[]> {
  const rows = await db.selectFrom('ops_accounts').selectAll().orderBy('id').execute();
  return rows.map(accountView);
}

function generatedPassword(): string {
  // 144 random bits, plus a letter and a digit so it passes any password rule.
  return `${randomSecret(18)}9a`;
}

/** Create an ops account; returns its generated password and TOTP URI (shown once). */
export async function createOpsAccount(
  db: Q,
  input: { email: string; roles: readonly string[]; now: number },
): Promise<{ account: OpsAccountView; password: string; otpauthUri: string }> {
  const roles = normalizeRoles(input.roles);
  if (await findOpsByEmail(db, input.email)) throw new AppError(ERROR_CODES.accountExists, 'account.exists');
  const password = generatedPassword();
  const secret = newTotpSecret();
  const row = await db
    .insertInto('ops_accounts')
    .values({
      email: input.email,
      password_hash: await hashPassword(password),
      roles: roles.join(','),
      totp_secret: secret,
      totp_last_step: null,
      disabled_at: null,
      last_sign_in_at: null,
      created_at: input.now,
      updated_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { account: accountView(row), password, otpauthUri: totpUri(secret, input.email) };
}

export async function setOpsRoles(db: Q, id: number, roles: readonly string[], now: number) {
  const list = normalizeRoles(roles);
  await db
    .updateTable('ops_accounts')
    .set({ roles: list.join(','), updated_at: now })
    .where('id', '=', id)
    .execute();
  return list;
}

export async function setOpsDisabled(db: Q, id: number, disabled: boolean, now: number): Promise<void> {
  await db
    .updateTable('ops_accounts')
    .set({ disabled_at: disabled ? now : null, updated_at: now })
    .where('id', '=', id)
    .execute();
  if (disabled) await revokeOpsSessions(db, id, now);
}

/** A new TOTP secret (the old one stops working at once, and every session ends). Returns the URI. */
export async function resetOpsTotp(db: Q, id: number, email: string, now: number): Promise<string> {
  const secret = newTotpSecret();
  await db
    .updateTable('ops_accounts')
    .set({ totp_secret: secret, totp_last_step: null, updated_at: now })
    .where('id', '=', id)
    .execute();
  await revokeOpsSessions(db, id, now);
  return totpUri(secret, email);
}

/** A new generated password (every session ends). */
export async function resetOpsPassword(db: Q, id: number, now: number): Promise<string> {
  const password = generatedPassword();
  await db
    .updateTable('ops_accounts')
    .set({ password_hash: await hashPassword(password), updated_at: now })
    .where('id', '=', id)
    .execute();
  await revokeOpsSessions(db, id, now);
  return password;
}

export async function revokeOpsSessions(db: Q, opsId: number, now: number): Promise<void> {
  await db
    .updateTable('ops_sessions')
    .set({ revoked_at: now })
    .where('ops_id', '=', opsId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Active admins other than `exceptId`: the last admin cannot be disabled or lose the role. */
export async function otherActiveAdmins(db: Q, exceptId: number): Promise<number> {
  const rows = await db
    .selectFrom('ops_accounts')
    .select(['id', 'roles'])
    .where('disabled_at', 'is', null)
    .where('id', '!=', exceptId)
    .execute();
  return rows.filter((r) => parseRoles(r.roles).includes('admin')).length;
}
