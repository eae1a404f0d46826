/**
 * index.html as served: the built page plus what its first paint needs, so a phone on a slow network does not
 * wait one round trip after another before the first price (bench/first-price):
 * - the boot data (`@meridian/shared/pure` BootData): site settings, where the API is, the remote registry, the
 *   trade list on `/` and `/trade`, and the status of the company in the `company_id` cookie;
 * - preload hints for the markets remote's entry and the page's chunk, fetched while the shell's own code loads;
 * - a tiny inline script (allowed by its hash in the CSP) that parses the boot data once for the shell
 *   (`window.meridianBoot`) and preloads the translations of the stored language, which only the browser knows;
 *   then, in a task of its own while the code downloads, formats one number: the browser's first
 *   `Intl.NumberFormat` sets up its number formatting once for the page (~60-75 ms on a phone 4x slower than a
 *   laptop, whatever the locale), which would otherwise fall in the first render of the prices.
 * The page is no-cache (it changes with the registry and the prices); it is compressed per request.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_ELEMENT_ID, BOOT_MARK, LANGUAGES } from '@meridian/shared/pure';
import type { BootData } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { basicInfo, cookieCompanyStatus } from '../content';
import { tradeRow } from '../markets';
import type { MarketData } from '../markets';
import { contractOfBuild } from '@meridian/config/registry.cjs';

/** The page each first-paint route shows, in the markets remote. */
const MARKETS_PAGES: Record<string, string> = { '/': 'HomePage', '/trade': 'TradePage' };
const MARKETS = 'mf-markets';

/**
 * Runs before the shell: hands it the boot data and preloads the translations the first screen asks for, in the
 * stored language. Kept byte-for-byte stable: its hash is what the CSP allows.
 */
export const BOOT_SCRIPT = `(function(){var d=document,b,l;try{b=JSON.parse(d.getElementById('${BOOT_ELEMENT_ID}').textContent);window.meridianBoot=b}catch(e){return}try{l=localStorage.getItem('meridian.lang');if(l==='tw')l='hk';if(!b.languages||b.languages.indexOf(l)<0)l='hk';var p=function(u){var e=d.createElement('link');e.rel='preload';e.as='fetch';e.crossOrigin='anonymous';e.href=u.replace('{lng}',l);d.head.appendChild(e)};p('/locales/{lng}/common.json');p('/locales/{lng}/shell.json');(b.localeHints||[]).forEach(p)}catch(e){}setTimeout(function(){try{new Intl.NumberFormat().format(1.5)}catch(e){}})})();`;

/** The CSP source that allows {@link BOOT_SCRIPT} and nothing else inline. */
export const BOOT_SCRIPT_CSP = `'sha256-${crypto.createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

type Registry = {
  remotes?: Record<
    string,
    {
      current?: unknown;
      canary?: { version?: unknown; percent?: unknown };
      versions?: { version?: unknown; contract?: unknown }[];
    }
  >;
};

/** The contract range a version's build recorded (in the registry since it is kept there; else in its manifest). */
const contracts = new Map<string, string | null>();
function contractOf(remotesDir: string, remote: string, version: string, recorded: unknown): string | null {
  if (typeof recorded === 'string') return recorded;
  const key = `${remote}/${version}`;
  if (!contracts.has(key)) contracts.set(key, contractOfBuild(path.join(remotesDir, remote, version)));
  return contracts.get(key) ?? null;
}

/** The sync chunks of each exposed page, per remote version (versions are immutable: read once). */
const exposeChunks = new Map<string, Map<string, string[]>>();

function pageChunks(remotesDir: string, remote: string, version: string, page: string): string[] {
  const key = `${remote}/${version}`;
  let byPage = exposeChunks.get(key);
  if (!byPage) {
    byPage = new Map();
    try {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(remotesDir, remote, version, 'mf-manifest.json'), 'utf8'),
      ) as { exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[] };
      for (const e of manifest.exposes ?? []) if (e.name) byPage.set(e.name, e.assets?.js?.sync ?? []);
    } catch {
      // No manifest: no hints, the runtime finds its way as before.
    }
    exposeChunks.set(key, byPage);
  }
  return byPage.get(page) ?? [];
}

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON safe inside a script element. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export async function renderIndex(
  ctx: AppContext,
  req: FastifyRequest,
  opts: { template: string; registryFile: string; remotesDir: string; market: MarketData },
): Promise<string> {
  const urlPath = (req.url.split('?')[0] ?? '/').split('#')[0] || '/';
  const boot: BootData = { production: ctx.config.nodeEnv === 'production', languages: LANGUAGES };
  const hints: string[] = [];
  const [site, company, registry] = await Promise.all([
    basicInfo(ctx).catch(() => undefined),
    cookieCompanyStatus(ctx, req).catch(() => undefined),
    fs.promises
      .readFile(opts.registryFile, 'utf8')
      .then((t) => JSON.parse(t) as Registry)
      .catch(() => undefined),
  ]);
  if (site) boot.site = site;
  if (company) boot.company = { id: company.id, status: company.status, loss_url: company.loss_url };
  if (registry?.remotes) {
    boot.remotes = {};
    for (const [name, entry] of Object.entries(registry.remotes)) {
      if (typeof entry?.current !== 'string') continue;
      const current = entry.current;
      const recorded = entry.versions?.find((v) => v?.version === current)?.contract;
      const contract = contractOf(opts.remotesDir, name, current, recorded);
      // With its contract range: the host checks it before loading (and reads remotes.json for a fallback).
      const out: NonNullable<BootData['remotes']>[string] = contract ? { current, contract } : { current };
      // A canary with its share and contract: the host picks the side of this device (host/src/app/registry.ts).
      // The markets preload below stays the current version's: most devices run it.
      const c = entry.canary;
      if (c && typeof c.version === 'string' && typeof c.percent === 'number') {
        const canaryRecorded = entry.versions?.find((v) => v?.version === c.version)?.contract;
        const canaryContract = contractOf(opts.remotesDir, name, c.version, canaryRecorded);
        out.canary = {
          version: c.version,
          percent: c.percent,
          ...(canaryContract ? { contract: canaryContract } : {}),
        };
      }
      boot.remotes[name] = out;
    }
  }
  const page = MARKETS_PAGES[urlPath];
  const markets = boot.remotes?.[MARKETS]?.current;
  if (page) {
    const now = ctx.now();
    boot.tradeList = opts.market.instruments().map((i) => tradeRow(opts.market, i, now));
    if (markets) {
      const base = `/remotes/${MARKETS}/${encodeURIComponent(markets)}/`;
      hints.push(
        `${base}remoteEntry.js`,
        ...pageChunks(opts.remotesDir, MARKETS, markets, page).map((f) => base + f),
      );
      boot.localeHints = [`${base}locales/{lng}/markets.json`];
    }
  }
  const head =
    BOOT_MARK +
    hints.map((h) => `<link rel="preload" as="script" href="${attr(h)}">`).join('') +
    `<script id="${BOOT_ELEMENT_ID}" type="application/json">${scriptJson(boot)}</script>` +
    `<script>${BOOT_SCRIPT}</script>`;
  return opts.template.replace('</head>', `${head}</head>`);
}

/** Send `html` compressed as the client accepts (brotli, else gzip), never cached. */
export function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const accept = String(req.headers['accept-encoding'] ?? '');
  reply
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding')
    .type('text/html; charset=utf-8');
  const raw = Buffer.from(html);
  if (/\bbr\b/.test(accept))
    return reply
      .header('Content-Encoding', 'br')
      .send(zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accept))
    return reply.header('Content-Encoding', 'gzip').send(zlib.gzipSync(raw, { level: 6 }));
  return reply.send(raw);
}
