/** This remote's i18next namespace (kept apart from app/i18n.ts, which registers it, so features stay below app). */
export const NS = 'orders';
