/** The ops CLI: accounts with a generated password and an authenticator secret shown once; roles; disable. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOps } from '../src/cli/ops';
import { createStorage } from '../src/storage/db';
import { verifyPassword } from '../src/lib/security';
import { matchTotp, totpCode } from '../src/modules/ops/totp';

describe('ops CLI', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-cli-'));
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  beforeAll(() => {
    process.env.DATA_DIR = dir;
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    process.env.DATA_DIR = saved.DATA_DIR;
    if (saved.DATABASE_URL) process.env.DATABASE_URL = saved.DATABASE_URL;
    if (!saved.DATA_DIR) delete process.env.DATA_DIR;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = async (...argv: string[]) => {
    let out = '';
    const code = await runOps(argv, (s) => (out += s));
    return { code, out };
  };

  it('create-admin makes an ops account with a password and a TOTP secret (URI and QR), shown once', async () => {
    const { code, out } = await run('create-admin', 'Admin@Example.com');
    expect(code).toBe(0);
    const password = /password \(shown once, store it safely\): (\S+)/.exec(out)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(24);
    const uri = /(otpauth:\/\/totp\/\S+)/.exec(out)?.[1] ?? '';
    const secret = new URL(uri).searchParams.get('secret') ?? '';
    expect(new URL(uri).searchParams.get('issuer')).toBe('Meridian ops');
    expect(out).toMatch(/[▀▄█]/); // the terminal QR code
    const storage = createStorage({ dataDir: dir });
    try {
      const row = await storage.db
        .selectFrom('ops_accounts')
        .selectAll()
        .where('email', '=', 'admin@example.com')
        .executeTakeFirstOrThrow();
      expect(row.roles).toBe('admin');
      expect(row.password_hash).not.toContain(password);
      expect(await verifyPassword(row.password_hash, password)).toBe(true);
      const now = Date.now();
      expect(matchTotp(row.totp_secret ?? '', totpCode(secret, now), now)).not.toBeNull();
      // Not a trader: no users row for it.
      const trader = await storage.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@example.com')
        .execute();
      expect(trader).toHaveLength(0);
      const audit = await storage.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'staff.create')
        .execute();
      expect(audit[0]?.actor_email).toMatch(/^cli:/);
    } finally {
      await storage.close();
    }
    const again = await run('create-admin', 'admin@example.com');
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already exists/);
  });

  it('creates with roles, changes roles, disables, enables, resets, lists', async () => {
    expect((await run('create', 'sup@example.com', 'support,finance')).code).toBe(0);
    expect((await run('roles', 'sup@example.com', 'compliance')).out).toMatch(/roles compliance/);
    expect((await run('disable', 'sup@example.com')).code).toBe(0);
    const list = await run('list');
    expect(list.out).toMatch(/sup@example\.com\s+compliance\s+disabled/);
    expect((await run('enable', 'sup@example.com')).code).toBe(0);
    expect((await run('reset-totp', 'sup@example.com')).out).toMatch(/otpauth:\/\/totp\//);
    expect((await run('reset-password', 'sup@example.com')).out).toMatch(/password \(shown once/);
    expect((await run('disable', 'nobody@example.com')).code).toBe(1);
  });

  it('refuses bad usage', async () => {
    const sink = () => undefined;
    expect(await runOps([], sink)).toBe(2);
    expect(await runOps(['create-admin'], sink)).toBe(2);
    expect(await runOps(['create-admin', 'not-an-email'], sink)).toBe(2);
    expect(await runOps(['create', 'a@b.co', 'boss'], sink)).toBe(2);
    expect(await runOps(['create', 'a@b.co'], sink)).toBe(2);
    expect(await runOps(['drop-everything', 'a@b.co'], sink)).toBe(2);
  });
});
