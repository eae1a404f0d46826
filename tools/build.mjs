#!/usr/bin/env node
/**
 * Builds the host and every remote (or the packages named on the command line) and publishes each remote into
 * its versioned folder, with a progress line per step. Unchanged remotes keep their version.
 *
 *   node tools/build.mjs                 host + all remotes
 *   node tools/build.mjs mf-orders host  only those
 */
import fs from 'node:fs';
import path from 'node:path';
import { DIST, REMOTES } from './lib/paths.mjs';
import { publish } from './lib/registry.mjs';
import { webpackBuild } from './lib/webpack-build.mjs';

/**
 * `makeCurrent: false` publishes each remote's new version without making it current (release-ready). Resolves to
 * the version published for each remote built ({ 'mf-orders': '<version>' }).
 */
export async function buildAll(only = [], { makeCurrent = true } = {}) {
  const targets = (only.length ? only : ['host', ...REMOTES]).filter(
    (t) => t === 'host' || REMOTES.includes(t),
  );
  if (targets.length === 0) throw new Error(`Nothing to build. Packages: host, ${REMOTES.join(', ')}`);
  const t0 = Date.now();
  const published = {};
  for (const [i, pkg] of targets.entries()) {
    const started = Date.now();
    process.stdout.write(`[build ${i + 1}/${targets.length}] ${pkg} … `);
    if (pkg === 'host') {
      await webpackBuild('host', path.join(DIST, 'host'));
      process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    } else {
      const staging = path.join(DIST, 'build', pkg);
      fs.rmSync(staging, { recursive: true, force: true });
      await webpackBuild(pkg, staging);
      const { version, reused } = publish(pkg, staging, { makeCurrent });
      published[pkg] = version;
      process.stdout.write(
        `${reused ? 'unchanged' : 'published'} ${version} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
    }
  }
  console.log(`[build] ${targets.length} package(s) in ${((Date.now() - t0) / 1000).toFixed(1)} s → ${DIST}`);
  return published;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll(process.argv.slice(2)).catch((e) => {
    console.error(`\n${e.message ?? e}`);
    process.exit(1);
  });
}
