/**
 * The routes against their contract: every API call declares the shape it answers (so a drift fails the tests that
 * call it), a drifting answer is refused rather than sent, and the call tables of server/README.md list exactly the
 * routes the app registers.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { HTTPMethods } from 'fastify';
import { z } from 'zod';
import { answers } from '../src/lib/contract';
import { ok } from '../src/lib/envelope';
import { call, createTestApp } from './helpers';
import type { TestApp } from './helpers';

/** Routes that answer something other than an envelope, and why. */
const NOT_ENVELOPES: Record<string, string> = {
  'GET /api/common/upload/*': 'the image bytes',
  'GET /v1/api/forex/logo/*': 'an SVG document',
  'GET /v1/ws': 'the WebSocket upgrade',
};

/** `/api/common/upload/:name` and the README's `/api/common/upload/<name>` both become `/api/common/upload/*`. */
const normalise = (url: string) =>
  url
    .split('?')[0]!
    .split('/')
    .map((seg) => (seg.startsWith(':') || seg.includes('<') ? '*' : seg))
    .join('/');

type Route = { method: string; url: string; hasResponse: boolean };

let t: TestApp;
const routes: Route[] = [];

beforeAll(async () => {
  t = await createTestApp('sqlite', {}, {}, (app) => {
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: r.url, hasResponse: Boolean(r.schema?.response) });
      }
    });
    app.get('/api/test/drift', answers(z.strictObject({ price: z.string() })), async (req) => {
      const q = req.query as { extra?: string };
      return ok(q.extra ? { price: '1.10000', extra: 1 } : { price: 1.1 });
    });
  });
});
afterAll(async () => {
  await t.close();
});

const api = () => routes.filter((r) => /^\/(api|v1)(\/|$)/.test(r.url) && !r.url.startsWith('/api/test/'));

it('every API route declares the shape of its answer', () => {
  expect(api().length).toBeGreaterThan(30);
  const missing = api()
    .filter((r) => !r.hasResponse && !NOT_ENVELOPES[`${r.method} ${normalise(r.url)}`])
    .map((r) => `${r.method} ${r.url}`);
  expect(missing).toEqual([]);
});

it('refuses an answer that drifts from its schema, naming the field', async () => {
  const wrongType = await call(t.app, { method: 'GET', url: '/api/test/drift' });
  expect(wrongType.status).toBe(500);
  expect(wrongType.body.code).toBe(1007);
  expect(wrongType.body.msg).toContain('price');
  const extraField = await call(t.app, { method: 'GET', url: '/api/test/drift?extra=1' });
  expect(extraField.status).toBe(500);
  expect(extraField.body.msg).toContain('extra');
});

it('the call tables of server/README.md are the routes the app registers', () => {
  const readme = fs.readFileSync(path.join(__dirname, '../README.md'), 'utf8');
  const documented = new Set<string>();
  for (const m of readme.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) ([^`\s]+)`/gm)) {
    documented.add(`${m[1]} ${normalise(m[2]!)}`);
  }
  const registered = new Set(
    routes.filter((r) => !r.url.startsWith('/api/test/')).map((r) => `${r.method} ${normalise(r.url)}`),
  );
  // Registered on the root before any plugin (not seen by onRoute): checked against the app directly.
  for (const key of documented) {
    const [method, url] = key.split(' ') as [HTTPMethods, string];
    if (!registered.has(key) && t.app.hasRoute({ method, url })) registered.add(key);
  }
  // The socket is documented in its own section.
  const undocumented = [...registered].filter((r) => !documented.has(r) && r !== 'GET /v1/ws');
  expect({ undocumented, missing: [...documented].filter((d) => !registered.has(d)) }).toEqual({
    undocumented: [],
    missing: [],
  });
});
