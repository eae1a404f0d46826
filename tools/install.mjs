#!/usr/bin/env node
// Installs the workspace with pnpm 10 through npx (only Node 20 and npm are needed on the machine).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';
import { sh } from './lib/sh.mjs';

export async function install() {
  const frozen = fs.existsSync(path.join(ROOT, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  console.log('[install] npx pnpm@10 install');
  await sh('npx', ['-y', 'pnpm@10', 'install', ...frozen, '--reporter=append-only'], {
    env: { npm_config_update_notifier: 'false' },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  install().catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
