/** Run `fn` once the main thread is idle (after first paint where requestIdleCallback is missing); returns a cancel. */
export function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 500);
  return () => clearTimeout(id);
}
