/**
 * The boot data the server wrote into index.html (see `protocol/boot.ts`), as the page's inline script parsed it;
 * null when there is none (an index served from elsewhere, or a script that did not run).
 */
import type { BootData } from '../protocol/boot';

export function readBoot(): BootData | null {
  return (globalThis as { meridianBoot?: BootData }).meridianBoot ?? null;
}

/** Hand out the first-paint trade list once: later loads ask the server (the snapshot is of page-load time). */
export function takeBootTradeList(): unknown[] | null {
  const b = readBoot();
  const list = b?.tradeList ?? null;
  if (b) b.tradeList = undefined;
  return list;
}
