/**
 * Crash drill: the server runs as a child process (tsx), 200 clients each register and then log in concurrently,
 * the server is killed with SIGKILL mid-way, restarted on the same data, and then: every acknowledged registration
 * exists and can log in, and nothing is half-written (no user without its consumed code or password hash, no
 * consumed code without its user, no session without its user, database integrity intact).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startServer as startChild } from '../scripts/child-server';
import type { ChildServer } from '../scripts/child-server';
import { MODES, PG_URL } from './helpers';

const N = 200;
const PASSWORD = 'Crash1234';

type Server = ChildServer;

const startServer = (env: Record<string, string>): Promise<Server> =>
  startChild({ NODE_ENV: 'test', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ...env });

const kill9 = (s: Server): Promise<void> => s.kill9();

/** One request on its own connection (no keep-alive: nothing lingers after the server is killed). */
function request(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function post(base: string, url: string, form: Record<string, string>, ip: string) {
  const r = await request(
    base,
    'POST',
    url,
    { 'content-type': 'application/x-www-form-urlencoded', lang: 'en', 'x-forwarded-for': ip },
    new URLSearchParams(form).toString(),
  );
  return JSON.parse(r.text) as { code: number; msg: string; data: { token?: string } | null };
}

type Query = { all: (sql: string) => Promise<Record<string, unknown>[]>; close: () => Promise<void> };

describe.each(MODES)('crash drill (%s)', (mode) => {
  jest.setTimeout(120_000);
  let dir: string;
  let schema: string;
  let env: Record<string, string>;
  let query: () => Promise<Query>;
  let server: Server | undefined;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-crash-'));
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    env = { DATA_DIR: path.join(dir, 'data'), STATIC_DIR: path.join(dir, 'static') };
    if (mode === 'postgres') Object.assign(env, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
    query = async () => {
      if (mode === 'sqlite') {
        const db = new Database(path.join(env.DATA_DIR!, 'meridian.sqlite'), {
          readonly: true,
          fileMustExist: true,
        });
        db.pragma('busy_timeout = 5000');
        return {
          all: async (q) => db.prepare(q).all() as Record<string, unknown>[],
          close: async () => void db.close(),
        };
      }
      const c = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
      await c.connect();
      return { all: async (q) => (await c.query(q)).rows, close: () => c.end() };
    };
  });
  afterAll(async () => {
    if (server) await kill9(server);
    if (mode === 'postgres') {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged registration and nothing half-written after kill -9', async () => {
    server = await startServer(env);
    const emails = Array.from(
      { length: N },
      (_, i) => `crash${i}.${crypto.randomBytes(3).toString('hex')}@example.com`,
    );
    const ipOf = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.7`;

    // Codes for everyone (distinct client IPs through X-Forwarded-For so per-IP limits do not interfere).
    const sent = await Promise.all(
      emails.map((to, i) => post(server!.base, '/api/notify/send_email', { to, type: '1' }, ipOf(i))),
    );
    expect(sent.every((r) => r.code === 1)).toBe(true);
    const q = await query();
    const rows = await q.all('select to_addr, body_text from outbox');
    await q.close();
    const codes = new Map(
      rows.map((r) => [String(r.to_addr), /\b(\d{6})\b/.exec(String(r.body_text))?.[1] ?? '']),
    );

    // 200 clients: register, then log in. SIGKILL the moment the 20th registration is acknowledged.
    const acknowledged: string[] = [];
    let cut = 0;
    const victim = server;
    const clients = emails.map(async (email, i) => {
      try {
        const r = await post(
          victim.base,
          '/api/user/register',
          {
            type: '1',
            account: email,
            password: PASSWORD,
            re_password: PASSWORD,
            sms_code: codes.get(email) ?? '',
          },
          ipOf(i),
        );
        if (r.code === 1) {
          acknowledged.push(email);
          if (acknowledged.length === 20) victim.proc.kill('SIGKILL');
        }
        await post(victim.base, '/api/user/loginForU', { account: email, password: PASSWORD }, ipOf(i));
      } catch {
        cut += 1; // connection cut by the kill: not acknowledged
      }
    });
    await Promise.allSettled(clients);
    await kill9(victim);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    // The kill really happened mid-way: some clients were cut off.
    expect(cut).toBeGreaterThan(0);

    // Restart on the same data.
    server = await startServer(env);
    const check = await query();
    try {
      const users = await check.all(
        'select id, email, password_hash, uid, invite_code from users where email is not null',
      );
      const byEmail = new Map(users.map((u) => [String(u.email), u]));
      for (const email of acknowledged) expect(byEmail.has(email)).toBe(true);
      for (const u of users) {
        expect(String(u.password_hash)).toMatch(/^\$argon2id\$/);
        expect(String(u.uid)).toMatch(/^\d{8}$/);
        expect(String(u.invite_code)).toMatch(/^[A-Z0-9]{8}$/);
      }
      // Registration and the use of its code are one transaction: a user iff a consumed code.
      const consumed = await check.all('select target from verification_codes where consumed_at is not null');
      expect(new Set(consumed.map((c) => String(c.target)))).toEqual(
        new Set(users.map((u) => String(u.email))),
      );
      const orphans = await check.all(
        'select s.id from sessions s left join users u on u.id = s.user_id where u.id is null',
      );
      expect(orphans).toHaveLength(0);
      if (mode === 'sqlite') {
        expect(await check.all('pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      }
    } finally {
      await check.close();
    }
    // Every acknowledged account works after the restart.
    const logins = await Promise.all(
      acknowledged.map((email, i) =>
        post(server!.base, '/api/user/loginForU', { account: email, password: PASSWORD }, ipOf(1000 + i)),
      ),
    );
    expect(logins.filter((l) => l.code !== 1)).toEqual([]);
    // The server is healthy and consistent for new work.
    const r = await request(server.base, 'GET', '/api/user/createAccountDemoForU', {
      'x-forwarded-for': '10.9.9.9',
    });
    expect((JSON.parse(r.text) as { code: number }).code).toBe(1);
    await kill9(server);
    server = undefined;
  });
});
