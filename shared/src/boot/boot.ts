/** The boot data the server wrote into index.html (see `protocol/boot.ts`), parsed once; null when there is none. */
import { BOOT_ELEMENT_ID } from '../protocol/boot';
import type { BootData } from '../protocol/boot';

let boot: BootData | null | undefined;

export function readBoot(): BootData | null {
  if (boot === undefined) {
    try {
      const text =
        typeof document === 'undefined' ? null : document.getElementById(BOOT_ELEMENT_ID)?.textContent;
      const parsed: unknown = text ? JSON.parse(text) : null;
      boot = parsed && typeof parsed === 'object' ? (parsed as BootData) : null;
    } catch {
      boot = null;
    }
  }
  return boot;
}

/** Hand out the first-paint trade list once: later loads ask the server (the snapshot is of page-load time). */
export function takeBootTradeList(): unknown[] | null {
  const b = readBoot();
  const list = b?.tradeList;
  if (!b || !Array.isArray(list)) return null;
  b.tradeList = undefined;
  return list;
}

/** For tests: forget the parsed boot data. */
export function resetBoot(): void {
  boot = undefined;
}
