/** Business constants of docs/rules.md, shared by client and server. */

/** Envelope code of a successful call. */
export const CODE_OK = 1;
/** Envelope code of a missing, expired or revoked session. */
export const CODE_SESSION_EXPIRED = 999;

/** The 21 interface languages, in the order of docs/rules.md. */
export const LANGUAGES = [
  'hk',
  'en',
  'jp',
  'kr',
  'th',
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'ar',
  'it',
  'tr',
  'id',
  'my',
  'hi',
  'cs',
  'fa',
  'fi',
  'et',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'hk';
/** Languages written right to left. */
export const RTL_LANGUAGES: readonly Language[] = ['ar', 'fa'];

/** Map a stored or requested language code to a supported one (legacy `tw` is `hk`). */
export function normalizeLanguage(code: string | null | undefined): Language {
  if (!code) return DEFAULT_LANGUAGE;
  const lower = code.toLowerCase();
  if (lower === 'tw') return 'hk';
  return (LANGUAGES as readonly string[]).includes(lower) ? (lower as Language) : DEFAULT_LANGUAGE;
}

/** BCP 47 tags for Intl formatting of each interface language. */
export const LANGUAGE_BCP47: Record<Language, string> = {
  hk: 'zh-HK',
  en: 'en',
  jp: 'ja',
  kr: 'ko',
  th: 'th',
  vn: 'vi',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  spa: 'es',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
  id: 'id',
  my: 'ms',
  hi: 'hi',
  cs: 'cs',
  fa: 'fa',
  fi: 'fi',
  et: 'et',
};

/** Chart periods and their length in minutes. */
export const PERIODS = { '1M': 1, '5M': 5, '15M': 15, '30M': 30, '1H': 60, '1D': 1440 } as const;
export type Period = keyof typeof PERIODS;

/** Balances and every money figure a screen shows: the ledger's cents. */
export const BALANCE_DECIMALS = 2;
/** P/L and margin on the wire (the spec's 6 decimals); screens show them booked, at BALANCE_DECIMALS. */
export const PROFIT_DECIMALS = 6;
export const MARGIN_DECIMALS = 6;
/** Below this balance, stop loss and take profit cannot be set (docs/rules.md). */
export const SLTP_BALANCE_THRESHOLD = 50000;
/** Send-code countdown, seconds. */
export const CODE_COUNTDOWN_SECONDS = 60;
/** Realtime heartbeat (docs/states.md, docs/rules.md). */
export const PING_INTERVAL_MS = 5000;
export const MAX_MISSED_PONGS = 2;
export const CONNECT_TIMEOUT_MS = 5000;
export const HOME_SKELETON_ROWS = 10;
export const REFRESH_INDICATOR_MS = 500;
export const NEWS_CATEGORY_ID = 1;
/** The document title of the demo site: api on the same origin, a test marker on announcements. */
export const DEMO_SITE_TITLE = 'DEMO';
