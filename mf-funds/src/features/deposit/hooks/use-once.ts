/** Sends once: a second tap while the first is on its way does nothing. */
import { useState } from 'react';

export function useOnce() {
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
