/** Company search and status (docs/calls.md): GET /api/company/search, GET /api/company/getCompanyStatus. */
import { api } from '@meridian/shared';
import type { Company, CompanyStatus } from '@meridian/shared/pure';

export type { Company, CompanyStatus };

export async function searchCompanies(name: string): Promise<Company[]> {
  const res = await api.get('/api/company/search', { name, page: 1, limit: 20 }, { silent: true });
  return res?.data ?? [];
}

export function fetchCompanyStatus(companyId: number): Promise<CompanyStatus> {
  return api.get('/api/company/getCompanyStatus', { company_id: companyId });
}

/** The `company_id` cookie lasts 3 years (docs/calls.md). */
export const COMPANY_COOKIE_MAX_AGE_S = 3 * 365 * 24 * 60 * 60;

export function setCompanyCookie(companyId: number): void {
  document.cookie = `company_id=${companyId}; max-age=${COMPANY_COOKIE_MAX_AGE_S}; path=/; SameSite=Lax`;
}
