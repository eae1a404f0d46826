/**
 * What the server writes into `index.html` for the first paint (`<script id="meridian-boot" type="application/json">`),
 * so the shell needs no round trip before it can show the first price: the site settings, how to find the API,
 * the remote registry, the trade list when the page shows it, and the company check. Every field is optional to
 * the client: an index served from elsewhere has none, and the app then asks for each as before.
 */
import type { Language } from '../constants';
import type { BasicInfo, CompanyStatus } from '../contract/content';

/**
 * Where the server's part of `index.html` begins: before it, the shell's head as built (the same for every page of a
 * host version); from it, this request's hints and boot data. The service worker streams a cached head at once and
 * the network's part after it (host/src/sw/compose.ts).
 */
export const BOOT_MARK = '<!--meridian-boot-->';

/** `GET /api/basicSet/getBasicInfo` data. */
export type BootSite = BasicInfo;

export type BootData = {
  site?: BootSite;
  /** A production deployment: the API is on the `api` sibling of the page's host (docs/rules.md). */
  production?: boolean;
  /**
   * The remote registry's current versions (`/remotes.json`), each with its contract range, and the canary when one
   * runs (the host picks it for this device: host/src/app/registry.ts).
   */
  remotes?: Record<
    string,
    { current: string; contract?: string; canary?: { version: string; percent: number; contract?: string } }
  >;
  /** `GET /v1/api/forex/trade_list` data, on the pages that show it. */
  tradeList?: unknown[];
  /** `getCompanyStatus` of the company in the `company_id` cookie. */
  company?: Pick<CompanyStatus, 'id' | 'status' | 'loss_url'>;
  /** The languages whose translations the inline preloader may fetch. */
  languages?: readonly Language[];
  /** The markets remote's translations for the first page, `{lng}` standing for the language. */
  localeHints?: string[];
};

/** The element id of the boot data in index.html; the page's inline script puts it parsed on `window.meridianBoot`. */
export const BOOT_ELEMENT_ID = 'meridian-boot';
