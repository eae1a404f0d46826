/**
 * The crash drill, as a script CI runs (test/drill.test.ts) or by hand:
 *
 *   npx tsx scripts/drill.ts [sqlite|postgres] [operations]
 *
 * Loopback only and bounded: the server runs as a child process on 127.0.0.1 (an ephemeral port) with its own data
 * (a temp directory, or a PostgreSQL schema of its own that is dropped afterwards). Demo traders run about 1,000
 * concurrent submits, closes and cancels; the server is killed with SIGKILL mid-way, restarted on the same data, and
 * then: every acknowledged write is present, every account's ledger sums to its balance and locked balance, the
 * locked balance equals the margins of its open orders, no order is both open and closed, and the database's own
 * integrity check passes. The figures are returned and printed.
 *
 * More writes join the drill through a `DrillWorkload` (funds: withdrawals, deposit approvals): it makes its
 * operations for a trader and says what an acknowledged one must have left in the database after the restart.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startServer as startChild } from './child-server';
import type { ChildServer } from './child-server';

export type Mode = 'sqlite' | 'postgres';
type Row = Record<string, unknown>;

/** Read access to the drilled database (the server is up again when verifications run). */
export type DrillQuery = { all: (sql: string, params?: unknown[]) => Promise<Row[]> };

/** One trader of the drill. */
export type DrillTrader = { token: string; userId: number; ip: string };

/** What a workload's operation answered, when the server acknowledged it (code 1). */
export type Ack = { workload: string; kind: string; id: number; userId: number };

export type DrillHarness = {
  /** GET with the trader's token; resolves the parsed envelope, rejects when the connection is cut. */
  get: (trader: DrillTrader, url: string) => Promise<{ code: number; msg: string; data: unknown }>;
  /** Facts the workloads share (instrument ids, levels), set in `prepare`. */
  facts: Record<string, unknown>;
};

/**
 * A kind of write in the drill. `operations` returns the trader's operations in order (each a call that may be
 * acknowledged); `verify` gets every acknowledged write of this workload and names each one missing or wrong.
 */
export type DrillWorkload = {
  name: string;
  prepare?: (h: DrillHarness, traders: DrillTrader[]) => Promise<void>;
  operations: (
    h: DrillHarness,
    trader: DrillTrader,
    count: number,
  ) => AsyncGenerator<() => Promise<Ack | null>>;
  verify: (q: DrillQuery, acks: Ack[]) => Promise<string[]>;
};

export type DrillOptions = {
  mode: Mode;
  /** Operations in all (about; split over the traders). */
  operations?: number;
  traders?: number;
  /** Kill when this share of the operations has been acknowledged. */
  killAt?: number;
  workloads?: DrillWorkload[];
  databaseUrl?: string;
  log?: (line: string) => void;
};

export type DrillFigures = {
  mode: Mode;
  traders: number;
  operationsPlanned: number;
  operationsSent: number;
  acknowledged: number;
  cutByKill: number;
  acknowledgedLost: number;
  restartMs: number;
  accountsChecked: number;
  problems: string[];
};

function request(
  base: string,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + url, { method: 'GET', headers, agent: false, timeout: 30_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

type Server = ChildServer & { startedMs: number };

async function startServer(env: Record<string, string>): Promise<Server> {
  const began = Date.now();
  const server = await startChild(
    {
      ...env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      RATE_LIMIT_SCALE: '10000',
      REDIS_URL: '',
      SMTP_URL: '',
    },
    { timeoutMs: 60_000 },
  );
  return Object.assign(server, { startedMs: Date.now() - began });
}

const kill9 = (s: Server): Promise<void> => s.kill9();

function findInstrument(
  data: unknown,
  code: string,
): { Id: number; HasForexMultiple: { Value: number }[] } | null {
  if (Array.isArray(data)) {
    for (const x of data) {
      const f = findInstrument(x, code);
      if (f) return f;
    }
  } else if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    if (o.Code === code && typeof o.Id === 'number') return o as never;
    for (const v of Object.values(o)) {
      const f = findInstrument(v, code);
      if (f) return f;
    }
  }
  return null;
}

/** Trading: market orders, pending orders far from the price, closes and cancels, in a trader's sequence. */
export const tradingWorkload: DrillWorkload = {
  name: 'trading',
  async prepare(h, traders) {
    const list = await h.get(traders[0]!, '/v1/api/forex/trade_list');
    const btc = findInstrument(list.data, 'BTCUSD');
    if (!btc) throw new Error('the drill needs BTCUSD (trades around the clock)');
    h.facts.forexId = btc.Id;
    h.facts.multiple = btc.HasForexMultiple[btc.HasForexMultiple.length - 1]?.Value ?? 1;
  },
  async *operations(h, trader, count) {
    const submit = (status: 0 | 1, tag: string) => {
      const q = new URLSearchParams({
        type: '1',
        cont: '0.01',
        forex_id: String(h.facts.forexId),
        status: String(status),
        multiple: String(h.facts.multiple),
        client_order_id: `drill-${trader.userId}-${tag}`,
        ...(status === 0 ? { target_price: '1000' } : {}),
      });
      return `/v1/api/forex/submit?${q.toString()}`;
    };
    const open: number[] = [];
    const pending: number[] = [];
    for (let i = 0; i < count; i++) {
      const step = i % 4;
      if (step === 0 || (step === 2 && open.length === 0)) {
        yield async () => {
          const r = await h.get(trader, submit(1, `m${i}`));
          const id = (r.data as { Id?: number } | null)?.Id;
          if (r.code !== 1 || !id) return null;
          open.push(id);
          return { workload: 'trading', kind: 'open', id, userId: trader.userId };
        };
      } else if (step === 1 || (step === 3 && pending.length === 0)) {
        yield async () => {
          const r = await h.get(trader, submit(0, `p${i}`));
          const id = (r.data as { Id?: number } | null)?.Id;
          if (r.code !== 1 || !id) return null;
          pending.push(id);
          return { workload: 'trading', kind: 'pending', id, userId: trader.userId };
        };
      } else if (step === 2) {
        yield async () => {
          const id = open.shift()!;
          const r = await h.get(trader, `/v1/api/forex/close?id=${id}`);
          return r.code === 1 ? { workload: 'trading', kind: 'close', id, userId: trader.userId } : null;
        };
      } else {
        yield async () => {
          const id = pending.shift()!;
          const r = await h.get(trader, `/v1/api/forex/cancel_trade?id=${id}`);
          return r.code === 1 ? { workload: 'trading', kind: 'cancel', id, userId: trader.userId } : null;
        };
      }
    }
  },
  async verify(q, acks) {
    const problems: string[] = [];
    const rows = await q.all('select id, user_id, status, close_reason, closed_at from orders');
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const a of acks) {
      const o = byId.get(a.id);
      const status = Number(o?.status);
      const ok =
        o !== undefined &&
        Number(o.user_id) === a.userId &&
        (a.kind === 'open'
          ? status === 1 || status === 3
          : a.kind === 'pending'
            ? status === 0 || status === 3
            : a.kind === 'close'
              ? status === 3 && o.close_reason === 'manual'
              : status === 3 && o.close_reason === 'cancel');
      if (!ok) problems.push(`acknowledged ${a.kind} of order ${a.id} lost: ${JSON.stringify(o ?? null)}`);
    }
    return problems;
  },
};

async function openQuery(mode: Mode, dataDir: string, databaseUrl: string, schema: string) {
  if (mode === 'sqlite') {
    const db = new Database(path.join(dataDir, 'meridian.sqlite'), { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    return {
      all: async (sql: string, params: unknown[] = []) => db.prepare(sql).all(...params) as Row[],
      close: async () => void db.close(),
    };
  }
  const c = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  await c.connect();
  return {
    all: async (sql: string, params: unknown[] = []) =>
      (
        await c.query(
          sql.replace(
            /\?/g,
            (() => {
              let n = 0;
              return () => `$${++n}`;
            })(),
          ),
          params,
        )
      ).rows as Row[],
    close: () => c.end(),
  };
}

/** The money and state invariants every account must hold after any crash. */
async function invariants(q: DrillQuery, mode: Mode): Promise<{ accounts: number; problems: string[] }> {
  const problems: string[] = [];
  const users = await q.all('select id, balance, lock_balance from users');
  const ledger = await q.all(
    'select user_id, account, sum(amount) as s from ledger group by user_id, account',
  );
  const margins = await q.all(
    'select user_id, sum(margin_cents) as s from orders where status = 1 group by user_id',
  );
  const sum = (uid: number, acc: string) =>
    Number(ledger.find((l) => Number(l.user_id) === uid && l.account === acc)?.s ?? 0);
  for (const u of users) {
    const id = Number(u.id);
    const balance = Number(u.balance);
    const lock = Number(u.lock_balance);
    const open = Number(margins.find((m) => Number(m.user_id) === id)?.s ?? 0);
    if (sum(id, 'balance') !== balance)
      problems.push(`user ${id}: ledger ${sum(id, 'balance')} != balance ${balance}`);
    if (sum(id, 'lock_balance') !== lock)
      problems.push(`user ${id}: ledger lock ${sum(id, 'lock_balance')} != lock ${lock}`);
    if (lock !== open) problems.push(`user ${id}: lock ${lock} != open margins ${open}`);
    if (balance < 0 || lock < 0) problems.push(`user ${id}: negative balance ${balance} / lock ${lock}`);
  }
  const both = await q.all(
    'select id, status from orders where (status in (0, 1) and closed_at is not null) or (status = 3 and closed_at is null) or (status = 0 and open_price is not null and close_reason is not null)',
  );
  for (const o of both)
    problems.push(`order ${String(o.id)} both open and closed (status ${String(o.status)})`);
  const orphans = await q.all(
    'select o.id from orders o left join users u on u.id = o.user_id where u.id is null union all select l.id from ledger l left join users u on u.id = l.user_id where u.id is null',
  );
  for (const o of orphans) problems.push(`row ${String(o.id)} without its user`);
  if (mode === 'sqlite') {
    const check = await q.all('pragma integrity_check');
    if (check[0]?.integrity_check !== 'ok') problems.push(`integrity_check: ${JSON.stringify(check)}`);
  } else {
    // Every table is readable end to end (a torn page would fail the scan).
    for (const t of ['users', 'orders', 'ledger', 'sessions']) await q.all(`select count(*) as n from ${t}`);
  }
  return { accounts: users.length, problems };
}

export async function runDrill(opts: DrillOptions): Promise<DrillFigures> {
  const log = opts.log ?? ((l: string) => process.stdout.write(`${l}\n`));
  const mode = opts.mode;
  const tradersN = opts.traders ?? 100;
  const planned = opts.operations ?? 1000;
  const perTrader = Math.max(4, Math.ceil(planned / tradersN));
  const workloads = opts.workloads ?? [tradingWorkload];
  const databaseUrl =
    opts.databaseUrl ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-drill-'));
  const schema = `drill_${crypto.randomBytes(5).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: path.join(dir, 'data'),
    STATIC_DIR: path.join(dir, 'static'),
    DATABASE_URL: mode === 'postgres' ? databaseUrl : '',
    ...(mode === 'postgres' ? { DATABASE_SCHEMA: schema } : {}),
  };
  let server: Server | undefined;
  try {
    server = await startServer(env);
    const victim = server;
    const harness: DrillHarness = {
      facts: {},
      get: async (trader, url) => {
        const r = await request(victim.base, url, {
          authorization: trader.token,
          lang: 'en',
          'x-forwarded-for': trader.ip,
        });
        return JSON.parse(r.text) as { code: number; msg: string; data: unknown };
      },
    };
    // Traders: demo accounts (100,000.00 USD each, through the ledger), each from its own loopback-style address.
    const traders: DrillTrader[] = [];
    for (let i = 0; i < tradersN; i++) {
      const ip = `10.77.${(i >> 8) & 255}.${i & 255}`;
      const r = await request(victim.base, '/api/user/createAccountDemoForU', { 'x-forwarded-for': ip });
      const d = JSON.parse(r.text) as { code: number; data: { token: string; user: { id: number } } };
      if (d.code !== 1) throw new Error(`demo account: ${r.text}`);
      traders.push({ token: d.data.token, userId: d.data.user.id, ip });
    }
    for (const w of workloads) await w.prepare?.(harness, traders);

    // Every trader runs its operations in sequence, all traders at once; SIGKILL when enough are acknowledged.
    const acks: Ack[] = [];
    const killAfter = Math.floor((opts.killAt ?? 0.4) * tradersN * perTrader * workloads.length);
    let sent = 0;
    let cut = 0;
    let killed = false;
    await Promise.allSettled(
      traders.map(async (trader) => {
        for (const w of workloads) {
          for await (const op of w.operations(harness, trader, perTrader)) {
            if (killed) return;
            sent += 1;
            try {
              const ack = await op();
              if (ack) acks.push(ack);
              if (!killed && acks.length >= killAfter) {
                killed = true;
                victim.proc.kill('SIGKILL');
              }
            } catch {
              cut += 1; // cut by the kill: never acknowledged
              return;
            }
          }
        }
      }),
    );
    await kill9(victim);

    // Restart on the same data, then check.
    server = await startServer(env);
    const restartMs = server.startedMs;
    const q = await openQuery(mode, env.DATA_DIR!, databaseUrl, schema);
    let problems: string[] = [];
    let accounts = 0;
    let lost = 0;
    try {
      for (const w of workloads) {
        const missing = await w.verify(
          q,
          acks.filter((a) => a.workload === w.name),
        );
        lost += missing.length;
        problems.push(...missing);
      }
      const inv = await invariants(q, mode);
      accounts = inv.accounts;
      problems = problems.concat(inv.problems);
    } finally {
      await q.close();
    }
    // The restarted server takes new work.
    const after = await request(server.base, '/api/user/createAccountDemoForU', {
      'x-forwarded-for': '10.78.0.1',
    });
    if ((JSON.parse(after.text) as { code: number }).code !== 1)
      problems.push(`after restart: ${after.text}`);

    const figures: DrillFigures = {
      mode,
      traders: tradersN,
      operationsPlanned: tradersN * perTrader * workloads.length,
      operationsSent: sent,
      acknowledged: acks.length,
      cutByKill: cut,
      acknowledgedLost: lost,
      restartMs,
      accountsChecked: accounts,
      problems,
    };
    log(
      `drill (${mode}): ${figures.traders} traders, ${figures.operationsSent}/${figures.operationsPlanned} operations sent, ` +
        `${figures.acknowledged} acknowledged before kill -9, ${figures.cutByKill} cut by it; ` +
        `acknowledged writes lost: ${figures.acknowledgedLost}; restart ${figures.restartMs} ms; ` +
        `${figures.accountsChecked} accounts checked; problems: ${figures.problems.length}`,
    );
    for (const p of problems.slice(0, 20)) log(`  ${p}`);
    return figures;
  } finally {
    if (server) await kill9(server);
    if (mode === 'postgres') {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
      await c.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const mode = (process.argv[2] ?? 'sqlite') as Mode;
  const operations = Number(process.argv[3] ?? 1000);
  runDrill({ mode, operations }).then(
    (f) => process.exit(f.problems.length === 0 && f.acknowledgedLost === 0 ? 0 : 1),
    (err: unknown) => {
      process.stderr.write(
        `drill failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exit(1);
    },
  );
}
