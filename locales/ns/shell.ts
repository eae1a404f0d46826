/** Loader of the `shell` namespace: one chunk per language, fetched only when that language is in use. */
export const loadShell = (lng: string) => import(`../${lng}/shell.json`);
