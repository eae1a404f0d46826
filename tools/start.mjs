#!/usr/bin/env node
// `npm start`: install, build everything, then serve host, remotes and API at http://localhost:${PORT:-8080}.
import { buildAll } from './build.mjs';
import { install } from './install.mjs';
import { serve } from './serve.mjs';

try {
  await install();
  await buildAll();
  await serve();
} catch (e) {
  console.error(e.message ?? e);
  process.exit(1);
}
