/** Loader of the `funds` namespace: one chunk per language, fetched only when that language is in use. */
export const loadFunds = (lng: string) => import(`../${lng}/funds.json`);
