/**
 * One button's call: `busy` while it runs, and a second tap while busy does nothing (a ref, not state, so two taps
 * in the same frame cannot both pass).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useAction<A extends unknown[]>(
  run: (...args: A) => Promise<unknown>,
): [(...args: A) => Promise<void>, boolean] {
  const runningRef = useRef(false);
  const mountedRef = useRef(true);
  const runRef = useRef(run);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);
  const start = useCallback(async (...args: A) => {
    if (runningRef.current) return;
    runningRef.current = true;
    setBusy(true);
    try {
      await runRef.current(...args);
    } catch {
      // The API client has already shown the server's message.
    } finally {
      runningRef.current = false;
      if (mountedRef.current) setBusy(false);
    }
  }, []);
  return [start, busy];
}
