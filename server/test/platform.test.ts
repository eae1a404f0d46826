/** Cross-cutting pieces: message catalogue coverage, CORS for the api subdomain, the Redis limiter, shutdown. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { LANGUAGES } from '@meridian/shared/pure';
import { findRepoRoot } from '../src/config';
import { DEFAULT_RATE_LIMITS, MemoryRateLimiter, RedisRateLimiter, scaleLimits } from '../src/lib/rate-limit';
import { loadConfig } from '../src/config';
import type { RateLimiter } from '../src/lib/rate-limit';
import { startServer } from '../scripts/child-server';
import { call, createTestApp, HIGH_LIMITS, registerUser, uniqueEmail } from './helpers';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function redisAvailable(): boolean {
  try {
    execFileSync(
      process.execPath,
      [
        '-e',
        `const {Redis}=require('ioredis');const r=new Redis(${JSON.stringify(REDIS_URL)},{lazyConnect:true,maxRetriesPerRequest:0,retryStrategy:()=>null});r.connect().then(()=>r.ping()).then(()=>{r.disconnect();process.exit(0)},()=>process.exit(1))`,
      ],
      { cwd: path.join(__dirname, '..'), timeout: 5000, stdio: 'ignore' },
    );
    return true;
  } catch {
    const banner = `\n${'!'.repeat(78)}\n!!! Redis at ${REDIS_URL} is unreachable: the Redis limiter tests were SKIPPED.\n${'!'.repeat(78)}\n`;
    if (process.env.CI === 'true') throw new Error(`CI=true and Redis is unreachable at ${REDIS_URL}`);
    process.stderr.write(banner);
    return false;
  }
}

type Tree = { [k: string]: string | Tree };

describe('server messages', () => {
  const root = findRepoRoot();
  const read = (lng: string) =>
    JSON.parse(fs.readFileSync(path.join(root, 'locales', lng, 'server.json'), 'utf8')) as Tree;
  /** Dotted keys at any depth (`funds.lock.cooling`), as the server's `t` reads them. */
  const flat = (o: Tree, prefix = ''): [string, string][] =>
    Object.entries(o).flatMap(([k, v]): [string, string][] =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : flat(v, `${prefix}${k}.`),
    );

  it('every key used by the server exists in English', () => {
    const en = new Set(flat(read('en')).map(([k]) => k));
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts')) {
          const src = fs.readFileSync(p, 'utf8');
          for (const m of src.matchAll(
            // (an audit action such as `action: 'announcement.save'` is a name, not a message key)
            /(?<!action: )'((?:v|error|code|mail|captcha|sms|password|account|invite|login|register|demo|logout|announcement|upload|realName|session|common)\.[A-Za-z]+)'/g,
          )) {
            if (m[1]) used.add(m[1]);
          }
        }
      }
    };
    walk(path.join(__dirname, '..', 'src'));
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !en.has(k))).toEqual([]);
  });

  const SAME_IN_EVERY_LANGUAGE = new Set(['field.uid']);
  it('all 21 languages have the same keys and placeholders, translated', () => {
    const en = new Map(flat(read('en')));
    for (const lng of LANGUAGES) {
      const m = new Map(flat(read(lng)));
      expect([...m.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [k, v] of m) {
        const ph = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort().join();
        expect({ lng, k, ph: ph(v) }).toEqual({ lng, k, ph: ph(en.get(k) ?? '') });
        // "UID" is the label printed on the trader's profile in every language: the same word everywhere.
        if (lng !== 'en' && !SAME_IN_EVERY_LANGUAGE.has(k))
          expect({ lng, k, same: v === en.get(k) }).toEqual({ lng, k, same: false });
      }
    }
  });
});

describe('http details', () => {
  it('answers CORS preflight for the sibling api subdomain only, and HEAD requests', async () => {
    const t = await createTestApp('sqlite');
    try {
      const pre = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/user/loginForU',
        headers: {
          origin: 'https://www.meridian.example',
          host: 'api.meridian.example',
          'access-control-request-method': 'POST',
        },
      });
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe('https://www.meridian.example');
      expect(String(pre.headers['access-control-allow-headers'])).toContain('authorization');
      const evil = await t.app.inject({
        method: 'GET',
        url: '/api/default/area_list',
        headers: { origin: 'https://evil.example', host: 'api.meridian.example' },
      });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
      const head = await t.app.inject({ method: 'HEAD', url: '/healthz' });
      expect(head.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('concurrent real-name submissions leave exactly one waiting', async () => {
    const t = await createTestApp('sqlite');
    try {
      const { token, user } = await registerUser(t.app);
      const sharp = (await import('sharp')).default;
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const { storeImage } = await import('../src/modules/uploads/service');
      const { url } = await storeImage(t.app.ctx, user.id, png);
      const form = { name: 'Race Case', card_id: 'R1234567', front_pic: url, reverse_pic: url };
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          call(t.app, { method: 'POST', url: '/api/user_real/real_name', token, form }),
        ),
      );
      expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
      expect(results.filter((r) => r.body.code === 1108)).toHaveLength(7);
    } finally {
      await t.close();
    }
  });

  it('forget_password by phone (type 2) says SMS is not available', async () => {
    const t = await createTestApp('sqlite');
    try {
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/user/forget_password',
        form: { type: 2, account: uniqueEmail(), new_password: 'Newpass123', auth_code: '123456' },
      });
      expect(r.body.code).toBe(1107);
    } finally {
      await t.close();
    }
  });
});

/** Each limiter on a clock the test moves. */
const limiterCases: [string, (now: () => number) => RateLimiter][] = [
  ['memory', (now) => new MemoryRateLimiter(now)],
];
if (redisAvailable()) {
  limiterCases.push([
    'redis',
    (now) => new RedisRateLimiter(new Redis(REDIS_URL), `meridian:test:${process.pid}:${Date.now()}:`, now),
  ]);
}

describe.each(limiterCases)('rate limiter (%s)', (_name, make) => {
  it('counts per key in fixed windows', async () => {
    let clock = 1_000_000;
    const l = make(() => clock);
    try {
      const key = `k${Math.random()}`;
      const hits = [];
      for (let i = 0; i < 4; i++) hits.push(await l.hit(key, 3, 60_000));
      expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
      expect(hits[3]?.retryAfterSec).toBe(60);
      expect((await l.hit(`${key}-other`, 3, 60_000)).allowed).toBe(true);
      clock += 45_000;
      const later = await l.hit(key, 3, 60_000);
      expect(later).toMatchObject({ allowed: false, count: 5, retryAfterSec: 15 });
      clock += 15_000; // the window is over
      expect(await l.hit(key, 3, 60_000)).toMatchObject({ allowed: true, count: 1, retryAfterSec: 60 });
    } finally {
      await l.close();
    }
  });

  it('limits login through the app', async () => {
    const limiter = make(Date.now);
    const t = await createTestApp('sqlite', {
      limiter,
      limits: { ...HIGH_LIMITS, loginPerAccount: [2, 60_000] },
    });
    try {
      const account = uniqueEmail();
      const form = { account, password: 'Wrong1234' };
      expect((await call(t.app, { method: 'POST', url: '/api/user/loginForU', form })).body.code).toBe(1101);
      expect((await call(t.app, { method: 'POST', url: '/api/user/loginForU', form })).body.code).toBe(1101);
      const r = await call(t.app, { method: 'POST', url: '/api/user/loginForU', form });
      expect(r.status).toBe(429);
      expect(r.body.code).toBe(1004);
    } finally {
      await t.close();
    }
  });
});

it('RATE_LIMIT_SCALE multiplies every limit count, windows unchanged', () => {
  expect(loadConfig({}).rateLimitScale).toBe(1);
  expect(loadConfig({ RATE_LIMIT_SCALE: '10' }).rateLimitScale).toBe(10);
  expect(() => loadConfig({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE/);
  const scaled = scaleLimits(DEFAULT_RATE_LIMITS, 10);
  expect(scaled.loginPerIp).toEqual([
    DEFAULT_RATE_LIMITS.loginPerIp[0] * 10,
    DEFAULT_RATE_LIMITS.loginPerIp[1],
  ]);
  expect(scaleLimits(DEFAULT_RATE_LIMITS, 0.01).loginPerAccount[0]).toBe(1);
});

it('a limiter that fails answers 1008, never runs unprotected', async () => {
  const broken: RateLimiter = { hit: () => Promise.reject(new Error('down')), close: async () => undefined };
  const t = await createTestApp('sqlite', { limiter: broken });
  try {
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/user/loginForU',
      form: { account: 'a@b.co', password: 'x' },
    });
    expect(r.status).toBe(503);
    expect(r.body.code).toBe(1008);
  } finally {
    await t.close();
  }
});

describe('main.ts', () => {
  jest.setTimeout(60_000);
  it('starts with no configuration beyond directories and shuts down cleanly on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-main-'));
    const server = await startServer(
      { DATA_DIR: dir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
      { output: 'ignore', timeoutMs: 20_000 },
    );
    try {
      expect(fs.existsSync(path.join(dir, 'meridian.sqlite'))).toBe(true);
      expect(await server.stop('SIGTERM')).toBe(0);
    } finally {
      await server.kill9();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an invalid configuration with a clear error', () => {
    let out = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.join(__dirname, '..'),
        env: { ...process.env, PORT: 'eighty' },
        stdio: 'pipe',
        timeout: 20_000,
      });
    } catch (e) {
      out = String((e as { stderr?: Buffer }).stderr ?? '');
      expect((e as { status?: number }).status).toBe(2);
    }
    expect(out).toMatch(/Invalid configuration:[\s\S]*PORT/);
  });
});
