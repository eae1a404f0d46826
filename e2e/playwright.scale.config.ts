/**
 * The scale run (`npm run scale -- --test`): tools/scale.mjs starts two API nodes, Redis and the proxy, then runs
 * this project against them (SCALE_URL). API and WebSocket level only: no browser is launched.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './scale',
  timeout: 180_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results/scale',
});
