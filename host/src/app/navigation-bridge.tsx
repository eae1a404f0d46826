/**
 * Gives remotes the shared navigation API (`useAppNavigate`, `useAppLocation`, `useQueryParam`) backed by the
 * host's one router instance. Every navigation scrolls to top and makes sure the socket is open (docs/routes.md).
 */
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ensureRealtimeOpen, NavigationProvider } from '@meridian/shared';
import type { AppNavigation } from '@meridian/shared';
import { mergedQuery } from './guard';

type Navigate = (to: string, options?: { replace?: boolean }) => void;
let outside: Navigate = (to, options) => {
  window.location[options?.replace ? 'replace' : 'assign'](to);
};

/** Navigate from outside React (the API client's session-expired handler). */
export function navigateOutside(to: string, options?: { replace?: boolean }): void {
  outside(to, options);
}

/**
 * Whether the entry before this one is a page of the app: an earlier entry of this router, or (where the browser
 * has the Navigation API, which lists only this origin's entries) an earlier page of this origin.
 */
function hasAppPageBehind(): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof idx === 'number' && idx > 0) return true;
  const nav = (window as { navigation?: { currentEntry?: { index: number } | null } }).navigation;
  return (nav?.currentEntry?.index ?? 0) > 0;
}

export function NavigationBridge({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    outside = (to, options) => {
      void navigate(to, options?.replace ? { replace: true } : undefined);
    };
  }, [navigate]);

  useEffect(() => {
    window.scrollTo(0, 0);
    ensureRealtimeOpen();
  }, [location.pathname, location.search]);

  const value = useMemo<AppNavigation>(
    () => ({
      pathname: location.pathname,
      query: mergedQuery(location.search, location.hash),
      navigate: (to, options) => {
        void navigate(to, options?.replace ? { replace: true } : undefined);
      },
      // Back within the app only. With nothing of ours behind this page (opened directly in a new tab, from a link
      // or a bookmark), history.back() would leave the app, often for a blank tab: go to / instead.
      back: () => {
        if (hasAppPageBehind()) void navigate(-1);
        else void navigate('/', { replace: true });
      },
    }),
    [location.pathname, location.search, location.hash, navigate],
  );

  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
