/**
 * The shell: the phone column, the route outlet and the tab bar. `/` and `/trade` stay mounted while hidden
 * (React's Activity), every other route mounts when visited. Entering `/` or `/trade` asks the markets remote to
 * refresh its trade list (docs/routes.md).
 */
import { Activity, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  appStore,
  LazyBoundary,
  lazyWithRetry,
  refreshTradeListAtom,
  sessionAtom,
  useAtomValue,
} from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import { guard, hashRoute } from './guard';
import { PageLoading, RemotePage } from './remote-page';
import { ROUTES } from './routes';
import type { RouteDef } from './routes';
import { TabBar } from './tab-bar';
import { OfflineBanner } from './offline-banner';

/** The back office: its own layout, routes and session, loaded only when an /ops address is visited. */
const OpsArea = lazyWithRetry(() => import('../ops/ops-area'));
const isOps = (path: string) => path === '/ops' || path.startsWith('/ops/');
/** Only a demo user on a real-only page sees it, so its code is not in the first load. */
const DemoBlocked = lazyWithRetry(() => import('./demo-blocked'));

const KEEP_ALIVE = ROUTES.filter((r) => r.keepAlive);

export function Shell() {
  const location = useLocation();
  if (isOps(location.pathname)) {
    return (
      <LazyBoundary>
        <Suspense fallback={<PageLoading />}>
          <OpsArea RemotePage={RemotePage} PageLoading={PageLoading} />
        </Suspense>
      </LazyBoundary>
    );
  }
  return <TraderShell />;
}

function TraderShell() {
  const location = useLocation();
  const session = useAtomValue(sessionAtom);

  // A hash-based address (the spec's invite link `/#/register?invite_code=X`) lands on the route it names.
  const fromHash = location.pathname === '/' ? hashRoute(location.hash) : undefined;
  const decision = guard(location.pathname, location.search, session);
  const route = decision.kind === 'redirect' || fromHash ? undefined : decision.route;

  // Keep-alive routes are mounted from their first visit on.
  const visited = useRef(new Set<string>());
  if (route?.keepAlive) visited.current.add(route.path);

  // A layout effect: the entry is known before the page's own effects run in the same commit (a page loaded ahead of
  // the tab's first render then asks for the entry's version of the list, which the one in index.html answers).
  useLayoutEffect(() => {
    if (route?.path === PATHS.home || route?.path === PATHS.trade) appStore.set(refreshTradeListAtom);
  }, [route?.path]);

  // A redirect still renders the column, so keep-alive routes stay mounted through it.
  const redirect = fromHash ?? (decision.kind === 'redirect' ? decision.to : undefined);
  const current = route;
  return (
    <Column>
      <OfflineBanner />
      <Main $footer={current?.footer ?? false}>
        {KEEP_ALIVE.filter((r) => visited.current.has(r.path)).map((r) => (
          <Activity key={r.path} mode={r.path === current?.path ? 'visible' : 'hidden'}>
            <RouteView route={r} demoBlocked={false} />
          </Activity>
        ))}
        {current && !current.keepAlive && (
          <RouteView key={current.path} route={current} demoBlocked={decision.kind === 'demo-blocked'} />
        )}
      </Main>
      {current?.footer && <TabBar />}
      {redirect && <Redirect to={redirect} />}
    </Column>
  );
}

function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

function RouteView({ route, demoBlocked }: { route: RouteDef; demoBlocked: boolean }) {
  if (demoBlocked) {
    return (
      <LazyBoundary>
        <Suspense fallback={<PageLoading />}>
          <DemoBlocked path={route.path} />
        </Suspense>
      </LazyBoundary>
    );
  }
  return <RemotePage route={route} />;
}

const Column = styled.div`
  position: relative;
  max-width: ${({ theme }) => theme.columnWidth}px;
  min-height: 100dvh;
  margin: 0 auto;
  background: ${({ theme }) => theme.color.bg};
  padding-top: env(safe-area-inset-top);
  padding-inline: env(safe-area-inset-left) env(safe-area-inset-right);
`;

const Main = styled.main<{ $footer: boolean }>`
  padding-bottom: ${({ $footer }) => ($footer ? 'calc(64px + env(safe-area-inset-bottom))' : '0')};
`;
