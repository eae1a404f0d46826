/** Loader of the `account` namespace: one chunk per language, fetched only when that language is in use. */
export const loadAccount = (lng: string) => import(`../${lng}/account.json`);
