/** This remote's i18n namespace (kept apart from app/i18n so features and tests need not register it). */
export const NS = 'markets';
