/**
 * Gives remotes the shared navigation API (`useAppNavigate`, `useAppLocation`, `useQueryParam`) backed by the
 * host's one router instance. Every navigation scrolls to top and makes sure the socket is open (spec §2).
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
      // Back within the app only: on the first page of this visit (opened directly, from a link or a bookmark)
      // there is nothing of ours behind it, and history.back() would leave the app, often for a blank tab.
      back: () => {
        const idx = (window.history.state as { idx?: unknown } | null)?.idx;
        if (typeof idx === 'number' && idx > 0) void navigate(-1);
        else void navigate('/', { replace: true });
      },
    }),
    [location.pathname, location.search, location.hash, navigate],
  );

  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
