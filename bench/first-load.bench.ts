/**
 * bench/first-load: the gzip bytes of JavaScript a first visit to `/` downloads, beside the same figure for a
 * bare React 19 page built with the same toolchain (the floor), and their ratio (target: at most 2.2x, issues 25 and 26).
 * Also confirms that no chart code (apexcharts) is in that first load.
 *
 * Uses the built product in dist/ (run `npm run build` first) served by the real server, and Debian's Chromium.
 *   npx tsx bench/first-load.bench.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildFloor, figure, freePort, ROOT, launchChromium } from './support';
import { startServer } from '../server/scripts/child-server';

const TARGET_RATIO = 2.2;

type Row = { url: string; raw: number; gzip: number; chart: boolean };

function serveDir(dir: string, port: number): http.Server {
  return http
    .createServer((req, res) => {
      const file = path.join(dir, new URL(req.url ?? '/', 'http://x').pathname);
      const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html');
      res.setHeader('content-type', target.endsWith('.js') ? 'text/javascript' : 'text/html');
      res.end(fs.readFileSync(target));
    })
    .listen(port, '127.0.0.1');
}

async function measure(url: string): Promise<Row[]> {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const rows: Row[] = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(res.url())) return;
    pending.push(
      res.body().then(
        (body) => {
          rows.push({
            url: new URL(res.url()).pathname,
            raw: body.length,
            gzip: zlib.gzipSync(body, { level: 9 }).length,
            chart: /apexcharts/i.test(body.toString('utf8')),
          });
        },
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await Promise.all(pending);
  await browser.close();
  return rows.sort((a, b) => b.gzip - a.gzip);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const dist = process.env.STATIC_DIR ?? path.join(ROOT, 'dist');
  if (!fs.existsSync(path.join(dist, 'remotes.json')))
    throw new Error(`No build in ${dist}: run npm run build`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));

  await buildFloor(path.join(tmp, 'floor'));
  const floorPort = await freePort();
  const floorServer = serveDir(path.join(tmp, 'floor'), floorPort);

  // The real server on a free port, healthy before the browser starts.
  const server = await startServer(
    {
      STATIC_DIR: dist,
      DATA_DIR: path.join(tmp, 'data'),
    },
    { output: 'ignore', timeoutMs: 60_000 },
  );
  const port = server.port;
  try {
    const floor = await measure(`http://127.0.0.1:${floorPort}/`);
    const app = await measure(`http://127.0.0.1:${port}/`);
    const sum = (rows: Row[]) => rows.reduce((n, r) => n + r.gzip, 0);
    const floorBytes = sum(floor);
    const appBytes = sum(app);
    console.log('first visit to / — JavaScript, gzip -9 of each response body');
    for (const r of app) console.log(`  ${kb(r.gzip).padStart(9)}  ${r.url}`);
    const ratio = appBytes / floorBytes;
    const chart = app.filter((r) => r.chart);
    console.log(`app     ${kb(appBytes)} in ${app.length} files`);
    console.log(`floor   ${kb(floorBytes)} in ${floor.length} files (bare React 19, same toolchain)`);
    console.log(
      `ratio   ${ratio.toFixed(2)}x (target ≤ ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'NOT MET'})`,
    );
    console.log(`chart code in first load: ${chart.length ? chart.map((r) => r.url).join(', ') : 'none'}`);
    figure('first-load gzip JS app / floor', ratio, 'x', `<= ${TARGET_RATIO}x`);
  } finally {
    await server.stop();
    floorServer.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
