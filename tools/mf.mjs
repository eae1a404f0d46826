#!/usr/bin/env node
/**
 * Release and rollback of one remote, for the team that owns it and for ops.
 *
 *   npm run mf -- status                      every remote: current version, versions online, last change
 *   npm run mf -- release <remote>            build and publish a new version of that remote only
 *   npm run mf -- publish <remote>            build and publish it without making it current: an admin makes it
 *                                             current on /ops/remotes (or `release <remote> <version>` here)
 *   npm run mf -- release <remote> <version>  make a published version current (no build)
 *   npm run mf -- rollback <remote> [version] point that remote back to a version current before the current one
 *                                             (default: the latest such; config/registry.cjs rollbackTargets)
 *
 * Neither touches the host or any other remote; a fresh page load picks up the change (remotes.json is no-cache).
 */
import { DIST, REMOTES } from './lib/paths.mjs';
import { userInfo } from 'node:os';
import { assertRemote, readRegistry, rollback, setCurrent } from './lib/registry.mjs';
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
      if (!remote) throw new Error('usage: mf release <remote> [version]');
      assertRemote(remote);
      if (version) {
        // A published version made current (what "Release" does on /ops/remotes); a rollback never moves forward.
        const res = setCurrent(remote, version, { action: 'release', by: `cli:${userInfo().username}` });
        console.log(res.changed ? `${remote} now at ${res.version}` : `${remote} already at ${res.version}`);
        return;
      }
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
        'usage: mf status | mf release <remote> [version] | mf publish <remote> | mf rollback <remote> [version]',
      );
  }
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});
