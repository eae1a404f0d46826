/**
 * A record a notification opened: `?record=<id>` on the deposit and withdraw pages (docs/routes.md#minecharge).
 * The row of that id is marked (`aria-current`) and scrolled into view once it renders.
 */
import { useCallback } from 'react';
import { useQueryParam } from '@meridian/shared';

/** The record id of the address, or null (absent, not a positive whole number). */
export function useMarkedRecord(): number | null {
  const raw = useQueryParam('record');
  const id = Number(raw);
  return raw && /^\d{1,10}$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The tab a `?type=` asks for (0 coin, 1 bank), or null. */
export function useTabParam(): 0 | 1 | null {
  const raw = useQueryParam('type');
  return raw === '0' ? 0 : raw === '1' ? 1 : null;
}

/** A ref for the marked row: brings it into view once, when it mounts. */
export function useScrollIntoView(marked: boolean) {
  return useCallback(
    (el: HTMLElement | null) => {
      if (marked && el) el.scrollIntoView?.({ block: 'center' });
    },
    [marked],
  );
}
