/**
 * Site settings from `GET /api/basicSet/getBasicInfo` (docs/calls.md "Base settings"), loaded once by the host at
 * start-up and read by any remote: the title, the customer-service link and its kind, the registration check and
 * the fee formula (trade_fee_type 1 = lots x rate, else margin x rate).
 */
import { atom } from 'jotai';

export type SiteSettings = {
  site_title: string;
  service_link: string;
  /** 2 copyable text, 3 external link, anything else the in-app chat. */
  service_link_type: number;
  /** 2: captcha instead of the e-mail code at registration. */
  verify_reg_type: number;
  trade_fee_type: number;
};

const siteSettingsBaseAtom = atom<SiteSettings | null>(null);
/** The site settings, or null until loaded. */
export const siteSettingsAtom = atom((get) => get(siteSettingsBaseAtom));
export const setSiteSettingsAtom = atom(null, (_get, set, next: SiteSettings) => {
  set(siteSettingsBaseAtom, next);
});
