// Where things live. STATIC_DIR moves the whole deployment (host, remotes, registry) elsewhere, e.g. for tests.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.resolve(process.env.STATIC_DIR ?? path.join(ROOT, 'dist'));
export const { REMOTES } = createRequire(import.meta.url)('../../config/registry.cjs');
