/**
 * The balance, kept fresh while a funds page is open: read at once, again every few seconds and whenever the page
 * comes back to the front, so a deposit finance approves shows without a reload.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Balance } from '@meridian/shared/pure';
import { fetchBalance } from '../api/balance-api';

export const BALANCE_REFRESH_MS = 3000;

export function useBalance(): { balance: Balance | null; refresh: () => void } {
  const [balance, setBalance] = useState<Balance | null>(null);
  const refresh = useCallback(() => {
    fetchBalance().then(setBalance, () => undefined);
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, BALANCE_REFRESH_MS);
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);
  return { balance, refresh };
}
