/**
 * Where to go after logging in: the `from` query when it is a page of the app (the path table), `/` otherwise, so
 * `from=//evil.example` or `from=https://…` cannot send a fresh session off-site, and `/login` never loops.
 */
import type { AppHref } from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';

const PAGES: ReadonlySet<string> = new Set(Object.values(PATHS));

export function safeFrom(from: string | null): AppHref {
  const path = from?.split(/[?#]/, 1)[0] ?? '';
  if (!from || !PAGES.has(path) || path === PATHS.login) return PATHS.home;
  return from as AppHref;
}
