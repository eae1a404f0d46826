#!/usr/bin/env node
/**
 * The gates, one at a time or all (`npm test`): typecheck, lint (zero warnings), format check, unit and
 * integration (Jest, every package), build, end-to-end (Playwright in Debian's Chromium), the two-node scale run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureRedisServer } from './lib/redis-server.mjs';
import { REMOTES, ROOT } from './lib/paths.mjs';
import { bin, sh } from './lib/sh.mjs';

const TS_PACKAGES = ['shared', 'locales', 'host', ...REMOTES, 'server', 'e2e', 'bench'];

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
    await sh('node', ['tools/scale.mjs', '--test']);
  },
  async bench() {
    const exe = await ensureChromium();
    const dir = path.join(ROOT, 'bench');
    for (const f of fs
      .readdirSync(dir)
      .filter((f) => /\.bench\.(mjs|ts)$/.test(f))
      .sort()) {
      console.log(`[bench] ${f}`);
      await sh(bin('tsx'), [path.join('bench', f)], { env: { CHROMIUM_PATH: exe } });
    }
  },
};

export async function runAll(names) {
  const t0 = Date.now();
  for (const name of names) {
    const started = Date.now();
    await tasks[name]();
    console.log(`[${name}] ok in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(
    `[done] ${names.join(', ')} in ${((Date.now() - t0) / 1000).toFixed(1)} s on ${os.cpus().length} cores`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !(n in tasks));
  if (names.length === 0 || unknown.length) {
    console.error(`usage: run.mjs ${Object.keys(tasks).join('|')} …`);
    process.exit(2);
  }
  runAll(names).catch((e) => {
    console.error(`\n${e.message ?? e}`);
    process.exit(1);
  });
}
