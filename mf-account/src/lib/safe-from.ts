/**
 * Where to go after logging in: the `from` query when it is a page of the app (the path table), `/` otherwise, so
 * `from=//evil.example` or `from=https://…` cannot send a fresh session off-site, and `/login` never loops.
 */
import { asAppHref, PATHS } from '@meridian/shared/pure';
import type { AppHref } from '@meridian/shared/pure';

export function safeFrom(from: string | null): AppHref {
  const href = asAppHref(from);
  if (!href || href === PATHS.login || href.startsWith(`${PATHS.login}?`)) return PATHS.home;
  return href;
}
