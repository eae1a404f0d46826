/**
 * Which browser origins may call the API cross-origin and open the WebSocket: the same host, a sibling under the same
 * registrable domain by the public suffix list (www.meridian.co.uk -> api.meridian.co.uk, never evil.co.uk; private
 * suffixes count, so attacker.herokuapp.com is not a sibling of app.herokuapp.com), or an origin named in
 * ALLOWED_ORIGINS. A request without an Origin header (not a browser) is not cross-origin and is let through.
 */
import { getDomain } from 'tldts';

const PSL = { allowPrivateDomains: true } as const;

/** `scheme://host[:port]` of an origin as the browser writes it, lower case; null when it is not one. */
export function normaliseOrigin(origin: string): string | null {
  try {
    const u = new URL(origin);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin.toLowerCase();
  } catch {
    return null;
  }
}

export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowList: readonly string[] = [],
): boolean {
  if (origin === undefined) return true;
  const norm = normaliseOrigin(origin);
  if (!norm) return false;
  if (allowList.includes(norm)) return true;
  if (!host) return false;
  const hostname = new URL(norm).hostname;
  let reqHost: string;
  try {
    reqHost = new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (hostname === reqHost) return true;
  const site = getDomain(reqHost, PSL);
  return site !== null && getDomain(hostname, PSL) === site;
}
