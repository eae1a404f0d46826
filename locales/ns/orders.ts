/** Loader of the `orders` namespace: one chunk per language, fetched only when that language is in use. */
export const loadOrders = (lng: string) => import(`../${lng}/orders.json`);
