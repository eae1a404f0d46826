/**
 * The route guard as a pure function (docs/routes.md): unknown paths go to `/`, a guest on a login-required route goes
 * to `/login?from=<path>`, a demo user on a real-only route is blocked with the spec's message.
 */
import { findRoute } from './routes';
import type { RouteDef } from './routes';

export type GuardResult =
  | { kind: 'render'; route: RouteDef }
  | { kind: 'redirect'; to: string }
  | { kind: 'demo-blocked'; route: RouteDef };

export function guard(
  pathname: string,
  search: string,
  session: { isLoggedIn: boolean; isDemo: boolean },
): GuardResult {
  const route = findRoute(pathname);
  if (!route) return { kind: 'redirect', to: '/' };
  if (route.requiresLogin && !session.isLoggedIn) {
    const from = `${route.path}${search}`;
    return { kind: 'redirect', to: `/login?from=${encodeURIComponent(from)}` };
  }
  if (route.demoBlocked && session.isDemo) return { kind: 'demo-blocked', route };
  return { kind: 'render', route };
}

/**
 * Query parameters from the search and from the hash (docs/routes.md: `/#/register?invite_code=X`, or `#x=1`).
 * The search wins over the hash for the same name.
 */
export function mergedQuery(search: string, hash: string): URLSearchParams {
  const out = new URLSearchParams();
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = h.indexOf('?');
  const hashQuery = q >= 0 ? h.slice(q + 1) : h.includes('=') ? h : '';
  new URLSearchParams(hashQuery).forEach((v, k) => out.set(k, v));
  new URLSearchParams(search).forEach((v, k) => out.set(k, v));
  return out;
}

/**
 * A hash-based address (`/#/register?invite_code=X`, the spec's invite link) mapped to the route it names,
 * or undefined when the hash is not a route.
 */
export function hashRoute(hash: string): string | undefined {
  if (!hash.startsWith('#/')) return undefined;
  const target = hash.slice(1);
  const q = target.indexOf('?');
  const path = q >= 0 ? target.slice(0, q) : target;
  return findRoute(path) ? target : undefined;
}
