/**
 * Release health, the host's side (docs/ops.md#release-health): per remote and version, page loads, errors the
 * remote's boundary caught, unhandled errors and rejections whose stack runs through the remote's files, code that
 * could not be loaded, and LCP, INP and CLS, each given to the remote whose route was showing. Batched per remote
 * version and sent with `navigator.sendBeacon` (a keepalive `fetch` where it refuses) every 15 s while something
 * waits, and when the tab is hidden or left.
 *
 * This file is in the first load, so it only counts page loads, keeps what it catches and sends. Reading an error
 * (which remote, what may leave the device) and the web vitals are in a chunk of their own (./telemetry-late.ts),
 * loaded at the first error, or after the first price once the trader first taps or types or 15 s have passed, or
 * when the tab is hidden: never in the way of the first price.
 *
 * Nothing personal is sent: no user, no token, no address or query; a random id of the tab and the device's random
 * id (`deviceId()`). Nothing here throws into the page it reports on.
 */
import { getInstance } from '@module-federation/enhanced/runtime';
import { appStore, deviceId, lastQuoteAtAtom, randomId, setCaughtErrorSink } from '@meridian/shared';
import { SESSION_ID_PATTERN, TELEMETRY_LIMITS } from '@meridian/shared/pure';
import type { RemoteHealthBeacon, RemoteHealthItem } from '@meridian/shared/pure';
import { federationName } from './routes';
import type { RemoteKey } from './routes';

export const TELEMETRY_PATH = '/api/telemetry/remotes';
/** A beacon at most this often while something waits; and when the tab is hidden or left. */
export const FLUSH_EVERY_MS = 15_000;
/**
 * Remote versions per beacon: an item holds at most 5 error samples (message ≤ 200 characters, frame ≤ 300) and 12
 * vitals, under 5.5 KB even in 3-byte characters, so two stay well under the server's 16 KB.
 */
const ITEMS_PER_BEACON = 2;
/** Errors kept until the chunk that reads them has loaded. */
const RAW_MAX = 50;
const SESSION_KEY = 'meridian.telemetry.session';

export type Where = { remote: RemoteKey; version: string };
export type Counter = 'loads' | 'render_errors' | 'unhandled_errors' | 'chunk_failures';
/** An error as caught: by the kit's boundary (with the route's remote, if it wraps a page) or by the window. */
export type RawError = { error: unknown; remote?: string | undefined; unhandled: boolean };

export type ReporterDeps = {
  session: string;
  device: string;
  /** Send one body (a beacon). */
  send: (body: string) => void;
  /** `performance.now()`: the clock of performance entries (the vitals' times). */
  now: () => number;
};

/** The batching half of the reporter, without the browser's wiring (tests drive it directly). */
export function createReporter(deps: ReporterDeps) {
  const items = new Map<string, RemoteHealthItem>();
  /** Which remote version showed from when (performance time); `null`: none (a host page). The first: landing. */
  const timeline: { at: number; where: Where | null }[] = [];

  const flush = (): void => {
    const list = [...items.values()];
    items.clear();
    for (let i = 0; i < list.length; i += ITEMS_PER_BEACON) {
      const beacon: RemoteHealthBeacon = {
        session: deps.session,
        device: deps.device,
        items: list.slice(i, i + ITEMS_PER_BEACON),
      };
      deps.send(JSON.stringify(beacon));
    }
  };

  /** The waiting item of a remote version (what waits goes first when there is no room for another). */
  const item = ({ remote, version }: Where): RemoteHealthItem => {
    const key = `${remote}@${version}`;
    let it = items.get(key);
    if (!it) {
      if (items.size >= TELEMETRY_LIMITS.items) flush();
      it = {
        remote,
        version,
        loads: 0,
        render_errors: 0,
        unhandled_errors: 0,
        chunk_failures: 0,
        vitals: [],
        errors: [],
      };
      items.set(key, it);
    }
    return it;
  };

  const count = (where: Where, counter: Counter): RemoteHealthItem => {
    const it = item(where);
    it[counter] = Math.min(TELEMETRY_LIMITS.count, it[counter] + 1);
    return it;
  };

  return {
    item,
    count,
    flush,
    timeline,
    /** A page of `where` is on screen (mounted, or shown again by keep-alive): one load. Returns its end. */
    shown(where: Where): () => void {
      if (timeline.length > 200) timeline.splice(1, 100);
      timeline.push({ at: deps.now(), where });
      count(where, 'loads');
      return () => {
        if (timeline[timeline.length - 1]?.where === where) timeline.push({ at: deps.now(), where: null });
      };
    },
  };
}

export type Reporter = ReturnType<typeof createReporter>;

/**
 * The version of `remote` the federation runtime has registered now, read from its entry URL
 * (`/remotes/<remote>/<version>/remoteEntry.js`, ./registry.ts), or null. Not through `remoteOfUrl` of
 * @meridian/shared/pure: that module goes with the late chunk, not the first load.
 */
export function registeredVersion(remote: RemoteKey): string | null {
  const name = federationName(remote);
  const entry = getInstance()?.options.remotes.find((r) => r.name === name);
  const m = entry && 'entry' in entry ? /\/remotes\/[^/]+\/([^/?#]+)\//.exec(entry.entry) : null;
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

let reporter: Reporter | null = null;

/** A page of `remote` is on screen; returns what to call when it leaves. A no-op before start. */
export function remoteShown(remote: RemoteKey): () => void {
  const version = registeredVersion(remote);
  return (version && reporter?.shown({ remote, version })) || (() => undefined);
}

/** The tab's random id, kept for the tab's life (its reloads too) in session storage. */
function tabSession(): string {
  let id = randomId();
  try {
    const known = sessionStorage.getItem(SESSION_KEY);
    if (known && SESSION_ID_PATTERN.test(known)) id = known;
    else sessionStorage.setItem(SESSION_KEY, id);
  } catch {
    // no session storage: an id for this page
  }
  return id;
}

/**
 * Start reporting (once, at start-up): page loads from now on, every error caught from now on, the beacons; the
 * chunk that reads errors and watches the vitals when it is first needed.
 */
export function startTelemetry(apiOrigin: () => string): void {
  if (reporter) return;
  const r = createReporter({
    session: tabSession(),
    device: deviceId(),
    // A string goes as text/plain: a simple request, no preflight, so a beacon also reaches an API host of its own.
    send: (body) => {
      const url = `${apiOrigin().replace(/\/+$/, '')}${TELEMETRY_PATH}`;
      try {
        if (!navigator.sendBeacon(url, body)) throw new Error('beacon refused');
      } catch {
        fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => undefined);
      }
    },
    now: () => performance.now(),
  });
  reporter = r;

  let raw: RawError[] | null = [];
  let take: ((e: RawError) => void) | null = null;
  const late = () => {
    if (!raw || take) return;
    const waiting = raw;
    raw = null;
    import(/* webpackChunkName: "telemetry" */ './telemetry-late').then(
      (m) => {
        take = m.startLate(r, registeredVersion);
        waiting.forEach(take);
      },
      () => {
        raw = waiting; // tried again at the next occasion
      },
    );
  };
  const caught = (e: RawError) => {
    if (take) take(e);
    else if (raw && raw.length < RAW_MAX) raw.push(e);
    late();
  };
  setCaughtErrorSink(({ error, remote }) => caught({ error, remote, unhandled: false }));
  addEventListener('error', (e) =>
    caught({
      error: e.error ?? { message: e.message, stack: `(${e.filename}:${e.lineno}:${e.colno})` },
      unhandled: true,
    }),
  );
  addEventListener('unhandledrejection', (e) => caught({ error: e.reason, unhandled: true }));

  // On the document, not the window's capture where web-vitals listens: its last values are in this beacon.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    r.flush();
    late();
  });
  addEventListener('pagehide', r.flush);
  setInterval(r.flush, FLUSH_EVERY_MS);

  // After the first price (or 5 s after a load without one): at the first tap or key, or 15 s later.
  let waiting = true;
  const afterPrice = () => {
    if (!waiting) return;
    waiting = false;
    stop();
    addEventListener('pointerdown', late, { once: true, passive: true });
    addEventListener('keydown', late, { once: true, passive: true });
    setTimeout(late, FLUSH_EVERY_MS);
  };
  const stop = appStore.sub(lastQuoteAtAtom, afterPrice);
  if (appStore.get(lastQuoteAtAtom) > 0) afterPrice();
  else addEventListener('load', () => setTimeout(afterPrice, 5000), { once: true });
}
