#!/usr/bin/env node
// `npm test`: install, then every gate (typecheck, lint, format, unit + integration, build, the benches' smoke run,
// end-to-end, scale run).
import { install } from './install.mjs';
import { runAll } from './run.mjs';

try {
  await install();
  await runAll(['typecheck', 'lint', 'format', 'unit', 'build', 'bench:smoke', 'e2e', 'scale']);
} catch (e) {
  console.error(`\n${e.message ?? e}`);
  process.exit(1);
}
