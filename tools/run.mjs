#!/usr/bin/env node
/**
 * The gates, one at a time or all (`npm test`): typecheck, lint (zero warnings), format check, unit and
 * integration (Jest, every package), build, the benches' smoke run (`bench --smoke`), end-to-end (Playwright in
 * Debian's Chromium), the two-node scale run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureRedisServer } from './lib/redis-server.mjs';
import { REMOTES, ROOT } from './lib/paths.mjs';
import { spawn } from 'node:child_process';
import { bin, sh } from './lib/sh.mjs';

const TS_PACKAGES = ['shared', 'locales', 'host', 'host/src/sw', ...REMOTES, 'server', 'e2e', 'bench'];

export const tasks = {
  async typecheck() {
    for (const pkg of TS_PACKAGES) {
      if (!fs.existsSync(path.join(ROOT, pkg, 'tsconfig.json'))) continue;
      console.log(`[typecheck] ${pkg}`);
      await sh(bin('tsc'), ['-p', path.join(pkg, 'tsconfig.json'), '--noEmit']);
    }
  },
  async lint() {
    console.log('[lint] eslint --max-warnings 0');
    await sh(bin('eslint'), ['.', '--max-warnings', '0']);
    await sh('node', ['tools/check-boundaries.mjs']);
  },
  async format() {
    console.log('[format] prettier --check');
    await sh(bin('prettier'), ['--check', '.', '--log-level', 'warn']);
  },
  async unit() {
    await ensureRedisServer();
    console.log('[unit] jest (every package)');
    await sh(bin('jest'), ['--ci', ...(process.env.JEST_WORKERS ? [`-w=${process.env.JEST_WORKERS}`] : [])]);
    console.log('[unit] node --test tools/test (release tooling)');
    await sh('node', ['--test', 'tools/test/']);
  },
  async build() {
    await buildAll();
  },
  async e2e() {
    const exe = await ensureChromium();
    console.log(`[e2e] playwright (${exe})`);
    await sh(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { env: { CHROMIUM_PATH: exe } });
  },
  /** Two API nodes, Redis and the proxy, and the Playwright scale spec against them (about a minute). */
  async scale() {
    await ensureRedisServer();
    console.log('[scale] npm run scale -- --test');
    await sh('node', ['--import', 'tsx', 'tools/scale.mjs', '--test']);
  },
  /**
   * Every bench in bench/ (`*.bench.ts|mjs`). `--smoke` (part of `npm test`): each with BENCH_SMOKE=1, so it shortens
   * itself to a few seconds, under a hard timeout (BENCH_SMOKE_TIMEOUT_MS, default 180 s, for the browser benches
   * on a loaded machine). Either way a bench fails loudly when it exits non-zero, runs over its time, or prints no
   * `[figure]` line (bench/support.ts `figure()`): the README's bench convention.
   */
  async bench(opts = {}) {
    const smoke = opts.smoke === true;
    const exe = await ensureChromium();
    const dir = path.join(ROOT, 'bench');
    const timeoutMs = smoke
      ? Number(process.env.BENCH_SMOKE_TIMEOUT_MS ?? 180_000)
      : Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60_000);
    const failures = [];
    for (const f of fs
      .readdirSync(dir)
      .filter((f) => /\.bench\.(mjs|ts)$/.test(f))
      .sort()) {
      console.log(`[bench${smoke ? ' --smoke' : ''}] ${f}`);
      const started = Date.now();
      const r = await runBench(path.join('bench', f), {
        env: { CHROMIUM_PATH: exe, ...(smoke ? { BENCH_SMOKE: '1' } : {}) },
        timeoutMs,
      });
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      const problem = r.timedOut
        ? `no result within ${timeoutMs / 1000} s (killed)`
        : r.code !== 0
          ? `exit ${r.signal ?? r.code}`
          : r.figures === 0
            ? 'printed no [figure] line'
            : null;
      if (problem) {
        console.error(`\n!!! [bench] ${f} FAILED after ${secs} s: ${problem}\n`);
        failures.push(`${f}: ${problem}`);
      } else console.log(`[bench] ${f} ok in ${secs} s (${r.figures} figures)`);
    }
    if (failures.length)
      throw new Error(`bench${smoke ? ' --smoke' : ''} failed:\n  ${failures.join('\n  ')}`);
  },
};

/** Run one bench with tsx in its own process group, echoing its output, counting its figures, killing it at the timeout. */
export function runBench(file, { env, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(bin('tsx'), [file], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let figures = 0;
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const text = tail + chunk.toString();
      const lines = text.split('\n');
      tail = lines.pop() ?? '';
      figures += lines.filter((l) => l.startsWith('[figure] ')).length;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL'); // the bench and whatever it started (servers, browsers)
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (tail.startsWith('[figure] ')) figures += 1;
      resolve({ code, signal, timedOut, figures });
    });
  });
}

export async function runAll(names, opts = {}) {
  const t0 = Date.now();
  for (const name of names) {
    const started = Date.now();
    // `bench:smoke` (npm test) is the bench task with --smoke.
    if (name === 'bench:smoke') await tasks.bench({ smoke: true });
    else await tasks[name](opts);
    console.log(`[${name}] ok in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(
    `[done] ${names.join(', ')} in ${((Date.now() - t0) / 1000).toFixed(1)} s on ${os.cpus().length} cores`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  const opts = { smoke: args.includes('--smoke') };
  const unknown = names.filter((n) => !(n in tasks) && n !== 'bench:smoke');
  if (names.length === 0 || unknown.length) {
    console.error(`usage: run.mjs ${Object.keys(tasks).join('|')} … [--smoke (bench)]`);
    process.exit(2);
  }
  runAll(names, opts).catch((e) => {
    console.error(`\n${e.message ?? e}`);
    process.exit(1);
  });
}
