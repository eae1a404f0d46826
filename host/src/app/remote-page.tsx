/**
 * One remote route: the exposed page loaded through federation inside Suspense and the kit's `LazyBoundary` (the one
 * error boundary of every lazily loaded part, here with the page-sized message and a registry refresh). A remote
 * that is down, slow (timeout) or throws shows a translated message with a retry; the shell and every other route
 * stay usable because the boundary is per route. Offline, the message says so and the page loads by itself when
 * the connection is back (`online`). A failed load is never kept: the next visit, retry or `online` loads afresh.
 */
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { ComponentType } from 'react';
import type { RetryingLazy } from '@meridian/shared';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LazyBoundary, lazyWithRetry, loadNamespacesSince, namespaceMark, useOnline } from '@meridian/shared';
import { enteredVersion, loadExposed, refreshRegistry, resetRemote } from './registry';
import type { RemoteKey, RouteDef } from './routes';
import { remoteShown } from './telemetry';

/** A remote that has not answered in this time is treated as down (the user gets a retry). */
const LOAD_TIMEOUT_MS = 15000;

type PageModule = { default: ComponentType };

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

const lazyCache = new Map<string, RetryingLazy<object>>();

/** What a remote page needs of its route: which remote, which exposed module (trader and ops routes alike). */
type RemoteRoute = Pick<RouteDef, 'remote' | 'module'>;

/** One page per remote version, kept; with an unknown version (stale registry) a new one for each attempt. */
function lazyPage(route: RemoteRoute, version: string, attempt: number): RetryingLazy<object> {
  const key = version
    ? `${route.remote}${route.module}@${version}`
    : `${route.remote}${route.module}#${attempt}`;
  let page = lazyCache.get(key);
  if (!page) {
    // lazyWithRetry, not React.lazy: a failed load (offline) is loaded afresh on the next attempt, never kept.
    page = lazyWithRetry(
      async () => {
        // A stale registry (version '') is read again first: a release since the last visit loads here. Offline,
        // the version known is used (a remote already loaded still opens).
        if (!version) await refreshRegistry().catch((e: unknown) => console.warn('[remote] registry', e));
        // The page's strings with its code: the namespaces its modules register as they are evaluated are loaded
        // before it first renders, so it shows at once instead of suspending a second time on them.
        const mark = namespaceMark();
        const mod = await withTimeout(
          loadExposed<PageModule>(route.remote, route.module).then(async (m) => {
            await loadNamespacesSince(mark);
            return m;
          }),
          LOAD_TIMEOUT_MS,
          route.remote,
        );
        if (typeof mod.default !== 'function' && typeof mod.default !== 'object') {
          throw new Error(`${route.remote}${route.module.slice(1)} has no default export`);
        }
        return { default: mod.default };
      },
      { retries: 1 },
    );
    // Cached by version; a stale check is never cached, so the next stale visit checks again.
    if (version) lazyCache.set(key, page);
  }
  return page;
}

/**
 * Start loading the page the tab opens on, code and strings, while the shell's own start-up runs: the first render
 * then holds the page itself, not a placeholder replaced by it (bootstrap.tsx). Resolves when it is loaded; never
 * rejects (a failure is shown, and retried, by the route as usual).
 */
export function preloadPage(route: RemoteRoute): Promise<void> {
  const version = enteredVersion(route.remote);
  if (!version) return Promise.resolve();
  return lazyPage(route, version, 0)
    .preload()
    .catch(() => undefined);
}

export function RemotePage({ route }: { route: RemoteRoute }) {
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);
  // The version current when this route was entered: a release or rollback since the last visit is picked up here.
  const [version] = useState(() => enteredVersion(route.remote));
  // `attempt` too: a page whose version was unknown (stale registry) is not cached, so a retry makes a new one.
  const Page = useMemo(() => lazyPage(route, version, attempt), [route, attempt, version]);

  const onRetry = useCallback(() => {
    setRetrying(true);
    resetRemote(route.remote)
      .catch((e: unknown) => console.warn('[remote] registry', e))
      .finally(() => {
        setRetrying(false);
        setAttempt((a) => a + 1);
      });
  }, [route.remote]);

  return (
    <LazyBoundary
      key={attempt}
      label="remote"
      remote={route.remote}
      onRetry={onRetry}
      fallback={(retry) => <RemoteFailed onRetry={retry} busy={retrying} remote={route.remote} />}
    >
      <Suspense fallback={<PageLoading />}>
        <Page />
        <Shown remote={route.remote} />
      </Suspense>
    </LazyBoundary>
  );
}

/**
 * Release health's page load: its effect runs once the page is on screen (after its code loaded, with it), and
 * again each time keep-alive shows it.
 */
function Shown({ remote }: { remote: RemoteKey }) {
  useEffect(() => remoteShown(remote), [remote]);
  return null;
}

function RemoteFailed({ onRetry, busy, remote }: { onRetry: () => void; busy: boolean; remote: string }) {
  const { t } = useTranslation('shell');
  const online = useOnline();
  return (
    <Failed role="alert" data-testid="remote-failed" data-remote={remote} data-offline={!online}>
      <FailedIcon aria-hidden="true">!</FailedIcon>
      <h2>{online ? t('remote.failedTitle') : t('remote.offlineTitle')}</h2>
      <p>{online ? t('remote.failedBody') : t('remote.offlineBody')}</p>
      <RetryButton type="button" onClick={onRetry} disabled={busy}>
        {t('remote.retry')}
      </RetryButton>
    </Failed>
  );
}

/** Holds the page's space while a remote loads, so nothing jumps when it arrives. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <Loading aria-busy="true" aria-label={t('loading')} data-testid="remote-loading">
      {Array.from({ length: 6 }, (_, i) => (
        <Bar key={i} />
      ))}
    </Loading>
  );
}

const Failed = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(12)} ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.color.text};
  h2 {
    font-size: 17px;
    margin: 0;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
    line-height: 1.5;
  }
`;

const FailedIcon = styled.div`
  width: 48px;
  height: 48px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  font-weight: 700;
  font-size: 22px;
  color: ${({ theme }) => theme.color.warning};
  border: 2px solid ${({ theme }) => theme.color.warning};
`;

const RetryButton = styled.button`
  min-height: ${({ theme }) => theme.touch}px;
  min-width: 160px;
  padding: 0 ${({ theme }) => theme.space(6)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-weight: 600;
  font-size: 15px;
  &:disabled {
    opacity: 0.6;
  }
`;

const Loading = styled.div`
  padding: ${({ theme }) => theme.space(4)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const Bar = styled.div`
  height: 56px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;
