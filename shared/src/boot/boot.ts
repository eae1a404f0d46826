/**
 * The boot data the server wrote into index.html (see `protocol/boot.ts`), as the page's inline script parsed it, or
 * read from its element when that script did not run (a page composed by the service worker from a cached head
 * whose CSP allowed another version of the script); null when there is none (an index served from elsewhere).
 */
import { BOOT_ELEMENT_ID } from '../protocol/boot';
import type { BootData } from '../protocol/boot';

export function readBoot(): BootData | null {
  const g = globalThis as { meridianBoot?: BootData; document?: Document };
  if (g.meridianBoot) return g.meridianBoot;
  const text = g.document?.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object') return null;
    g.meridianBoot = parsed as BootData;
    return g.meridianBoot;
  } catch {
    return null;
  }
}

/** Hand out the first-paint trade list once: later loads ask the server (the snapshot is of page-load time). */
export function takeBootTradeList(): unknown[] | null {
  const b = readBoot();
  const list = b?.tradeList ?? null;
  if (b) b.tradeList = undefined;
  return list;
}
