/**
 * Loading code (a chunk, a remote's module, a lazily loaded part of the kit) so that a failure is never kept.
 *
 * Why not plain `React.lazy(() => import(...))`: React keeps the promise a lazy component was given, so once the
 * import rejected (offline, a dropped connection) that component throws the same error on every render until the
 * page reloads, even though webpack 5 itself forgets a failed chunk (its JSONP loader resets `installedChunks`) and
 * would fetch it again. {@link lazyWithRetry} makes a fresh `import()` for every attempt after a failure: when an
 * error boundary retries ({@link retryFailedLoads}), when the connection comes back (`online`), or when the part
 * mounts again. {@link retryImport} is the same for code loaded outside React.
 */
import { createElement, lazy } from 'react';
import type { ComponentProps, ComponentType, LazyExoticComponent } from 'react';

/** False only when the browser knows it has no connection (`navigator.onLine`); unknown counts as online. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Resolves at the next `online` event (at once when the browser says it is online). */
export function whenOnline(): Promise<void> {
  if (!isOffline() || typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * Failed loads are kept until the next "attempt": a bump of this number. Keeping them that long (and not one
 * moment longer) matters: a lazy part that made a fresh request each time React rendered it after a failure would
 * suspend, fail and re-render for ever while offline.
 */
let attempt = 0;
let listening = false;

/** Start a new attempt: every part whose load failed before this call loads afresh the next time it renders. */
export function retryFailedLoads(): void {
  attempt += 1;
}

/** The connection coming back is a new attempt for every failed part (registered on first use, once per page). */
function listenForOnline(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', retryFailedLoads);
}

export type RetryImportOptions = {
  /** Extra tries while the browser says it is online (a flaky connection); none while offline. Default 2. */
  retries?: number;
  /** Milliseconds before the first extra try, doubled for each next one. Default 400. */
  delayMs?: number;
  /**
   * While offline, wait for the connection instead of failing (for loads with no place to show an error, such as a
   * translation file). Default false: the caller shows that the part needs a connection, and retries on `online`.
   */
  waitForOnline?: boolean;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Run `load` (e.g. `() => import('./x')`) and try again on failure: `retries` more times with a growing delay while
 * online; while offline it fails at once (or waits for `online` with `waitForOnline`). Each try calls `load` anew,
 * so nothing failed is reused; nothing is cached here either, so the next call after a failure starts afresh.
 */
export async function retryImport<T>(load: () => Promise<T>, options: RetryImportOptions = {}): Promise<T> {
  const { retries = 2, delayMs = 400, waitForOnline = false } = options;
  for (let tries = 0; ; tries += 1) {
    try {
      return await load();
    } catch (error) {
      if (isOffline()) {
        if (!waitForOnline) throw error;
        await whenOnline();
      } else if (tries >= retries) {
        throw error;
      } else {
        await sleep(delayMs * 2 ** tries);
      }
    }
  }
}

/** A lazily loaded component whose failed load is retried; `preload()` fetches its code ahead of its first render. */
export type RetryingLazy<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * `React.lazy` that does not keep a failure: render it inside Suspense and an error boundary (the kit's
 * `LazyBoundary`); after a failed load, the next attempt (the boundary's retry, the `online` event, or the part
 * mounting again) makes a fresh `load()` call.
 */
// The same constraint as React.lazy's own: any component type, its props read back with ComponentProps.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithRetry<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
  options?: RetryImportOptions,
): RetryingLazy<ComponentProps<C>> {
  type P = ComponentProps<C>;
  let loaded: C | undefined;
  let inflight: Promise<{ default: C }> | undefined;
  let view: LazyExoticComponent<C> | undefined;
  /** The attempt in which the current `view` failed, or -1 while it has not failed. */
  let failedIn = -1;

  const start = () => {
    listenForOnline();
    inflight ??= retryImport(load, options).then(
      (mod) => {
        loaded = mod.default;
        return mod;
      },
      (error: unknown) => {
        inflight = undefined;
        failedIn = attempt;
        throw error;
      },
    );
    return inflight;
  };

  function Retrying(props: P) {
    // A view that failed in an earlier attempt is dropped: the next one makes a fresh load.
    if (failedIn !== -1 && failedIn !== attempt) {
      failedIn = -1;
      view = undefined;
    }
    // Loaded before it ever rendered (preload): the component itself. Otherwise always the same lazy view, so the
    // element type never changes once mounted (a change would remount the part and lose its state).
    if (!view && loaded) return createElement(loaded, props);
    view ??= lazy(start);
    return createElement(view, props);
  }
  Retrying.preload = () => start().then(() => undefined);
  return Retrying;
}
