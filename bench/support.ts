/** What the browser benches share: a free port and the bare React page (the floor); the server runs through server/scripts/child-server. */
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

/** A free port (the server's own child-process harness, the one every script uses). */
export { freePort } from '../server/scripts/child-server';

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
