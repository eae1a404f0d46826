import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad } from './use-load';

/** A load whose answers the test hands out one by one. */
function answers() {
  const pending: ((v: string) => void)[] = [];
  const load = () => new Promise<string>((resolve) => pending.push(resolve));
  return { load, answer: (v: string) => pending.shift()!(v) };
}

describe('useLoad', () => {
  it('shows loading again on reload by default', async () => {
    const a = answers();
    const { result } = renderHook(() => useLoad(a.load));
    expect(result.current.status).toBe('loading');
    act(() => a.answer('first'));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'first' }));
    act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
    act(() => a.answer('second'));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'second' }));
  });

  it('keeps the data shown while reloading when asked (a back-office table refreshing in place)', async () => {
    const a = answers();
    const { result, rerender } = renderHook(({ k }) => useLoad(a.load, k, { keepWhileReloading: true }), {
      initialProps: { k: 'page-1' },
    });
    act(() => a.answer('first'));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'first' }));
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ status: 'ready', data: 'first' });
    act(() => a.answer('second'));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'second' }));
    // A new key too: the last data stay until the new ones come.
    rerender({ k: 'page-2' });
    expect(result.current).toMatchObject({ status: 'ready', data: 'second' });
    act(() => a.answer('third'));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'third' }));
  });

  it('drops an answer that comes after the key changed', async () => {
    const a = answers();
    const { result, rerender } = renderHook(({ k }) => useLoad(a.load, k), { initialProps: { k: 1 } });
    rerender({ k: 2 });
    act(() => a.answer('stale'));
    act(() => a.answer('fresh'));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'fresh' }));
  });
});
