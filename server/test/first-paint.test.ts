/**
 * index.html as the server sends it: the boot data the shell uses instead of asking (site settings, where the API
 * is, the registry, the trade list on the pages that show it, the company check), preload hints for the markets
 * remote, the one inline script allowed by its hash, compressed and never cached.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BOOT_ELEMENT_ID, BOOT_MARK, DEMO_SITE_TITLE, LANGUAGES } from '@meridian/shared/pure';
import type { BootData } from '@meridian/shared/pure';
import { BOOT_SCRIPT } from '../src/modules/static/boot';
import { createTestApp } from './helpers';
import type { TestApp } from './helpers';

const VERSION = '20260101-000000-abc';
const bootOf = (html: string): BootData => {
  const m = new RegExp(`<script id="${BOOT_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html);
  if (!m?.[1]) throw new Error('no boot data');
  return JSON.parse(m[1]) as BootData;
};

function writeStatic(dir: string) {
  fs.mkdirSync(path.join(dir, 'host'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'remotes', 'mf-markets', VERSION), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'host', 'index.html'),
    '<!doctype html><html><head><title>Meridian</title><script async src="/main.0a1b2c3d.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'remotes.json'),
    JSON.stringify({ remotes: { 'mf-markets': { current: VERSION, history: [{ action: 'release' }] } } }),
  );
  fs.writeFileSync(
    path.join(dir, 'remotes', 'mf-markets', VERSION, 'mf-manifest.json'),
    JSON.stringify({
      exposes: [
        {
          name: 'HomePage',
          assets: { js: { sync: ['__federation_expose_HomePage.11111111.js'], async: ['6.x.js'] } },
        },
        { name: 'TradePage', assets: { js: { sync: ['__federation_expose_TradePage.22222222.js'] } } },
      ],
    }),
  );
}

describe('index.html for the first paint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    writeStatic(t.config.staticDir);
  });
  afterAll(async () => {
    await t.close();
  });

  it('carries the site settings, the API rule, the registry and, on /, the trade list and the markets hints', async () => {
    const r = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    const boot = bootOf(r.body);
    expect(boot.site).toMatchObject({ site_title: 'Meridian', trade_fee_type: 1 });
    expect(boot.production).toBe(false);
    expect(boot.languages).toEqual([...LANGUAGES]);
    // Only what the shell reads of the registry: the current versions.
    expect(boot.remotes).toEqual({ 'mf-markets': { current: VERSION } });
    const list = boot.tradeList as { Code: string; price: number; PricePrecision: number }[];
    const api = await t.app.inject('/v1/api/forex/trade_list');
    expect(list.map((i) => i.Code)).toEqual((api.json().data as { Code: string }[]).map((i) => i.Code));
    expect(list.length).toBeGreaterThan(10);
    const base = `/remotes/mf-markets/${VERSION}/`;
    expect(r.body).toContain(`<link rel="preload" as="script" href="${base}remoteEntry.js">`);
    expect(r.body).toContain(
      `<link rel="preload" as="script" href="${base}__federation_expose_HomePage.11111111.js">`,
    );
    expect(r.body).not.toContain('6.x.js');
    expect(boot.localeHints).toEqual([`${base}locales/{lng}/markets.json`]);
    // The page's own script stays first; the hints follow it.
    expect(r.body.indexOf('main.0a1b2c3d.js')).toBeLessThan(r.body.indexOf('remoteEntry.js'));
    // The shell's head (the template's, up to its script) ends at the mark: what the service worker may answer from
    // its cache; the request's part begins there.
    const mark = r.body.indexOf(BOOT_MARK);
    expect(mark).toBeGreaterThan(r.body.indexOf('<script async src="/main.0a1b2c3d.js"></script>'));
    expect(r.body.indexOf('<script async src="/main.0a1b2c3d.js"></script>')).toBeGreaterThan(0);
    expect(r.body.lastIndexOf(BOOT_MARK)).toBe(mark);
    expect(mark).toBeLessThan(r.body.indexOf('<link rel="preload"'));
    expect(mark).toBeLessThan(r.body.indexOf('id="meridian-boot"'));

    const trade = bootOf((await t.app.inject('/trade')).body);
    expect(trade.tradeList).toHaveLength(list.length);
    const other = await t.app.inject('/mine/auth');
    expect(bootOf(other.body).tradeList).toBeUndefined();
    expect(other.body).not.toContain('remoteEntry.js');
  });

  it("carries a running canary with its share and contract range, for the host to pick this device's side", async () => {
    const file = path.join(t.config.staticDir, 'remotes.json');
    const saved = fs.readFileSync(file, 'utf8');
    const canary = '20260102-000000-def';
    fs.writeFileSync(
      file,
      JSON.stringify({
        remotes: {
          'mf-markets': {
            current: VERSION,
            canary: {
              version: canary,
              percent: 25,
              since: '2026-01-02T00:00:00.000Z',
              by: 'ops@example.com',
            },
            versions: [{ version: VERSION }, { version: canary, contract: '^0.1.0' }],
            history: [{ action: 'release' }],
          },
        },
      }),
    );
    try {
      const r = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
      // Only what the host reads: not who started it or when.
      expect(bootOf(r.body).remotes).toEqual({
        'mf-markets': { current: VERSION, canary: { version: canary, percent: 25, contract: '^0.1.0' } },
      });
      // The preload hints stay the current version's (most devices run it).
      expect(r.body).toContain(`/remotes/mf-markets/${VERSION}/remoteEntry.js`);
    } finally {
      fs.writeFileSync(file, saved);
    }
  });

  it('allows its one inline script by hash, and no other', async () => {
    const r = await t.app.inject('/');
    const csp = String(r.headers['content-security-policy']);
    const hash = crypto.createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(r.body).toContain(`<script>${BOOT_SCRIPT}</script>`);
  });

  it('is compressed for clients that accept it', async () => {
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(bootOf(html).tradeList?.length).toBeGreaterThan(10);
    expect(br.rawPayload.length).toBeLessThan(html.length / 3);
    const gz = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(bootOf(zlib.gunzipSync(gz.rawPayload).toString()).site?.site_title).toBe('Meridian');
  });

  it('answers the company check of the company_id cookie, and nothing without it', async () => {
    const companies = await t.app.ctx.db.selectFrom('companies').selectAll().execute();
    const closed = companies.find((c) => c.status === 0);
    expect(closed).toBeDefined();
    const withCookie = bootOf(
      (await t.app.inject({ url: '/', headers: { cookie: `a=1; company_id=${closed!.id}` } })).body,
    );
    expect(withCookie.company).toEqual({ id: closed!.id, status: 0, loss_url: closed!.loss_url });
    expect(bootOf((await t.app.inject('/')).body).company).toBeUndefined();
    expect(
      bootOf((await t.app.inject({ url: '/', headers: { cookie: 'company_id=999999' } })).body).company,
    ).toBeUndefined();
  });

  it('keeps the boot data inside its element whatever a setting holds', async () => {
    await t.app.ctx.db
      .updateTable('settings')
      .set({ value: '</script><script>alert(1)</script>' })
      .where('key', '=', 'service_link')
      .execute();
    const r = await t.app.inject('/');
    expect(r.body).not.toContain('</script><script>alert(1)');
    expect(bootOf(r.body).site?.service_link).toBe('</script><script>alert(1)</script>');
  });
});

describe('index.html of the demo site and of production', () => {
  it('says production, and carries the demo title the API rule reads', async () => {
    const t = await createTestApp('sqlite', {}, { nodeEnv: 'production', siteTitle: DEMO_SITE_TITLE });
    try {
      writeStatic(t.config.staticDir);
      const boot = bootOf((await t.app.inject('/')).body);
      expect(boot.production).toBe(true);
      expect(boot.site?.site_title).toBe(DEMO_SITE_TITLE);
    } finally {
      await t.close();
    }
  });
});
