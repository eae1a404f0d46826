#!/usr/bin/env node
// Starts the server on the built product (no build). PORT, DATABASE_URL, REDIS_URL… are passed through.
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';
import { bin, sh } from './lib/sh.mjs';

export async function serve() {
  const port = process.env.PORT ?? '8080';
  console.log(`[start] Meridian on http://localhost:${port}`);
  await sh(bin('tsx'), ['src/main.ts'], { cwd: path.join(ROOT, 'server') });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  serve().catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
