#!/usr/bin/env node
/**
 * Release and rollback of one remote, for the team that owns it and for ops.
 *
 *   npm run mf -- status                      every remote: current version, canary, versions online, last change
 *   npm run mf -- release <remote>            build and publish a new version of that remote only
 *   npm run mf -- publish <remote>            build and publish it without making it current: an admin makes it
 *                                             current on /ops/remotes (or `release <remote> <version>` here)
 *   npm run mf -- release <remote> <version>  make a published version current (no build)
 *   npm run mf -- release <remote> [version] --canary <percent>
 *                                             send that version (without one: a new build of the remote) to
 *                                             <percent> % of devices (1–99, sticky per device); the rest stay on
 *                                             the current version. Again with another percent: change the share
 *   npm run mf -- promote <remote>            the canary's version becomes current for every device
 *   npm run mf -- abort <remote>              end the canary: every device back on the current version
 *   npm run mf -- rollback <remote> [version] point that remote back to a version current before the current one
 *                                             (default: the latest such; config/registry.cjs rollbackTargets)
 *
 * None touches the host or any other remote; open tabs take the change at their next navigation into that remote
 * (the server publishes it on the socket), a fresh page load at once (remotes.json is no-cache). Each change is
 * recorded in the registry's history with `cli:<system user>` as who did it (the page's changes with the ops
 * person's e-mail, and in the audit log).
 */
import { userInfo } from 'node:os';
import { DIST, REMOTES } from './lib/paths.mjs';
import {
  abort,
  assertRemote,
  parseCanaryPercent,
  promote,
  readRegistry,
  setCurrent,
  startCanary,
} from './lib/registry.mjs';
import { buildAll } from './build.mjs';

const USAGE =
  'usage: mf status | mf release <remote> [version] [--canary <percent>] | mf publish <remote> | mf promote <remote> | mf abort <remote> | mf rollback <remote> [version]';

/** Positional arguments and `--canary <percent>` (or `--canary=<percent>`); any other flag is refused. */
function parseArgs(argv) {
  const positional = [];
  let canary;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--canary') {
      if (i + 1 >= argv.length)
        throw new Error('--canary needs the share of devices: --canary <percent> (1–99)');
      canary = argv[++i];
    } else if (a.startsWith('--canary=')) canary = a.slice('--canary='.length);
    else if (a.startsWith('--')) throw new Error(`Unknown option ${a}. ${USAGE}`);
    else positional.push(a);
  }
  return { positional, canary };
}

const by = () => `cli:${userInfo().username}`;

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
    if (e.canary)
      console.log(
        `${''.padEnd(12)} canary  ${e.canary.version} on ${e.canary.percent} % of devices since ${e.canary.since}${e.canary.by ? ` (${e.canary.by})` : ''}`,
      );
  }
}

function canaryStarted(remote, res) {
  const current = readRegistry().remotes[remote]?.current;
  if (!res.changed) console.log(`${remote}: canary ${res.version} already on ${res.percent} % of devices`);
  else if (res.before)
    console.log(
      `${remote}: canary ${res.version} now on ${res.percent} % of devices (was ${res.before.percent} %); the rest run ${current}`,
    );
  else
    console.log(`${remote}: canary ${res.version} on ${res.percent} % of devices; the rest run ${current}`);
}

async function main() {
  const { positional, canary } = parseArgs(process.argv.slice(2));
  const [cmd, remote, version] = positional;
  if (canary !== undefined && cmd !== 'release') throw new Error(`--canary goes with release. ${USAGE}`);
  switch (cmd) {
    case 'status':
      status();
      return;
    case 'release': {
      if (!remote) throw new Error('usage: mf release <remote> [version] [--canary <percent>]');
      assertRemote(remote);
      if (canary !== undefined) {
        // Refused before a build, not after minutes of it.
        const percent = parseCanaryPercent(canary);
        const entry = readRegistry().remotes[remote];
        if (!entry?.current) throw new Error(`${remote} has never been released`);
        const target = version ?? (await buildAll([remote], { makeCurrent: false }))[remote];
        canaryStarted(remote, startCanary(remote, target, percent, { by: by() }));
        return;
      }
      if (version) {
        // A published version made current (what "Release" does on /ops/remotes); a rollback never moves forward.
        const res = setCurrent(remote, version, { action: 'release', by: by() });
        console.log(res.changed ? `${remote} now at ${res.version}` : `${remote} already at ${res.version}`);
        return;
      }
      const running = readRegistry().remotes[remote]?.canary;
      if (running)
        throw new Error(
          `${remote} has a canary running (${running.version} on ${running.percent} % of devices): promote or abort it first`,
        );
      await buildAll([remote]);
      status();
      return;
    }
    case 'publish':
      if (!remote) throw new Error('usage: mf publish <remote>');
      assertRemote(remote);
      await buildAll([remote], { makeCurrent: false });
      status();
      return;
    case 'promote': {
      if (!remote) throw new Error('usage: mf promote <remote>');
      const res = promote(remote, { by: by() });
      console.log(`${remote} now at ${res.version} for every device (canary promoted; was ${res.from})`);
      return;
    }
    case 'abort': {
      if (!remote) throw new Error('usage: mf abort <remote>');
      const res = abort(remote, { by: by() });
      console.log(`${remote}: canary ${res.canary.version} aborted; every device back on ${res.version}`);
      return;
    }
    case 'rollback': {
      if (!remote) throw new Error('usage: mf rollback <remote> [version]');
      const res = setCurrent(remote, version, { action: 'rollback', by: by() });
      console.log(res.changed ? `${remote} now at ${res.version}` : `${remote} already at ${res.version}`);
      return;
    }
    default:
      throw new Error(USAGE);
  }
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});
