import { act, renderHook } from '@testing-library/react';
import { QUOTE_MAX_AGE_MS } from '@meridian/shared/pure';
import { usePriceLive } from './use-price-live';

describe('usePriceLive', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('turns false once no new quote came for QUOTE_MAX_AGE_MS, and true again with the next quote', () => {
    const { result, rerender } = renderHook(({ q }) => usePriceLive(q), { initialProps: { q: { bid: 1 } } });
    expect(result.current).toBe(true);
    act(() => jest.advanceTimersByTime(QUOTE_MAX_AGE_MS));
    expect(result.current).toBe(true);
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
    rerender({ q: { bid: 2 } });
    expect(result.current).toBe(true);
  });
});
