/** The available balance of the signed-in user (null for a guest or until loaded); `refresh` after an order. */
import { useCallback, useEffect, useState } from 'react';
import { sessionAtom, useAtomValue } from '@meridian/shared';
import { fetchBalance } from '../api/balance';

export function useBalance(): { balance: number | null; refresh: () => void } {
  const { token } = useAtomValue(sessionAtom);
  const [balance, setBalance] = useState<number | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    if (!token) {
      setBalance(null);
      return undefined;
    }
    let live = true;
    fetchBalance().then(
      (b) => live && setBalance(Number.isFinite(b) ? b : null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token, n]);
  const refresh = useCallback(() => setN((x) => x + 1), []);
  return { balance, refresh };
}
