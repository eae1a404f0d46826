/** Loader of the `support` namespace: one chunk per language, fetched only when that language is in use. */
export const loadSupport = (lng: string) => import(`../${lng}/support.json`);
