/** The account figures of the summary (forexDetail), reloaded after anything that moves money. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchAccount } from '../api/orders-api';
import type { AccountFigures } from '../api/orders-api';

export function useAccount(): { figures: AccountFigures | null; failed: boolean; reload: () => void } {
  const [figures, setFigures] = useState<AccountFigures | null>(null);
  const [failed, setFailed] = useState(false);
  const seqRef = useRef(0);
  const mountedRef = useRef(true);
  const reload = useCallback(() => {
    const seq = ++seqRef.current;
    fetchAccount().then(
      (f) => {
        if (seq !== seqRef.current || !mountedRef.current) return;
        setFigures(f);
        setFailed(false);
      },
      () => {
        if (seq === seqRef.current && mountedRef.current) setFailed(true);
      },
    );
  }, []);
  useEffect(() => {
    mountedRef.current = true;
    reload();
    return () => {
      mountedRef.current = false;
    };
  }, [reload]);
  return { figures, failed, reload };
}
