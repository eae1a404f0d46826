/** Whether the balance is masked; remembered on the device (docs/routes.md: hide/show toggle). */
import { useCallback, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '@meridian/shared';

export function useHideBalance(): [boolean, () => void] {
  const [hidden, setHidden] = useState(() => readStorage(STORAGE_KEYS.hideBalance) === '1');
  const toggle = useCallback(() => {
    setHidden((was) => {
      writeStorage(STORAGE_KEYS.hideBalance, was ? '0' : '1');
      return !was;
    });
  }, []);
  return [hidden, toggle];
}
