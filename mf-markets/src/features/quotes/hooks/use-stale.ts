/**
 * Whether prices are stale: no DAY_MARKET tick for {@link STALE_AFTER_MS} (the socket is down or the feed stopped).
 * Counted from the last tick, or from mount when none has arrived yet; re-checked every second.
 */
import { useEffect, useState } from 'react';
import { lastQuoteAtAtom, useAtomValue } from '@meridian/shared';

export const STALE_AFTER_MS = 10_000;

export function useStale(now: () => number = Date.now): boolean {
  const last = useAtomValue(lastQuoteAtAtom);
  const [since] = useState(now);
  const [stale, setStale] = useState(false);
  useEffect(() => {
    const check = () => setStale(now() - Math.max(last, since) > STALE_AFTER_MS);
    check();
    const id = setInterval(check, 1000);
    return () => clearInterval(id);
  }, [last, since, now]);
  return stale;
}
