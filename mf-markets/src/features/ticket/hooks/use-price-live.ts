/**
 * Whether the instrument's price is live: a new quote arrived (by this device's clock, so a skewed clock cannot
 * freeze or free the ticket) within QUOTE_MAX_AGE_MS, re-checked every second. The server refuses market orders on a
 * frozen price (code 1250, docs/rules.md#no-price); the ticket says so before the trader taps.
 */
import { useEffect, useState } from 'react';
import { QUOTE_MAX_AGE_MS } from '@meridian/shared/pure';

/** `quote`: the latest quote object of the instrument (a new object per tick), or undefined before the first. */
export function usePriceLive(quote: unknown, maxAgeMs: number = QUOTE_MAX_AGE_MS): boolean {
  const [seenAt, setSeenAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = Date.now();
    setSeenAt(t);
    setNow(t);
  }, [quote]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now - seenAt <= maxAgeMs;
}
