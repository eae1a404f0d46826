/**
 * What the benches share: Debian's Chromium, the real server on the build, a free port, the bare React page (the
 * floor), the smoke convention and `figure()`. The server runs through server/scripts/child-server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { startServer } from '../server/scripts/child-server';

export const ROOT = path.resolve(__dirname, '..');

/** A free port (the server's own child-process harness, the one every script uses). */
export { freePort } from '../server/scripts/child-server';

/** Debian's Chromium (CHROMIUM_PATH to override; no browser is ever downloaded), as every browser bench runs it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/**
 * The built product (STATIC_DIR or dist/) served by the real server on a free port with an embedded database of its
 * own, healthy, and Chromium: `run` gets the address and the browser; everything is stopped and removed after.
 */
export async function withProduct(run: (base: string, browser: Browser) => Promise<void>): Promise<void> {
  const dist = process.env.STATIC_DIR ?? path.join(ROOT, 'dist');
  if (!fs.existsSync(path.join(dist, 'remotes.json')))
    throw new Error(`No build in ${dist}: run npm run build`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  const server = await startServer(
    { STATIC_DIR: dist, DATA_DIR: path.join(tmp, 'data') },
    { output: 'ignore', timeoutMs: 60_000 },
  );
  const browser = await launchChromium();
  try {
    await run(server.base, browser);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Build the floor (bench/floor: a bare React 19 page, the product's toolchain) into `outDir`. */
export async function buildFloor(outDir: string, publicPath = '/'): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const webpack = require(require.resolve('webpack', { paths: [ROOT] }));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require(path.join(__dirname, 'floor/webpack.config.cjs'))({ outDir, publicPath });
  await new Promise<void>((resolve, reject) =>
    webpack(config).run((err: Error | null, stats: { hasErrors(): boolean; toString(): string }) =>
      err ? reject(err) : stats.hasErrors() ? reject(new Error(stats.toString())) : resolve(),
    ),
  );
}

/**
 * The smoke convention (README, "Benchmarks"): `npm run bench -- --smoke` runs every bench with `BENCH_SMOKE=1` and a
 * hard timeout, so a change that breaks a bench is seen the day it lands. A bench reads SMOKE to shorten itself to a
 * few seconds (fewer sockets, runs, seconds), and reports each of its figures with `figure()`: the runner fails a
 * bench that printed none.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` normally, `smoke` under BENCH_SMOKE=1. */
export const smokeOr = <T>(smoke: T, full: T): T => (SMOKE ? smoke : full);

/**
 * Print one figure as `[figure] <name>: <value><unit>` (plus the target when there is one). A value that is not a
 * finite number is no figure: it throws, so the bench fails instead of printing NaN.
 */
export function figure(name: string, value: number, unit = '', target = ''): void {
  if (!Number.isFinite(value)) throw new Error(`bench figure "${name}" is not a number: ${value}`);
  console.log(`[figure] ${name}: ${Number(value.toFixed(3))}${unit}${target ? ` (target ${target})` : ''}`);
}
