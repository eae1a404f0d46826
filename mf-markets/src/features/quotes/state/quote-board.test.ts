import { act } from '@testing-library/react';
import { appStore, applyQuotesAtom } from '@meridian/shared';
import { dayQuote } from '../../../testing/test-utils';
import { REDRAW_MS, watchRow } from './quote-board';

/** An IntersectionObserver the test drives: `show(el, on)` reports an element entering or leaving the screen. */
const observed = new Map<Element, (entries: IntersectionObserverEntry[]) => void>();
class FakeObserver {
  constructor(private readonly cb: (entries: IntersectionObserverEntry[]) => void) {}
  observe(el: Element) {
    observed.set(el, this.cb);
  }
  unobserve(el: Element) {
    observed.delete(el);
  }
  disconnect() {}
}
const show = (el: Element, on: boolean) =>
  observed.get(el)?.([{ target: el, isIntersecting: on } as unknown as IntersectionObserverEntry]);

function row(code: string) {
  const el = document.createElement('button');
  const price = document.createElement('span');
  price.textContent = '1.00000';
  const change = document.createElement('span');
  change.textContent = '0.00%';
  el.append(price, change);
  return { el, price, change, code };
}

beforeAll(() => {
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
});
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('quote board', () => {
  it('rewrites only rows on screen; a row off screen is brought up to date as it scrolls in', () => {
    const a = row('EURUSD');
    const b = row('GBPUSD');
    const redraw = jest.fn();
    const offs = [a, b].map((r) =>
      watchRow(r.el, {
        code: r.code,
        precision: 5,
        lang: 'en',
        price: r.price,
        change: r.change,
        shown: { price: 1, status: 1 },
        onStatus: redraw,
      }),
    );
    show(a.el, true);
    show(b.el, false);
    const textNode = a.price.firstChild;
    act(() => {
      appStore.set(applyQuotesAtom, [
        dayQuote({ Code: 'EURUSD', price: 1.1, change: 0.5 }),
        dayQuote({ Code: 'GBPUSD', price: 1.3, change: -0.2 }),
      ]);
    });
    expect(a.price.textContent).toBe('1.10000');
    // React's own text node is kept and rewritten.
    expect(a.price.firstChild).toBe(textNode);
    expect(a.change.textContent).toBe('▲ +0.50%');
    expect(b.price.textContent).toBe('1.00000');
    show(b.el, true);
    expect(b.price.textContent).toBe('1.30000');
    expect(b.change.textContent).toBe('▼ -0.20%');
    expect(b.price.dataset.flash).toBe('u');
    // The same quote object again does nothing; a market closing asks the row to render itself.
    jest.advanceTimersByTime(REDRAW_MS);
    act(() => {
      appStore.set(applyQuotesAtom, [dayQuote({ Code: 'EURUSD', price: 1.1, change: 0.5, MarketStatus: 0 })]);
    });
    expect(redraw).toHaveBeenCalledTimes(1);
    for (const off of offs) off();
    expect(observed.size).toBe(0);
  });
});
