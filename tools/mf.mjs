#!/usr/bin/env node
/**
 * Release and rollback of one remote, for the team that owns it and for ops.
 *
 *   npm run mf -- status                      every remote: current version, versions online, last change
 *   npm run mf -- release <remote>            build and publish a new version of that remote only
 *   npm run mf -- publish <remote>            build and publish it without making it current: an admin makes it
 *                                             current on /ops/remotes (or `rollback <remote> <version>` here)
 *   npm run mf -- rollback <remote> [version] point that remote back (default: the version before the current)
 *
 * Neither touches the host or any other remote; a fresh page load picks up the change (remotes.json is no-cache).
 */
import { DIST, REMOTES } from './lib/paths.mjs';
import { assertRemote, readRegistry, rollback } from './lib/registry.mjs';
import { buildAll } from './build.mjs';

const [cmd, remote, version] = process.argv.slice(2);

function status() {
  const reg = readRegistry();
  console.log(`registry: ${DIST}/remotes.json`);
  for (const name of REMOTES) {
    const e = reg.remotes[name];
    if (!e) {
      console.log(`${name.padEnd(12)} (never released)`);
      continue;
    }
    const last = e.history.at(-1);
    console.log(
      `${name.padEnd(12)} current ${e.current}  (${e.versions.length} online; last ${last?.action ?? '-'} ${last?.at ?? ''})`,
    );
  }
}

async function main() {
  switch (cmd) {
    case 'status':
      status();
      return;
    case 'release':
      if (!remote) throw new Error('usage: mf release <remote>');
      assertRemote(remote);
      await buildAll([remote]);
      status();
      return;
    case 'publish':
      if (!remote) throw new Error('usage: mf publish <remote>');
      assertRemote(remote);
      await buildAll([remote], { makeCurrent: false });
      status();
      return;
    case 'rollback': {
      if (!remote) throw new Error('usage: mf rollback <remote> [version]');
      const res = rollback(remote, version);
      console.log(res.changed ? `${remote} now at ${res.version}` : `${remote} already at ${res.version}`);
      return;
    }
    default:
      throw new Error(
        'usage: mf status | mf release <remote> | mf publish <remote> | mf rollback <remote> [version]',
      );
  }
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});
