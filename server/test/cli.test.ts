/** The ops CLI: the only way to create an ops account; prints a generated password once. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOps } from '../src/cli/ops';
import { createStorage } from '../src/storage/db';
import { verifyPassword } from '../src/lib/security';

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

  it('create-admin makes an ops account with a generated password, once', async () => {
    let out = '';
    expect(await runOps(['create-admin', 'Admin@Example.com'], (s) => (out += s))).toBe(0);
    const password = /password \(shown once, store it safely\): (\S+)/.exec(out)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(24);
    const storage = createStorage({ dataDir: dir });
    try {
      const row = await storage.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'admin@example.com')
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('ops');
      expect(row.password_hash).not.toContain(password);
      expect(await verifyPassword(row.password_hash, password)).toBe(true);
    } finally {
      await storage.close();
    }
    let again = '';
    expect(await runOps(['create-admin', 'admin@example.com'], (s) => (again += s))).toBe(1);
    expect(again).toMatch(/already exists/);
  });

  it('refuses bad usage', async () => {
    const sink = () => undefined;
    expect(await runOps([], sink)).toBe(2);
    expect(await runOps(['create-admin'], sink)).toBe(2);
    expect(await runOps(['create-admin', 'not-an-email'], sink)).toBe(2);
    expect(await runOps(['drop-everything', 'a@b.co'], sink)).toBe(2);
  });
});
