/**
 * Leave a login-required page and end the session. The order matters: the host's guard redirects a guest away
 * from a protected route at once (to `/login?from=…`), and the router applies navigations as transitions, so
 * clearing the session first would race the navigation and lose. Instead navigate, and forget the session when
 * this page unmounts — the route has changed by then — with a short fallback in case the navigation never lands.
 */
import { useCallback, useEffect, useRef } from 'react';
import { clearSessionAtom, useAppNavigate, useSetAtom } from '@meridian/shared';
import type { AppHref } from '@meridian/shared';

const FALLBACK_MS = 1000;

export function useLeaveAndSignOut(): (to: AppHref) => void {
  const navigate = useAppNavigate();
  const clearSession = useSetAtom(clearSessionAtom);
  const pending = useRef(false);

  const finish = useCallback(() => {
    if (!pending.current) return;
    pending.current = false;
    clearSession();
  }, [clearSession]);

  useEffect(() => finish, [finish]);

  return useCallback(
    (to: AppHref) => {
      pending.current = true;
      navigate(to, { replace: true });
      setTimeout(finish, FALLBACK_MS);
    },
    [navigate, finish],
  );
}
