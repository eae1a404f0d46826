/** This remote's i18n namespace (kept apart from app/i18n, which registers it: features and components import this). */
export const NS = 'support';
