#!/usr/bin/env node
// `npm run ops -- <command>`: the server's ops CLI (e.g. `create-admin <email>`), on the configured storage.
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';
import { bin, sh } from './lib/sh.mjs';

sh(bin('tsx'), ['src/cli/ops.ts', ...process.argv.slice(2)], { cwd: path.join(ROOT, 'server') }).catch(
  (e) => {
    console.error(e.message);
    process.exit(1);
  },
);
