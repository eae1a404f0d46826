/**
 * The back office shell (/ops…): desktop layout with a side menu (a drawer under 960 px), its own session and
 * sign-in, and the pages of the ops route table: the host's own (dashboard, remotes, staff, audit) and the remotes'
 * exposed ops pages, loaded like every remote route. Without an ops session every /ops path shows the sign-in page;
 * a page the person's roles do not open says so.
 */
import { Suspense, useCallback, useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AppLink, jsonNamespace, registerNamespace, toast, useAtomValue } from '@meridian/shared';
import {
  clearOpsSessionAtom,
  hasOpsRole,
  opsChangeCountAtom,
  opsSessionAtom,
  setOpsSessionAtom,
} from '@meridian/shared/ops';
import { appStore } from '@meridian/shared';
import { OPS_PATHS } from '@meridian/shared/pure';
import type { OpsMe } from '@meridian/shared/pure';
import type { RemoteKey } from '../app/routes';
import { fetchMe, signOut as signOutCall } from './api/auth-api';
import { fetchDashboard } from './api/dashboard-api';
import { OpsMenuIcon } from './icons';
import { IdleGuard } from './idle-guard';
import { OpsLanguagePicker } from './language-picker';
import OpsAuditPage from './pages/audit-page';
import OpsDashboardPage from './pages/dashboard-page';
import LoginPage from './pages/login-page';
import OpsRemotesPage from './pages/remotes-page';
import OpsStaffPage from './pages/staff-page';
import { findOpsRoute, OPS_LOGIN_PATH, OPS_ROUTES } from './routes';
import type { OpsRouteDef } from './routes';

registerNamespace('ops', jsonNamespace('ops', '/'));

/**
 * The host's own ops pages, by exposed-module name (the same naming as a remote's). Bundled with this area rather
 * than lazily one by one: every extra chunk costs the trader's first load a few bytes of chunk map.
 */
const HOST_PAGES: Record<string, ComponentType> = {
  './OpsDashboardPage': OpsDashboardPage,
  './OpsRemotesPage': OpsRemotesPage,
  './OpsStaffPage': OpsStaffPage,
  './OpsAuditPage': OpsAuditPage,
};

/** Menu counts are refreshed this often while the back office is open. */
const COUNTS_EVERY_MS = 60_000;

/**
 * What the shell lends the ops area: its remote-route view (Suspense, error boundary, retry) and loading state.
 * Passed in rather than imported, so those modules stay whole in the trader's first-load chunk.
 */
export type OpsAreaProps = {
  RemotePage: ComponentType<{ route: { remote: RemoteKey; module: string } }>;
  PageLoading: ComponentType;
};

export default function OpsArea({ RemotePage, PageLoading }: OpsAreaProps) {
  const { pathname, search } = useLocation();
  const session = useAtomValue(opsSessionAtom);
  const { t } = useTranslation('ops');

  if (!session.signedIn || pathname === OPS_LOGIN_PATH) {
    return <LoginPage from={pathname === OPS_LOGIN_PATH ? null : pathname + search} />;
  }
  const route = findOpsRoute(pathname);
  return (
    <Layout me={session.me}>
      {!route ? (
        <Notice role="alert" data-testid="ops-not-found">
          {t('notFound')} <AppLink to={OPS_PATHS.dashboard}>{t('menu.dashboard')}</AppLink>
        </Notice>
      ) : !hasOpsRole(session.me, route.ops) ? (
        <Notice role="alert" data-testid="ops-forbidden">
          {t('forbidden')}
        </Notice>
      ) : (
        <OpsRouteView key={route.path} route={route} RemotePage={RemotePage} PageLoading={PageLoading} />
      )}
    </Layout>
  );
}

function OpsRouteView({ route, RemotePage, PageLoading }: { route: OpsRouteDef } & OpsAreaProps) {
  if (route.remote === 'host') {
    const Page = HOST_PAGES[route.module];
    if (!Page) return null;
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  }
  // The table's own object: a stable identity, so the page is not re-created on every render.
  return <RemotePage route={route as OpsRouteDef & { remote: RemoteKey }} />;
}

function Layout({ me, children }: { me: OpsMe | null; children: React.ReactNode }) {
  const { t } = useTranslation('ops');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [counts, setCounts] = useState<Record<string, number>>({});

  // Check the session once on entry (a token from yesterday ends here, not on the first click).
  useEffect(() => {
    fetchMe({ silent: true })
      .then((fresh) => {
        const token = appStore.get(opsSessionAtom).token;
        if (token) appStore.set(setOpsSessionAtom, { token, me: fresh });
      })
      .catch(() => undefined);
  }, []);

  // Queue sizes beside the menu entries that work them: reloaded on every navigation and after every change made
  // here (a decision, a freeze), so a count follows each decision at once.
  const changes = useAtomValue(opsChangeCountAtom);
  useEffect(() => {
    let live = true;
    const load = () =>
      // A refresh of the page's own: it does not keep an unattended session alive.
      fetchDashboard(true)
        .then((d) => {
          if (!live) return;
          const next: Record<string, number> = {};
          for (const item of d.items) if (item.path) next[item.path] = (next[item.path] ?? 0) + item.count;
          setCounts(next);
        })
        .catch(() => undefined);
    void load();
    const id = setInterval(load, COUNTS_EVERY_MS);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [pathname, changes]);

  useEffect(() => setOpen(false), [pathname]);

  const signOut = useCallback(async () => {
    try {
      toast(await signOutCall(), 'success');
    } catch {
      // The session may already be over; either way it ends here.
    }
    appStore.set(clearOpsSessionAtom);
    void navigate(OPS_LOGIN_PATH, { replace: true });
  }, [navigate]);

  const items = OPS_ROUTES.filter((r) => hasOpsRole(me, r.ops));
  return (
    <Frame>
      <SkipLink href="#ops-main">{t('skip')}</SkipLink>
      <TopBar>
        <MenuButton
          type="button"
          aria-expanded={open}
          aria-controls="ops-menu"
          onClick={() => setOpen((o) => !o)}
          data-testid="ops-menu-button"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{t('menu.open')}</span>
        </MenuButton>
        <Brand>{t('brand')}</Brand>
      </TopBar>
      <Side id="ops-menu" $open={open} aria-label={t('menu.label')}>
        <Brand className="wide">{t('brand')}</Brand>
        <nav>
          <ul>
            {items.map((r) => {
              const active =
                r.path === OPS_PATHS.dashboard ? pathname === r.path : pathname.startsWith(r.path);
              const count = counts[r.path];
              return (
                <li key={r.path}>
                  <MenuLink
                    to={r.path}
                    aria-current={active ? 'page' : undefined}
                    data-testid={`ops-menu-${r.menu.icon}`}
                  >
                    <OpsMenuIcon name={r.menu.icon} />
                    <span>{t(r.menu.labelKey)}</span>
                    {count ? <Count aria-label={t('menu.waiting', { count })}>{count}</Count> : null}
                  </MenuLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <Who>
          <strong data-testid="ops-me">
            <bdi>{me?.email}</bdi>
          </strong>
          <span>{me?.roles.map((r) => t(`role.${r}`)).join(' · ')}</span>
          <small>{t('idleNote')}</small>
          <Language />
          <SignOut type="button" onClick={() => void signOut()} data-testid="ops-sign-out">
            {t('signOut')}
          </SignOut>
        </Who>
      </Side>
      {open && <Scrim onClick={() => setOpen(false)} aria-hidden="true" />}
      {me && <IdleGuard me={me} onSignOut={() => void signOut()} />}
      <Main id="ops-main" tabIndex={-1}>
        {children}
      </Main>
    </Frame>
  );
}

const WIDE = '@media (min-width: 960px)';

const Frame = styled.div`
  min-height: 100dvh;
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  ${WIDE} {
    display: grid;
    grid-template-columns: 240px minmax(0, 1fr);
  }
`;

const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: -9999px;
  &:focus {
    inset-inline-start: 8px;
    top: 8px;
    z-index: 100;
    padding: 8px 12px;
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const TopBar = styled.header`
  position: sticky;
  top: 0;
  z-index: 30;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  padding-top: calc(${({ theme }) => theme.space(1)} + env(safe-area-inset-top));
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  ${WIDE} {
    display: none;
  }
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.touch}px;
  height: ${({ theme }) => theme.touch}px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  span {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
`;

const Brand = styled.div`
  font-weight: 700;
  letter-spacing: 0.02em;
  color: ${({ theme }) => theme.color.primary};
  &.wide {
    display: none;
    padding: ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(4)}
      ${({ theme }) => theme.space(3)};
    font-size: 17px;
  }
  ${WIDE} {
    &.wide {
      display: block;
    }
  }
`;

const Side = styled.aside<{ $open: boolean }>`
  position: fixed;
  z-index: 40;
  inset-block: 0;
  inset-inline-start: 0;
  width: min(280px, 85vw);
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;
  background: ${({ theme }) => theme.color.surface};
  border-inline-end: 1px solid ${({ theme }) => theme.color.border};
  overflow-y: auto;
  ${WIDE} {
    position: sticky;
    top: 0;
    height: 100dvh;
    width: auto;
    display: flex;
  }
  nav {
    flex: 1;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: ${({ theme }) => theme.space(2)};
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
`;

const MenuLink = styled(AppLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.textMuted};
  text-decoration: none;
  font-size: 15px;
  &:hover {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surfaceRaised};
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.color.primary};
  }
  /* The mark sits at the start of the line, which is the right edge in Arabic and Persian. */
  [dir='rtl'] &[aria-current='page'] {
    box-shadow: inset -3px 0 0 ${({ theme }) => theme.color.primary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: -2px;
  }
  span {
    flex: 1;
  }
`;

const Count = styled.b`
  min-width: 24px;
  padding: 0 6px;
  border-radius: 999px;
  background: ${({ theme }) => theme.color.warning};
  color: ${({ theme }) => theme.color.onPrimary};
  font-size: 12px;
  line-height: 20px;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
  strong {
    color: ${({ theme }) => theme.color.text};
    overflow-wrap: anywhere;
  }
  small {
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

const Language = styled(OpsLanguagePicker)`
  margin-top: ${({ theme }) => theme.space(3)};
`;

const SignOut = styled.button`
  margin-top: ${({ theme }) => theme.space(3)};
  min-height: 40px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font-weight: 600;
  cursor: pointer;
`;

const Scrim = styled.div`
  position: fixed;
  inset: 0;
  z-index: 35;
  background: rgb(0 0 0 / 50%);
  ${WIDE} {
    display: none;
  }
`;

const Main = styled.main`
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  outline: none;
  ${WIDE} {
    padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(8)};
  }
`;

const Notice = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(6)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  a {
    color: ${({ theme }) => theme.color.primary};
  }
`;
