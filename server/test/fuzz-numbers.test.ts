/**
 * Hostile numbers on every numeric field of every registered route. The routes come from Fastify's route table
 * (onRoute); each route's fields come from the zod schema its handler parses with (learned by one probing call
 * through `inputProbe`), a field being numeric when its schema takes "1" and refuses "abc". Each numeric field gets
 * every hostile value (magnitudes 1e-308..1e308, NaN, Infinity, -0, exponent, hex, 30 decimals, beyond a database
 * integer...) while the route's other fields hold valid values, as query text, form text and JSON numbers. Every
 * answer must be the envelope and none a 5xx. The figures are printed.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { inputProbe } from '../src/lib/validate';
import { createDemo, createTestApp, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';
import { createOpsUser } from './support/ops';

type Route = { method: string; url: string };

const MAGNITUDES: string[] = [];
for (let e = -308; e <= 308; e += 14) MAGNITUDES.push(`1e${e}`);
MAGNITUDES.push('1e308', '1e-308', '-1e308', '1.7976931348623157e308', '5e-324');

const HOSTILE_TEXT = [
  ...MAGNITUDES,
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  '-0',
  '-0.0',
  '0x10',
  '0X1F',
  '0b101',
  '0o17',
  '0x1p3',
  '1E5',
  '1e+5',
  '-1e3',
  '9'.repeat(30),
  `0.${'0'.repeat(29)}1`,
  `1.${'1'.repeat(30)}`,
  `${'9'.repeat(30)}.${'9'.repeat(30)}`,
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '-1',
  '+1',
  '.5',
  '5.',
  '1,5',
  ' 1',
  '1 ',
  '١',
  '',
];
const HOSTILE_JSON: unknown[] = [
  1e308,
  -1e308,
  1e-308,
  5e-324,
  -0,
  Number.MAX_VALUE,
  2 ** 53 + 2,
  1.0000000000000002,
  0.1 + 0.2,
  [1],
  { n: 1 },
  true,
  null,
];

const VALID_NUMBERS = ['1', '0.1', '0', '2', '100', '0.01'];
const VALID_TEXT = ['x@example.com', 'Secret123', 'EURUSD', 'abc', '123456', 'support', '1'];
/** Fields tried on a route whose handler parses without a zod schema (or refuses before parsing). */
const FALLBACK_NUMERIC = ['id', 'page', 'limit', 'type', 'status', 'size', 'forex_id'];

type Fields = { numeric: string[]; base: Record<string, string> };

function unwrapObject(schema: z.ZodType): Record<string, z.ZodType> | null {
  let s: unknown = schema;
  for (let i = 0; i < 6 && s; i++) {
    const def = (s as { def?: { type?: string; in?: unknown; innerType?: unknown; shape?: unknown } }).def;
    if (def?.type === 'object') return (s as { shape: Record<string, z.ZodType> }).shape;
    s = def?.in ?? def?.innerType;
  }
  return null;
}

function fieldsOf(schemas: z.ZodType[]): Fields | null {
  const numeric: string[] = [];
  const base: Record<string, string> = {};
  let found = false;
  for (const schema of schemas) {
    const shape = unwrapObject(schema);
    if (!shape) continue;
    found = true;
    for (const [name, f] of Object.entries(shape)) {
      const ok = (v: string) => f.safeParse(v).success;
      const num = VALID_NUMBERS.find(ok);
      if (num !== undefined && !ok('abc')) {
        numeric.push(name);
        base[name] = num;
      } else {
        const text = VALID_TEXT.find(ok);
        if (text !== undefined) base[name] = text;
      }
    }
  }
  return found ? { numeric, base } : null;
}

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x');

describe.each(MODES)('hostile numbers on every route (%s)', (mode) => {
  let t: TestApp;
  const routes: Route[] = [];
  const tokens = { trader: '', demo: '', ops: '' };
  const refresh = async (app: FastifyInstance) => {
    tokens.trader = (await registerUser(app)).token;
    tokens.demo = (await createDemo(app)).token;
    tokens.ops = (await createOpsUser(app)).token;
  };
  beforeAll(async () => {
    t = await createTestApp(mode, {}, {}, (app) => {
      app.addHook('onRoute', (r) => {
        const methods = Array.isArray(r.method) ? r.method : [r.method];
        for (const m of methods) {
          if (
            (m === 'GET' || m === 'POST') &&
            /^\/(api|v1)(\/|$)/.test(r.url) &&
            !r.url.startsWith('/api/test/')
          )
            routes.push({ method: m, url: r.url });
        }
      });
    });
    await refresh(t.app);
  });
  afterAll(() => {
    inputProbe.record = undefined;
    return t.close();
  });

  it('never answers a 5xx or a non-envelope', async () => {
    // Sign-outs last: they revoke the token the other calls use.
    const ordered = [...routes].sort((a, b) => Number(/logout/.test(a.url)) - Number(/logout/.test(b.url)));
    let calls = 0;
    let pairs = 0;
    let learned = 0;
    const fivexx: string[] = [];
    const nonEnvelope: string[] = [];
    for (const route of ordered) {
      const url = concrete(route.url);
      const token = url.startsWith('/api/ops') ? () => tokens.ops : () => tokens.trader;
      const send = async (fields: Record<string, unknown>, as: 'query' | 'form' | 'json') => {
        const headers: Record<string, string> = { lang: 'en', authorization: token() };
        let target = url;
        let payload: string | undefined;
        const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
        if (as === 'query') {
          const q = new URLSearchParams(
            Object.entries(fields).map(([k, v]): [string, string] => [k, text(v)]),
          );
          target = `${url}?${q.toString()}`;
        } else if (as === 'form') {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          payload = new URLSearchParams(
            Object.entries(fields).map(([k, v]): [string, string] => [k, text(v)]),
          ).toString();
        } else {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(fields);
        }
        const res = await t.app.inject({ method: route.method as 'GET', url: target, headers, payload });
        calls += 1;
        const label = `${route.method} ${target} ${payload ?? ''}`.slice(0, 200);
        if (res.statusCode >= 500) fivexx.push(`${res.statusCode} ${label} ${res.body.slice(0, 120)}`);
        let body: unknown;
        try {
          body = res.json();
        } catch {
          body = null;
        }
        const env = body as { code?: unknown; msg?: unknown } | null;
        if (!env || typeof env.code !== 'number' || typeof env.msg !== 'string' || !('data' in env)) {
          if (!(res.headers['content-type'] ?? '').toString().startsWith('image/'))
            nonEnvelope.push(`${res.statusCode} ${label} ${res.body.slice(0, 80)}`);
        }
        return res;
      };

      // Learn the route's fields from the schemas its handler parses with.
      const seen: z.ZodType[] = [];
      inputProbe.record = (schema) => seen.push(schema);
      await send({}, route.method === 'GET' ? 'query' : 'json');
      inputProbe.record = undefined;
      const f = fieldsOf(seen);
      if (f) learned += 1;
      const numeric = f?.numeric.length ? f.numeric : f ? [] : FALLBACK_NUMERIC;
      const base = f?.base ?? {};
      for (const field of numeric) {
        pairs += 1;
        const encodings: ('query' | 'form' | 'json')[] =
          route.method === 'GET' ? ['query'] : ['form', 'json'];
        for (const as of encodings) {
          for (const v of HOSTILE_TEXT) await send({ ...base, [field]: v }, as);
        }
        if (route.method === 'POST')
          for (const v of HOSTILE_JSON) await send({ ...base, [field]: v }, 'json');
      }
      // A call may have revoked or frozen the caller: start the next route with fresh sessions.
      if (/logout|password|freeze|disable|revoke|session/i.test(url)) await refresh(t.app);
    }
    const inputs = HOSTILE_TEXT.length + HOSTILE_JSON.length;
    process.stdout.write(
      `\nfuzz (${mode}): ${routes.length} routes (${learned} with schemas learned), ${pairs} numeric fields × ${inputs} hostile inputs ` +
        `= ${calls} calls; 5xx: ${fivexx.length}; non-envelope: ${nonEnvelope.length}\n`,
    );
    expect(fivexx).toEqual([]);
    expect(nonEnvelope).toEqual([]);
    expect(pairs).toBeGreaterThan(20);
  }, 600_000);
});
