/**
 * The device checks of docs/rules.md: whether the user agent is a phone or tablet, whether it is Android (the only
 * platform where the app sets its title from the site settings), and the desktop site's address derived from the
 * page's origin (`m.example.com` -> `www.example.com`; a local or IP host keeps its origin).
 */
import type { PageLocation } from './api-host';

const MOBILE = /Android|iPhone|iPad|iPod|Mobile|Windows Phone|IEMobile|Opera Mini|BlackBerry|webOS/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE.test(userAgent);
}

export function isAndroidUserAgent(userAgent: string): boolean {
  return /Android/i.test(userAgent);
}

const LOCAL = /^(localhost|.*\.localhost|\d{1,3}(\.\d{1,3}){3}|\[.*\])$/i;

/** The desktop site's origin: the first label of a subdomain becomes `www`, a bare domain gets `www.` in front. */
export function desktopSiteOrigin(loc: PageLocation): string {
  const host = loc.hostname.replace(/\.$/, '').toLowerCase();
  const protocol = loc.protocol.endsWith(':') ? loc.protocol : `${loc.protocol}:`;
  const port = loc.port ? `:${loc.port}` : '';
  if (!host || LOCAL.test(host) || !host.includes('.')) return `${protocol}//${loc.hostname}${port}`;
  const labels = host.split('.');
  const www = labels.length >= 3 ? ['www', ...labels.slice(1)].join('.') : `www.${host}`;
  return `${protocol}//${www}${port}`;
}
