/** Loader of the `common` namespace: one chunk per language, fetched only when that language is in use. */
export const loadCommon = (lng: string) => import(`../${lng}/common.json`);
