/**
 * Whether prices are stale: no DAY_MARKET tick for {@link STALE_AFTER_MS} (the socket is down or the feed stopped).
 * Counted from the last tick, or from mount when none has arrived yet; re-checked every second. It reads the time
 * of the last tick from the store instead of rendering on each one (a busy market ticks many times a second), and
 * clears at once when a tick arrives while it shows.
 */
import { useEffect, useRef, useState } from 'react';
import { appStore, lastQuoteAtAtom } from '@meridian/shared';

export const STALE_AFTER_MS = 10_000;

export function useStale(now: () => number = Date.now): boolean {
  const [since] = useState(now);
  const [stale, setStale] = useState(false);
  const staleRef = useRef(false);
  useEffect(() => {
    const set = (v: boolean) => {
      if (staleRef.current === v) return;
      staleRef.current = v;
      setStale(v);
    };
    const check = () => set(now() - Math.max(appStore.get(lastQuoteAtAtom), since) > STALE_AFTER_MS);
    check();
    const id = setInterval(check, 1000);
    const off = appStore.sub(lastQuoteAtAtom, () => set(false));
    return () => {
      clearInterval(id);
      off();
    };
  }, [since, now]);
  return stale;
}
