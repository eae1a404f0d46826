/**
 * Load once on mount, and again on `reload` or when `key` changes: the loading / error / data states every async
 * screen designs for. `setData` replaces the data in place (after an edit the screen already knows the result of).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

export type LoadResult<T> = LoadState<T> & { reload: () => void; setData: (data: T) => void };

export type LoadOptions = {
  /**
   * A reload keeps what is shown until the new data arrive (a back-office table that refreshes in place) instead of
   * going back to the loading state.
   */
  keepWhileReloading?: boolean;
};

export function useLoad<T>(
  load: () => Promise<T>,
  key: unknown = null,
  { keepWhileReloading = false }: LoadOptions = {},
): LoadResult<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let live = true;
    if (!keepWhileReloading) setState({ status: 'loading' });
    loadRef.current().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [attempt, key, keepWhileReloading]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { ...state, reload, setData };
}
