/**
 * Test harness: builds the app against a fresh SQLite file in a temp dir, or against PostgreSQL in a schema of its
 * own (`t_<random>`, dropped afterwards) so parallel runs never collide. PostgreSQL at TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test); when unreachable the PostgreSQL suites are skipped with a
 * loud warning, except under CI=true, where that is a failure.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import type { AppOverrides } from '../src/app';
import { loadConfig } from '../src/config';
import type { Config } from '../src/config';
import type { RateLimits } from '../src/lib/rate-limit';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let pgChecked: boolean | undefined;
/** Synchronous reachability check (describe blocks are synchronous). */
export function pgAvailable(): boolean {
  if (pgChecked !== undefined) return pgChecked;
  try {
    execFileSync(
      process.execPath,
      [
        '-e',
        `const pg=require('pg');const c=new pg.Client(${JSON.stringify(PG_URL)});c.connect().then(()=>c.query('select 1')).then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))`,
      ],
      { cwd: path.join(__dirname, '..'), timeout: 8000, stdio: 'ignore' },
    );
    pgChecked = true;
  } catch {
    pgChecked = false;
    const banner = `\n${'!'.repeat(78)}\n!!! PostgreSQL at ${PG_URL} is unreachable: the PostgreSQL suites were SKIPPED.\n${'!'.repeat(78)}\n`;
    if (process.env.CI === 'true') throw new Error(`CI=true and PostgreSQL is unreachable at ${PG_URL}`);
    process.stderr.write(banner);
    console.warn(banner);
  }
  return pgChecked;
}

export type Mode = 'sqlite' | 'postgres';
export const MODES: Mode[] = pgAvailable() ? ['sqlite', 'postgres'] : ['sqlite'];

/** Generous limits so that functional tests never trip them; the rate-limit tests set their own. */
export const HIGH_LIMITS: RateLimits = {
  loginPerIp: [10_000, 60_000],
  loginPerAccount: [10_000, 60_000],
  registerPerIp: [10_000, 60_000],
  registerPerAccount: [10_000, 60_000],
  codePerIp: [10_000, 60_000],
  codePerTarget: [10_000, 60_000],
  demoPerIp: [10_000, 60_000],
  captchaPerIp: [10_000, 60_000],
  uploadPerUser: [10_000, 60_000],
  closeAllPerUser: [10_000, 60_000],
  chatPerUser: [10_000, 60_000],
  chatPerVisitor: [10_000, 60_000],
  chatVisitorPerIp: [10_000, 60_000],
  chatVisitorConversationsPerIp: [10_000, 60_000],
  feedbackGuestPerIp: [10_000, 60_000],
  favouritesPerUser: [10_000, 60_000],
  statementPerUser: [10_000, 60_000],
  alertsPerUser: [10_000, 60_000],
  pushPerUser: [10_000, 60_000],
  telemetryPerIp: [10_000, 60_000],
  telemetryPerSession: [10_000, 60_000],
};

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  mode: Mode;
  close: () => Promise<void>;
};

export async function createTestApp(
  mode: Mode,
  overrides: AppOverrides = {},
  configOverrides: Partial<Config> = {},
  /** Extra routes to add before the app is ready. */
  setup?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-test-'));
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const staticDir = path.join(dir, 'static');
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir: path.join(dir, 'data'),
      staticDir,
      databaseUrl: mode === 'postgres' ? PG_URL : undefined,
      databaseSchema: mode === 'postgres' ? schema : undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      ...configOverrides,
    },
  );
  const app = buildApp(config, { limits: HIGH_LIMITS, ...overrides });
  setup?.(app);
  await app.ready();
  return {
    app,
    config,
    mode,
    close: async () => {
      if (mode === 'postgres') {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(app.ctx.db).catch(() => undefined);
      }
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Wait until `pred` holds (polled every 20 ms), failing after `ms` with `what` in the message: the way a test waits
 * for something that happens on its own time (a Redis lease, a message from another node), never a fixed sleep.
 */
export async function waitFor<T>(
  pred: () => T | undefined | null | false,
  ms = 5000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = pred();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export type Env<T = unknown> = { code: number; msg: string; data: T };

export async function call<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  app: FastifyInstance,
  opts: InjectOptions & { token?: string; form?: Record<string, string | number> },
): Promise<{ status: number; body: Env<T>; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = {
    lang: 'en',
    ...(opts.headers as Record<string, string> | undefined),
  };
  if (opts.token) headers.authorization = opts.token;
  let payload = opts.payload;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(
      Object.entries(opts.form).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  }
  const res = await app.inject({ ...opts, headers, payload });
  let body: Env<T>;
  try {
    body = res.json();
  } catch {
    body = { code: -1, msg: res.body, data: null as T };
  }
  return { status: res.statusCode, body, headers: res.headers };
}

let seq = 0;
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}.${Date.now().toString(36)}.${seq}.${crypto.randomBytes(3).toString('hex')}@example.com`;
}

/** The newest code e-mailed to `to`, read from the development outbox. */
export async function lastCode(app: FastifyInstance, to: string): Promise<string> {
  const row = await app.ctx.db
    .selectFrom('outbox')
    .select('body_text')
    .where('to_addr', '=', to)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const m = /\b(\d{6})\b/.exec(row?.body_text ?? '');
  if (!m?.[1]) throw new Error(`no code in the outbox for ${to}`);
  return m[1];
}

export const PASSWORD = 'Secret123';

/** Register a real user through the public calls; returns token and user. */
export async function registerUser(
  app: FastifyInstance,
  email = uniqueEmail(),
  extra: Record<string, string> = {},
) {
  const sent = await call(app, {
    method: 'POST',
    url: '/api/notify/send_email',
    form: { to: email, type: 1 },
  });
  if (sent.body.code !== 1) throw new Error(`send_email failed: ${JSON.stringify(sent.body)}`);
  const code = await lastCode(app, email);
  const r = await call<{ token: string; user: { id: number; invite_code: string; email: string } }>(app, {
    method: 'POST',
    url: '/api/user/register',
    form: { type: 1, account: email, password: PASSWORD, re_password: PASSWORD, sms_code: code, ...extra },
  });
  if (r.body.code !== 1) throw new Error(`register failed: ${JSON.stringify(r.body)}`);
  return { email, token: r.body.data.token, user: r.body.data.user };
}

export async function createDemo(app: FastifyInstance) {
  const r = await call<{
    demo_id: string;
    token: string;
    user: { id: number; is_demo: number; balance: string };
  }>(app, {
    method: 'GET',
    url: '/api/user/createAccountDemoForU',
  });
  if (r.body.code !== 1) throw new Error(`demo failed: ${JSON.stringify(r.body)}`);
  return r.body.data;
}
