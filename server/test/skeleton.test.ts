/** The skeleton: config, envelope and error mapping, security headers, languages, static files and caching. */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { call, createTestApp } from './helpers';
import type { TestApp } from './helpers';

describe('config', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.siteTitle).toBe('Meridian');
    expect(c.opsIdleMs).toBe(30 * 60_000);
    expect(c.dataDir.endsWith(`${path.sep}data`)).toBe(true);
    expect(c.staticDir.endsWith(`${path.sep}dist`)).toBe(true);
    expect(fs.existsSync(path.join(c.repoRoot, 'pnpm-workspace.yaml'))).toBe(true);
  });
  it('rejects invalid values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ REDIS_URL: 'nope' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ OPS_IDLE_SECONDS: '5' })).toThrow(/OPS_IDLE_SECONDS/);
  });
  it('reads the environment', () => {
    const c = loadConfig({ PORT: '9000', DATABASE_URL: 'postgres://u@h/db', SITE_TITLE: 'DEMO' });
    expect(c.port).toBe(9000);
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.siteTitle).toBe('DEMO');
    expect(loadConfig({ OPS_IDLE_SECONDS: '90' }).opsIdleMs).toBe(90_000);
  });
});

describe('app skeleton', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    // A route that fails unexpectedly, to check the central mapping.
    t = await createTestApp('sqlite', {}, {}, (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('secret internal detail');
      });
    });
    staticDir = t.config.staticDir;
    fs.mkdirSync(path.join(staticDir, 'host', 'assets'), { recursive: true });
    fs.mkdirSync(path.join(staticDir, 'remotes', 'mf-account', '1.2.3'), { recursive: true });
    fs.writeFileSync(path.join(staticDir, 'host', 'index.html'), '<!doctype html><title>host</title>');
    fs.writeFileSync(path.join(staticDir, 'host', 'assets', 'main.0a1b2c3d.js'), 'console.log(1)');
    fs.writeFileSync(path.join(staticDir, 'host', 'manifest.json'), '{"name":"Meridian"}');
    fs.writeFileSync(
      path.join(staticDir, 'remotes', 'mf-account', '1.2.3', 'mf-manifest.json'),
      '{"id":"mf-account"}',
    );
    fs.writeFileSync(path.join(staticDir, 'remotes.json'), '{"remotes":{"mf-account":{"current":"1.2.3"}}}');
  });
  afterAll(() => t.close());

  it('GET /healthz', async () => {
    const r = await t.app.inject('/healthz');
    expect(r.statusCode).toBe(200);
    // One node, no Redis; the feed is driven by hand in tests, so its quotes never age.
    expect(r.json()).toEqual({
      code: 1,
      msg: expect.any(String),
      data: { status: 'ok', redis: 'off', feed: 'live', leader: true, quoteAgeMs: expect.any(Number) },
    });
  });

  it('sets security headers with the CSP', async () => {
    const r = await t.app.inject('/');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('unknown API routes answer an envelope 1002 with 404', async () => {
    for (const url of ['/api/nope', '/v1/api/nope', '/v1/whatever']) {
      const r = await call(t.app, { method: 'GET', url });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(1002);
      expect(r.body.msg).toBe('The requested item was not found.');
    }
    const post = await call(t.app, { method: 'POST', url: '/api/nope', payload: {} });
    expect(post.status).toBe(404);
    expect(post.body.code).toBe(1002);
  });

  it('maps unexpected errors to 1007 without leaking details', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(r.statusCode).toBe(500);
    expect(r.json().code).toBe(1007);
    expect(r.body).not.toContain('secret internal detail');
    expect(r.body).not.toContain('at ');
  });

  it('answers malformed bodies with an envelope, never a 5xx', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/loginForU',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(1000);
    const type = await t.app.inject({
      method: 'POST',
      url: '/api/user/loginForU',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(type.statusCode).toBeLessThan(500);
    expect(type.json().code).not.toBe(1);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/user/loginForU',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(400_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe(1005);
  });

  it('validation errors are 1001 in the caller language (default hk, tw -> hk)', async () => {
    const en = await call(t.app, { method: 'GET', url: '/api/news/info?id=abc' });
    expect(en.body.code).toBe(1001);
    expect(en.body.msg).toBe('“ID” must be a whole number.');
    const hk = await call(t.app, { method: 'GET', url: '/api/news/info?id=abc', headers: { lang: 'hk' } });
    const tw = await call(t.app, { method: 'GET', url: '/api/news/info?id=abc', headers: { lang: 'tw' } });
    const none = await t.app.inject({ method: 'GET', url: '/api/news/info?id=abc' });
    const fr = await call(t.app, { method: 'GET', url: '/api/news/info?id=abc', headers: { lang: 'fr' } });
    expect(hk.body.msg).not.toBe(en.body.msg);
    expect(tw.body.msg).toBe(hk.body.msg);
    expect(none.json().msg).toBe(hk.body.msg);
    expect(fr.body.msg).not.toBe(en.body.msg);
  });

  describe('static files', () => {
    it('serves index.html at / and as SPA fallback with no-cache', async () => {
      for (const url of ['/', '/trade', '/mine/auth', '/news/detail?id=3']) {
        const r = await t.app.inject(url);
        expect(r.statusCode).toBe(200);
        expect(r.body).toContain('<title>host</title>');
        expect(r.headers['cache-control']).toBe('no-cache');
      }
    });
    it('does not fall back for paths with an extension or reserved prefixes', async () => {
      expect((await t.app.inject('/missing.js')).statusCode).toBe(404);
      expect((await t.app.inject('/dev/nothing')).statusCode).toBe(404);
      expect((await t.app.inject('/healthz/x')).statusCode).toBe(404);
    });
    it('hashed assets are immutable, other files no-cache', async () => {
      const js = await t.app.inject('/assets/main.0a1b2c3d.js');
      expect(js.statusCode).toBe(200);
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const manifest = await t.app.inject('/manifest.json');
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['cache-control']).toBe('no-cache');
    });
    it('serves pre-compressed siblings to clients that accept them', async () => {
      const zlib = await import('node:zlib');
      const file = path.join(staticDir, 'host', 'assets', 'main.0a1b2c3d.js');
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(Buffer.from('console.log(1)')));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(Buffer.from('console.log(1)')));
      try {
        const br = await t.app.inject({
          url: '/assets/main.0a1b2c3d.js',
          headers: { 'accept-encoding': 'gzip, br' },
        });
        expect(br.statusCode).toBe(200);
        expect(br.headers['content-encoding']).toBe('br');
        expect(String(br.headers['content-type'])).toContain('javascript');
        expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
        expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
        const gz = await t.app.inject({
          url: '/assets/main.0a1b2c3d.js',
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(gz.headers['content-encoding']).toBe('gzip');
        const plain = await t.app.inject({
          url: '/assets/main.0a1b2c3d.js',
          headers: { 'accept-encoding': 'identity' },
        });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toBe('console.log(1)');
      } finally {
        fs.rmSync(`${file}.br`);
        fs.rmSync(`${file}.gz`);
      }
    });
    it('serves versioned remotes as immutable and 404s missing ones', async () => {
      const r = await t.app.inject('/remotes/mf-account/1.2.3/mf-manifest.json');
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await t.app.inject('/remotes/mf-account/9.9.9/mf-manifest.json')).statusCode).toBe(404);
      // Nothing outside the static root is ever served, however the path is encoded.
      fs.writeFileSync(path.join(staticDir, '..', 'secret.txt'), 'TOP SECRET');
      for (const url of [
        '/remotes/%2e%2e/%2e%2e/secret.txt',
        '/remotes/mf-account/..%2f..%2f..%2fsecret.txt',
        '/remotes/..%5c..%5csecret.txt',
        '/..%2fsecret.txt',
        '/%2e%2e/%2e%2e/secret.txt',
      ]) {
        const res = await t.app.inject(url);
        expect(res.body).not.toContain('TOP SECRET');
      }
    });
    it('reads remotes.json fresh on every request, no-cache', async () => {
      const a = await t.app.inject('/remotes.json');
      expect(a.headers['cache-control']).toBe('no-cache');
      expect(a.json().remotes['mf-account'].current).toBe('1.2.3');
      fs.writeFileSync(
        path.join(staticDir, 'remotes.json'),
        '{"remotes":{"mf-account":{"current":"1.2.4"}}}',
      );
      const b = await t.app.inject('/remotes.json');
      expect(b.json().remotes['mf-account'].current).toBe('1.2.4');
      fs.rmSync(path.join(staticDir, 'remotes.json'));
      expect((await t.app.inject('/remotes.json')).statusCode).toBe(404);
    });
    it('refuses path traversal out of the host folder', async () => {
      expect((await t.app.inject('/..%2f..%2fpackage.json')).statusCode).toBe(404);
      expect((await t.app.inject('/%2e%2e/remotes.json')).statusCode).toBe(404);
    });
  });

  it('dev outbox page lists mail outside production', async () => {
    const r = await t.app.inject('/dev/outbox');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
  });
});

describe('production mode', () => {
  it('hides the dev outbox', async () => {
    const t = await createTestApp('sqlite', {}, { nodeEnv: 'production' });
    try {
      expect((await t.app.inject('/dev/outbox')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
