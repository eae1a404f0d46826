/**
 * Tells every open tab when the remote registry changes (a release, rollback, canary, promote or abort, from the
 * CLI, /ops/remotes or the release guard, each of which rewrites remotes.json): the file is polled, and each change
 * of a remote's current version or canary (version or share) is published once on the REMOTES topic — by the node
 * holding the lease only, so two nodes reading the same file publish it once. A tab then loads the version it now
 * runs (the canary's or the current one, host/src/app/registry.ts) at its next navigation into that remote, never
 * in the middle of a page. A change made on this node is published at once (`check()`), not at the next poll.
 */
import fs from 'node:fs';
import type { RegistryCanaryChange, RegistryChange } from '@meridian/shared/pure';
import { TOPICS } from '@meridian/shared/pure';
import type { EventBus } from '../../realtime/bus';
import type { Lease } from '../../realtime/lease';

/** Each remote's current version in a registry file's text; null when it cannot be read as one. */
export function currentVersions(text: string): Record<string, string> | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const remotes = (body as { remotes?: unknown } | null)?.remotes;
  if (!remotes || typeof remotes !== 'object') return null;
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(remotes as Record<string, unknown>)) {
    const current = (entry as { current?: unknown } | null)?.current;
    if (typeof current === 'string' && current) out[name] = current;
  }
  return out;
}

/** Each remote's running canary in a registry file's text; null when it cannot be read as a registry. */
export function canaryShares(text: string): Record<string, RegistryCanaryChange> | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const remotes = (body as { remotes?: unknown } | null)?.remotes;
  if (!remotes || typeof remotes !== 'object') return null;
  const out: Record<string, RegistryCanaryChange> = {};
  for (const [name, entry] of Object.entries(remotes as Record<string, unknown>)) {
    const c = (entry as { canary?: { version?: unknown; percent?: unknown } } | null)?.canary;
    if (c && typeof c.version === 'string' && c.version && typeof c.percent === 'number')
      out[name] = { version: c.version, percent: c.percent };
  }
  return out;
}

const same = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

const flat = (c: Record<string, RegistryCanaryChange>): Record<string, string> =>
  Object.fromEntries(Object.entries(c).map(([k, v]) => [k, `${v.version}@${v.percent}`]));

export type RegistryWatch = { check: () => Promise<boolean>; stop: () => void };

/**
 * Watch `file`; `check()` reads it now (tests call it; the poll calls it every `intervalMs`) and says whether a
 * change was published.
 */
export function watchRegistry(opts: {
  file: string;
  bus: EventBus;
  lease: Pick<Lease, 'isLeader'>;
  intervalMs?: number;
}): RegistryWatch {
  let last: RegistryChange | null = null;
  let reading: Promise<boolean> | null = null;
  const read = async (): Promise<boolean> => {
    let text: string;
    try {
      text = await fs.promises.readFile(opts.file, 'utf8');
    } catch {
      return false;
    }
    const remotes = currentVersions(text);
    const canaries = canaryShares(text);
    // A file caught half-written, or one that does not parse, is read again at the next poll.
    if (!remotes || !canaries) return false;
    const change: RegistryChange = { remotes, canaries };
    const before = last;
    last = change;
    if (before === null || !opts.lease.isLeader()) return false;
    if (same(before.remotes, remotes) && same(flat(before.canaries ?? {}), flat(canaries))) return false;
    opts.bus.publish({ topic: TOPICS.remotes, data: [change] });
    return true;
  };
  const check = () => (reading ??= read().finally(() => (reading = null)));
  void check();
  const timer = setInterval(() => void check(), opts.intervalMs ?? 1000);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
