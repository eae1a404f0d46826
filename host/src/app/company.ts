/**
 * The start-up company check (docs/calls.md): with a `company_id` cookie, the company's status decides before anything is
 * shown; status 0 sends the browser to the company's `loss_url`. The answer comes with index.html when the server
 * wrote it, else from getCompanyStatus. A failed check lets the app start (a visitor is never stuck on a blank page).
 */
import { api } from '@meridian/shared';
import type { BootData } from '@meridian/shared';
import type { CompanyStatus } from '@meridian/shared/pure';

export function cookieCompanyId(cookie: string): number | null {
  const m = /(?:^|;\s*)company_id=(\d{1,15})(?:;|$)/.exec(cookie);
  return m?.[1] ? Number(m[1]) : null;
}

/** Only a web address leaves the app (never `javascript:` or a data URL). */
export function lossTarget(
  status: Pick<CompanyStatus, 'status' | 'loss_url'> | null | undefined,
): string | null {
  if (!status || Number(status.status) !== 0 || !status.loss_url) return null;
  try {
    const url = new URL(status.loss_url, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Resolves true when the app may start; false when the browser is on its way to the loss page. */
export async function companyGate(
  boot: BootData | null,
  leave: (url: string) => void = (url) => window.location.replace(url),
): Promise<boolean> {
  const id = cookieCompanyId(document.cookie);
  if (id === null) return true;
  const status =
    boot?.company?.id === id
      ? boot.company
      : await api
          .get('/api/company/getCompanyStatus', { company_id: id }, { silent: true, initial: true })
          .catch(() => null);
  const target = lossTarget(status);
  if (!target) return true;
  leave(target);
  return false;
}
