/**
 * Site settings from `GET /api/basicSet/getBasicInfo` (docs/calls.md "Base settings"), loaded once by the host at
 * start-up and read by any remote: the title, the customer-service link and its kind, the registration check and
 * the fee formula (trade_fee_type 1 = lots x rate, else margin x rate).
 */
import { atom } from 'jotai';
import type { BasicInfo } from '../contract/content';

/** The answer of getBasicInfo, as the contract has it. */
export type SiteSettings = BasicInfo;

const siteSettingsBaseAtom = atom<SiteSettings | null>(null);
/** The site settings, or null until loaded. */
export const siteSettingsAtom = atom((get) => get(siteSettingsBaseAtom));
export const setSiteSettingsAtom = atom(null, (_get, set, next: SiteSettings) => {
  set(siteSettingsBaseAtom, next);
});
