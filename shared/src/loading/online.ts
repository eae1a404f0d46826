/** Whether the browser has a connection, as React state: `online` and `offline` events re-render the reader. */
import { useSyncExternalStore } from 'react';
import { isOffline } from './retry';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const online = () => !isOffline();

/** True unless the browser says it has no connection (`navigator.onLine === false`). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, online, () => true);
}
