/**
 * Navigation for remotes without sharing the router: the host owns react-router and provides this small API
 * through context, so remotes stay free of router code (shared modules are not tree-shaken, and react-router-dom
 * shared whole would cost every first visit ~60 KB). The host's implementation keeps one router instance.
 */
import { createContext, useCallback, useContext, useMemo } from 'react';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import type { AppHref } from './paths';

export type NavigateOptions = { replace?: boolean };

export type AppNavigation = {
  /** Current path without query, e.g. `/trade`. */
  pathname: string;
  /** Query parameters, merged from the search and the hash part (docs/routes.md). */
  query: URLSearchParams;
  /** Only the paths of the table (`PATHS`, `hrefs`): a mistyped path does not compile. */
  navigate: (to: AppHref, options?: NavigateOptions) => void;
  back: () => void;
};

const fallback: AppNavigation = {
  pathname: '/',
  query: new URLSearchParams(),
  navigate: () => undefined,
  back: () => undefined,
};

const NavigationContext = createContext<AppNavigation>(fallback);

export function NavigationProvider({ value, children }: { value: AppNavigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/** The navigate function: `navigate(PATHS.trade)`, `navigate(PATHS.home, { replace: true })`. */
export function useAppNavigate(): AppNavigation['navigate'] {
  return useContext(NavigationContext).navigate;
}

export function useAppBack(): () => void {
  return useContext(NavigationContext).back;
}

export function useAppLocation(): { pathname: string; query: URLSearchParams } {
  const { pathname, query } = useContext(NavigationContext);
  return useMemo(() => ({ pathname, query }), [pathname, query]);
}

/** One query parameter (from the search or the hash). */
export function useQueryParam(name: string): string | null {
  return useContext(NavigationContext).query.get(name);
}

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: AppHref;
  replace?: boolean;
};

/** A real link (middle-click and long-press work) that navigates inside the app on a plain click. */
export function AppLink({ to, replace, onClick, children, ...rest }: AppLinkProps) {
  const navigate = useAppNavigate();
  const handle = useCallback(
    (e: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(e);
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(to, replace ? { replace } : undefined);
    },
    [navigate, onClick, replace, to],
  );
  return (
    <a href={to} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
