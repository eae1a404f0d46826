/**
 * Money crash drill: the server runs as a child process, finance approves waiting deposits while traders withdraw,
 * all at once, and the server is killed with SIGKILL mid-way, then restarted on the same data. Every acknowledged
 * approval and withdrawal is there; nothing is half-written (a finished deposit has exactly one credit, a waiting
 * one none; every withdrawal has its two hold rows); for every account the ledger's sum per account equals
 * balance, lock_balance and withdraw_hold.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { sha256 } from '../src/lib/security';
import { changeBalance, insertUser } from '../src/modules/accounts/repository';
import { createOpsAccount } from '../src/modules/ops/accounts';
import { totpCode } from '../src/modules/ops/totp';
import { createStorage } from '../src/storage/db';
import { startServer as startChild } from '../scripts/child-server';
import type { ChildServer } from '../scripts/child-server';
import { MODES, PG_URL } from './helpers';
import { secretOf } from './support/ops';

const USERS = 20;
const DEPOSITS_PER_USER = 3;
const WITHDRAWALS_PER_USER = 3;
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

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

describe.each(MODES)('funds crash drill (%s)', (mode) => {
  jest.setTimeout(120_000);
  let dir: string;
  let schema: string;
  let env: Record<string, string>;
  let server: Server | undefined;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-funds-crash-'));
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    env = {
      DATA_DIR: path.join(dir, 'data'),
      STATIC_DIR: path.join(dir, 'static'),
      WITHDRAW_COOLING_SECONDS: '0',
    };
    if (mode === 'postgres') Object.assign(env, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
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

  const query = async (): Promise<Query> => {
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

  it('keeps every acknowledged approval and withdrawal, and ledger = balance + holds, after kill -9', async () => {
    // The data, written before the server starts: traders with 1,000.00 USD, verified, a bound address, three
    // waiting deposits each; a finance account.
    fs.mkdirSync(env.DATA_DIR!, { recursive: true });
    const storage = createStorage({
      dataDir: env.DATA_DIR!,
      databaseUrl: mode === 'postgres' ? PG_URL : undefined,
      schema: mode === 'postgres' ? schema : undefined,
    });
    await storage.migrate();
    const db = storage.db;
    const now = Date.now();
    const traders: { id: number; token: string; method: number }[] = [];
    const deposits: number[] = [];
    const channel = await db
      .selectFrom('pay_channels')
      .select('id')
      .where('type', '=', 0)
      .executeTakeFirstOrThrow();
    const currency = await db
      .selectFrom('draw_currencies')
      .select('id')
      .where('protocol', '=', 'TRC20')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < USERS; i++) {
      const u = await insertUser(db, {
        email: `funds${i}.${crypto.randomBytes(3).toString('hex')}@example.com`,
        mobile: null,
        area_id: null,
        password_hash: null,
        role: 'user',
        is_demo: 0,
        demo_secret_hash: null,
        credit_score: 100,
        inviter_id: null,
        balance: 0,
        lock_balance: 0,
        created_at: now,
        updated_at: now,
      });
      await db
        .transaction()
        .execute((trx) => changeBalance(trx, { userId: u.id, amount: 1000_00, kind: 'test_grant', at: now }));
      await db
        .insertInto('real_name')
        .values({
          user_id: u.id,
          name: 'T',
          card_id: 'A123456',
          front_pic: '-',
          reverse_pic: '-',
          review_status: 2,
          decided_by: null,
          decided_at: now,
          reason: null,
          created_at: now,
        })
        .execute();
      const token = crypto.randomBytes(32).toString('hex');
      await db
        .insertInto('sessions')
        .values({
          user_id: u.id,
          token_hash: sha256(token),
          created_at: now,
          expires_at: now + 3600_000,
          revoked_at: null,
          ip: null,
        })
        .execute();
      const m = await db
        .insertInto('draw_methods')
        .values({
          user_id: u.id,
          type: 1,
          draw_currency_id: currency.id,
          dc_address: TRON,
          bank_name: '',
          bank_address: '',
          bank_swift: '',
          payee_name: '',
          payee_account: '',
          branch_name: '',
          receive_currency: '',
          remark: '',
          usable_at: 0,
          deleted_at: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      traders.push({ id: u.id, token, method: m.id });
      for (let d = 0; d < DEPOSITS_PER_USER; d++) {
        const dep = await db
          .insertInto('deposits')
          .values({
            user_id: u.id,
            type: 0,
            channel_id: channel.id,
            amount_cents: 100_00 + d,
            proof_img: '/api/common/upload/x.png',
            address: TRON,
            currency_code: 'USDT',
            status: 0,
            remark: '',
            lang: 'en',
            decided_by_ops: null,
            decided_at: null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        deposits.push(dep.id);
      }
    }
    const ops = await createOpsAccount(db, {
      email: `finance.${crypto.randomBytes(3).toString('hex')}@example.com`,
      roles: ['finance'],
      now,
    });
    await storage.close();

    server = await startServer(env);
    const login = await post(
      server.base,
      '/api/ops/auth/login',
      {
        email: ops.account.email,
        password: ops.password,
        code: totpCode(secretOf(ops.otpauthUri), Date.now()),
      },
      '10.0.0.1',
    );
    expect(login.code).toBe(1);
    const opsToken = String(login.data?.token);

    // Everyone at once: each deposit approved, each trader withdrawing 150.00 three times. SIGKILL at the 40th ack.
    const victim = server;
    const approved: number[] = [];
    const withdrawn: number[] = [];
    let acks = 0;
    let cut = 0;
    const ack = () => {
      acks += 1;
      if (acks === 40) victim.proc.kill('SIGKILL');
    };
    const send = (url: string, form: Record<string, string>, token: string) =>
      request(
        victim.base,
        'POST',
        url,
        { 'content-type': 'application/x-www-form-urlencoded', lang: 'en', authorization: token },
        new URLSearchParams(form).toString(),
      ).then(
        (r) => JSON.parse(r.text) as { code: number; data: { id?: number; record?: { id: number } } | null },
      );
    const jobs: Promise<void>[] = [];
    for (const id of deposits)
      jobs.push(
        send(
          '/api/ops/deposits/decide',
          { id: String(id), decision: 'approve', tx_ref: `TX-crash-${id}` },
          opsToken,
        ).then(
          (r) => {
            if (r.code === 1) {
              approved.push(id);
              ack();
            }
          },
          () => void (cut += 1),
        ),
      );
    for (const tr of traders)
      for (let w = 0; w < WITHDRAWALS_PER_USER; w++)
        jobs.push(
          send(
            '/api/account/draw',
            { draw_currency_id: String(currency.id), number: '150', draw_method_id: String(tr.method) },
            tr.token,
          ).then(
            (r) => {
              if (r.code === 1) {
                withdrawn.push(r.data!.record!.id);
                ack();
              }
            },
            () => void (cut += 1),
          ),
        );
    await Promise.allSettled(jobs);
    await kill9(victim);
    expect(acks).toBeGreaterThanOrEqual(40);
    expect(cut).toBeGreaterThan(0);

    server = await startServer(env);
    const q = await query();
    try {
      const deps = await q.all('select id, status, user_id, amount_cents from deposits');
      const status = new Map(deps.map((d) => [Number(d.id), Number(d.status)]));
      for (const id of approved) expect([id, status.get(id)]).toEqual([id, 1]);
      const credits = await q.all(
        "select ref_id, count(*) as n from ledger where kind = 'deposit' group by ref_id",
      );
      const creditOf = new Map(credits.map((c) => [Number(c.ref_id), Number(c.n)]));
      for (const d of deps)
        expect([d.id, creditOf.get(Number(d.id)) ?? 0]).toEqual([d.id, Number(d.status) === 1 ? 1 : 0]);
      const ws = await q.all('select id from withdrawals');
      const wIds = new Set(ws.map((w) => Number(w.id)));
      for (const id of withdrawn) expect(wIds.has(id)).toBe(true);
      const holds = await q.all(
        "select ref_id, count(*) as n from ledger where kind = 'withdraw_hold' group by ref_id",
      );
      const holdOf = new Map(holds.map((h) => [Number(h.ref_id), Number(h.n)]));
      for (const id of wIds) expect([id, holdOf.get(id)]).toEqual([id, 2]);
      expect(holds.length).toBe(wIds.size);
      const users = await q.all('select id, balance, lock_balance, withdraw_hold from users');
      const sums = await q.all(
        'select user_id, account, sum(amount) as s from ledger group by user_id, account',
      );
      const sumOf = (u: unknown, a: string) =>
        Number(sums.find((s) => Number(s.user_id) === Number(u) && s.account === a)?.s ?? 0);
      for (const u of users) {
        expect([
          u.id,
          sumOf(u.id, 'balance'),
          sumOf(u.id, 'lock_balance'),
          sumOf(u.id, 'withdraw_hold'),
        ]).toEqual([u.id, Number(u.balance), Number(u.lock_balance), Number(u.withdraw_hold)]);
        expect(Number(u.balance)).toBeGreaterThanOrEqual(0);
      }
      if (mode === 'sqlite')
        expect(await q.all('pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      await q.close();
    }
    // The restarted server goes on: the next waiting deposit can be decided.
    const relogin = await post(
      server.base,
      '/api/ops/auth/login',
      {
        email: ops.account.email,
        password: ops.password,
        code: totpCode(secretOf(ops.otpauthUri), Date.now() + 30_000),
      },
      '10.0.0.2',
    );
    expect(relogin.code).toBe(1);
    await kill9(server);
    server = undefined;
  });
});
