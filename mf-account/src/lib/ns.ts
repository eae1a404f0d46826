/** This remote's i18next namespace. Registered (with its loader) by `app/i18n.ts` when a page is evaluated. */
export const NS = 'account';
