/** Loader of the `markets` namespace: one chunk per language, fetched only when that language is in use. */
export const loadMarkets = (lng: string) => import(`../${lng}/markets.json`);
