/**
 * The remote registry of this deployment (`STATIC_DIR`, default dist/): the implementation is
 * config/registry.cjs, shared with the server's /ops/remotes page so both edit remotes.json under one lock.
 */
import { createRequire } from 'node:module';
import { DIST } from './paths.mjs';

const require = createRequire(import.meta.url);
const { createRegistry, hashDir, assertRemote, parseCanaryPercent } = require('../../config/registry.cjs');

const registry = createRegistry(DIST);

export const REGISTRY_FILE = registry.file;
export const { readRegistry, writeRegistry, publish, rollback, setCurrent, startCanary, promote, abort } =
  registry;
export { hashDir, assertRemote, parseCanaryPercent };
