/**
 * Where the API lives, derived from the page's own address (docs/calls.md, docs/rules.md). The app and the API are deployed as
 * sibling hosts in production (m.example.com -> api.example.com), but on one origin in development, on the demo site
 * and in the embedded server, so one pure rule decides and both the HTTP client and the socket follow it.
 */
import { DEMO_SITE_TITLE } from '../constants';

/** The parts of `window.location` the rule reads (a `Location` or a `URL` both fit). */
export type PageLocation = {
  protocol: string;
  hostname: string;
  port: string;
  origin: string;
};

/** Overrides for {@link resolveApiOrigin}. */
export type ApiHostConfig = {
  /** API origin outside production (docs/rules.md: "otherwise a fixed test host"); the page's origin when unset. */
  testHost?: string;
  /** Force the API onto the page's origin. */
  sameOrigin?: boolean;
  /**
   * Whether this is a production deployment, as the server says in index.html. Unknown (no boot data): a page on a
   * recognisable domain is taken as production.
   */
  production?: boolean;
};

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;

function isLocalOrIp(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (IPV4.test(host)) return true;
  // IPv6 literals: `URL.hostname` keeps the brackets, a hand-made location may not.
  return host.startsWith('[') || host.includes(':');
}

function sameOriginOf(loc: PageLocation): string {
  // `origin` is the string "null" for opaque origins (file:, sandboxed frames); rebuild it then.
  if (loc.origin && loc.origin !== 'null') return loc.origin;
  return `${normalizeProtocol(loc.protocol)}//${loc.hostname}${loc.port ? `:${loc.port}` : ''}`;
}

function normalizeProtocol(protocol: string): string {
  return protocol.endsWith(':') ? protocol : `${protocol}:`;
}

/**
 * The origin (scheme, host, port; no trailing slash) every API call and the socket go to (docs/rules.md).
 *
 * - `config.sameOrigin`, or the demo-site title (the site settings' `site_title`): the page's origin.
 * - Not production (`config.production === false`): `config.testHost`, else the page's origin.
 * - `localhost`, `*.localhost` or an IP address: the page's origin (the embedded server serves app and API on one port).
 * - Production: the first label of the host becomes `api` (`m.example.com` -> `api.example.com`); a two-label
 *   domain gets `api.` in front (`example.com` -> `api.example.com`).
 * - Anything else (a bare host name such as a container name): `config.testHost` if given, else the page's origin.
 *
 * Protocol and port of the page are kept in the derived cases.
 */
export function resolveApiOrigin(loc: PageLocation, siteTitle: string, config: ApiHostConfig = {}): string {
  if (config.sameOrigin || siteTitle === DEMO_SITE_TITLE) return sameOriginOf(loc);
  if (config.production === false) return config.testHost?.replace(/\/+$/, '') ?? sameOriginOf(loc);
  const hostname = loc.hostname.replace(/\.$/, '');
  if (!hostname || isLocalOrIp(hostname)) return sameOriginOf(loc);

  const labels = hostname.split('.');
  if (labels.length >= 2 && labels.every((label) => label.length > 0)) {
    const apiHost = labels.length >= 3 ? ['api', ...labels.slice(1)].join('.') : `api.${hostname}`;
    return `${normalizeProtocol(loc.protocol)}//${apiHost}${loc.port ? `:${loc.port}` : ''}`;
  }
  if (config.testHost) return config.testHost.replace(/\/+$/, '');
  return sameOriginOf(loc);
}

/** The realtime endpoint on an API origin: `ws://host/v1/ws`, or `wss://` when the API is served over https. */
export function resolveSocketUrl(apiOrigin: string): string {
  const url = new URL(apiOrigin);
  const scheme = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:';
  return `${scheme}//${url.host}/v1/ws`;
}
