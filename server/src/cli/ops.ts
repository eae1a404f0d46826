/**
 * Operations CLI, on the same storage as the server (DATA_DIR / DATABASE_URL ...); migrations are applied first.
 * Secrets (a generated password, the TOTP secret as an otpauth:// URI and a terminal QR code) are printed once; only
 * the password's argon2id hash and the secret are stored. Every change is written to the audit log (actor `cli`).
 *
 *   npm run ops -- create-admin <email>                  an admin account
 *   npm run ops -- create <email> <roles>                roles: admin,support,finance,compliance (comma-separated)
 *   npm run ops -- roles <email> <roles>                 replace the roles
 *   npm run ops -- disable <email> | enable <email>      disabling ends every session of the account
 *   npm run ops -- reset-totp <email>                    a new authenticator secret (the old one stops working)
 *   npm run ops -- reset-password <email>                a new generated password
 *   npm run ops -- list
 */
import os from 'node:os';
import QRCode from 'qrcode';
import { z } from 'zod';
import { OPS_ROLES } from '@meridian/shared/pure';
import { loadConfig } from '../config';
import { AppError } from '../lib/errors';
import {
  createOpsAccount,
  findOpsByEmail,
  listOps,
  parseRoles,
  resetOpsPassword,
  resetOpsTotp,
  setOpsDisabled,
  setOpsRoles,
  appendAudit,
} from '../modules/ops';
import { createStorage } from '../storage/db';
import type { DB } from '../storage/db';

const USAGE = `usage: ops <command>
  create-admin <email>
  create <email> <roles>        roles: ${OPS_ROLES.join(',')}
  roles <email> <roles>
  disable <email> | enable <email>
  reset-totp <email> | reset-password <email>
  list
`;

type Out = (s: string) => void;

async function printTotp(out: Out, uri: string): Promise<void> {
  out(`authenticator (shown once): ${uri}\n`);
  out(await QRCode.toString(uri, { type: 'terminal', small: true }));
  out('scan it with an authenticator app (TOTP, 6 digits, 30 s), or type the secret= value in by hand\n');
}

export async function runOps(argv: string[], out: Out = (s) => process.stdout.write(s)): Promise<number> {
  const [command, emailArg, rolesArg, ...rest] = argv;
  const needsRoles = command === 'create' || command === 'roles';
  const known = [
    'create-admin',
    'create',
    'roles',
    'disable',
    'enable',
    'reset-totp',
    'reset-password',
    'list',
  ];
  if (
    !command ||
    !known.includes(command) ||
    rest.length > 0 ||
    (command === 'list' ? emailArg !== undefined : !emailArg) ||
    (needsRoles ? !rolesArg : rolesArg !== undefined)
  ) {
    out(USAGE);
    return 2;
  }
  let email = '';
  if (command !== 'list') {
    const parsed = z.string().trim().toLowerCase().pipe(z.email()).safeParse(emailArg);
    if (!parsed.success) {
      out(`not a valid e-mail address: ${emailArg}\n`);
      return 2;
    }
    email = parsed.data;
  }
  const roles = (rolesArg ?? '').split(',').map((r) => r.trim());
  if (
    needsRoles &&
    (roles.length === 0 || roles.some((r) => !(OPS_ROLES as readonly string[]).includes(r)))
  ) {
    out(`roles must be a comma-separated list of: ${OPS_ROLES.join(', ')}\n`);
    return 2;
  }

  const config = loadConfig();
  const storage = createStorage({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
  });
  const db: DB = storage.db;
  const now = Date.now();
  const cli = { id: null, email: `cli:${os.userInfo().username}`, roles: 'admin' };
  const log = (action: string, objectId: number, extra: Record<string, unknown> = {}) =>
    appendAudit(db, {
      action,
      objectType: 'ops_account',
      objectId,
      extra,
      actor: cli,
      ip: 'cli',
      at: Date.now(),
    });
  try {
    await storage.migrate();
    if (command === 'list') {
      for (const a of await listOps(db)) {
        out(
          `${String(a.id).padStart(4)}  ${a.email.padEnd(36)} ${a.roles.join(',').padEnd(32)} ${a.disabled ? 'disabled' : 'active'}${a.totp_enrolled ? '' : ' (no authenticator)'}\n`,
        );
      }
      return 0;
    }
    if (command === 'create-admin' || command === 'create') {
      const created = await createOpsAccount(db, {
        email,
        roles: command === 'create-admin' ? ['admin'] : roles,
        now,
      });
      await log('staff.create', created.account.id, { roles: created.account.roles });
      out(`ops account created: ${created.account.email} (roles ${created.account.roles.join(',')})\n`);
      out(`password (shown once, store it safely): ${created.password}\n`);
      await printTotp(out, created.otpauthUri);
      return 0;
    }
    const row = await findOpsByEmail(db, email);
    if (!row) {
      out(`no ops account with this e-mail: ${email}\n`);
      return 1;
    }
    switch (command) {
      case 'roles': {
        const list = await setOpsRoles(db, row.id, roles, now);
        await log('staff.roles', row.id, { before: parseRoles(row.roles), after: list });
        out(`${email}: roles ${list.join(',')}\n`);
        return 0;
      }
      case 'disable':
      case 'enable': {
        await setOpsDisabled(db, row.id, command === 'disable', now);
        await log(`staff.${command}`, row.id);
        out(`${email}: ${command}d\n`);
        return 0;
      }
      case 'reset-totp': {
        const uri = await resetOpsTotp(db, row.id, email, now);
        await log('staff.reset_totp', row.id);
        out(`${email}: new authenticator secret; every session ended\n`);
        await printTotp(out, uri);
        return 0;
      }
      case 'reset-password': {
        const password = await resetOpsPassword(db, row.id, now);
        await log('staff.reset_password', row.id);
        out(`${email}: password (shown once, store it safely): ${password}\n`);
        return 0;
      }
      default:
        out(USAGE);
        return 2;
    }
  } catch (err) {
    if (err instanceof AppError && err.key === 'account.exists') {
      out(`an ops account with this e-mail already exists: ${email}\n`);
      return 1;
    }
    throw err;
  } finally {
    await storage.close();
  }
}

if (require.main === module) {
  runOps(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`ops: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
