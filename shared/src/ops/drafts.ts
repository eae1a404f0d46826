/**
 * Unsaved work of an ops page kept on the device until it is saved: typing makes no call, so an idle sign-out (or
 * a closed tab) would lose it. Keyed by the ops account, so another person signing in on the same device does not
 * get it; kept across sign-outs, restored when the page opens the same item again.
 */
import { readStorage, writeStorage } from '@meridian/shared';
import { readOpsSession } from './session';

const PREFIX = 'meridian.ops.draft.';

export type OpsDraft<T> = { savedAt: number; data: T };

const keyOf = (key: string): string | null => {
  const me = readOpsSession().me;
  return me ? `${PREFIX}${me.id}.${key}` : null;
};

/** The unsaved draft of `key` (e.g. `news.12`) of the signed-in person, or null. */
export function readOpsDraft<T>(key: string): OpsDraft<T> | null {
  const k = keyOf(key);
  if (!k) return null;
  try {
    const v = JSON.parse(readStorage(k) ?? 'null') as OpsDraft<T> | null;
    return v && typeof v === 'object' && typeof v.savedAt === 'number' ? v : null;
  } catch {
    return null;
  }
}

export function writeOpsDraft<T>(key: string, data: T, at: number = Date.now()): void {
  const k = keyOf(key);
  if (k) writeStorage(k, JSON.stringify({ savedAt: at, data } satisfies OpsDraft<T>));
}

export function clearOpsDraft(key: string): void {
  const k = keyOf(key);
  if (k) writeStorage(k, null);
}

/** The keys (without the account part) of the person's drafts starting with `prefix`, newest first. */
export function listOpsDrafts(prefix: string): string[] {
  const me = readOpsSession().me;
  if (!me) return [];
  const own = `${PREFIX}${me.id}.`;
  const found: { key: string; at: number }[] = [];
  try {
    const store = globalThis.localStorage;
    for (let i = 0; i < (store?.length ?? 0); i++) {
      const k = store.key(i);
      if (!k?.startsWith(own + prefix)) continue;
      const key = k.slice(own.length);
      found.push({ key, at: readOpsDraft(key)?.savedAt ?? 0 });
    }
  } catch {
    return [];
  }
  return found.sort((a, b) => b.at - a.at).map((f) => f.key);
}
