/**
 * Fetch a lazy UI piece's code ahead of its first use, so a tap only renders it (see ./lazy: the component still
 * loads itself on first render; this only warms the same chunk). For screens that know what their first tap opens,
 * called when they are idle.
 */

/** The modal dialog's code (order confirmations, `confirm()`). */
export function preloadDialog(): void {
  void import('./dialog').catch(() => undefined);
}
