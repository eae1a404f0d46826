/** The signed-in user's account (null for a guest or until loaded); `refresh` after an order. */
import { useCallback, useEffect, useState } from 'react';
import { sessionAtom, useAtomValue } from '@meridian/shared';
import type { AccountState } from '@meridian/shared/pure';
import { fetchAccount } from '../api/account';

export function useAccount(): { account: AccountState | null; refresh: () => void } {
  const { token } = useAtomValue(sessionAtom);
  const [account, setAccount] = useState<AccountState | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    if (!token) {
      setAccount(null);
      return undefined;
    }
    let live = true;
    fetchAccount().then(
      (a) => live && setAccount(a),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token, n]);
  const refresh = useCallback(() => setN((x) => x + 1), []);
  return { account, refresh };
}
