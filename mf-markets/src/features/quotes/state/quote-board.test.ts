import { act } from '@testing-library/react';
import { appStore, applyQuotesAtom } from '@meridian/shared';
import { dayQuote } from '../../../testing/test-utils';
import { FLASH_MS, REDRAW_MS, watchRow } from './quote-board';

function row(code: string) {
  const element = document.createElement('button');
  const price = document.createElement('span');
  price.textContent = '1.00000';
  const change = document.createElement('span');
  change.textContent = '0.00%';
  element.append(price, change);
  return { element, price, change, code };
}

const push = (...quotes: Parameters<typeof dayQuote>[0][]) =>
  act(() => {
    appStore.set(
      applyQuotesAtom,
      quotes.map((q) => dayQuote(q)),
    );
  });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('quote board', () => {
  it('rewrites the changed rows at most five times a second, tinting one move at a time', () => {
    const a = row('EURUSD');
    const b = row('GBPUSD');
    const redraw = jest.fn();
    const offs = [a, b].map((r) =>
      watchRow({
        element: r.element,
        code: r.code,
        precision: 5,
        lang: 'en',
        price: r.price,
        change: r.change,
        shown: { price: 1, status: 1 },
        onStatus: redraw,
      }),
    );
    const textNode = a.price.firstChild;
    push({ Code: 'EURUSD', price: 1.1, change: 0.5 }, { Code: 'GBPUSD', price: 1.3, change: -0.2 });
    expect(a.price.textContent).toBe('1.10000');
    // React's own text node is kept and rewritten.
    expect(a.price.firstChild).toBe(textNode);
    expect(a.price.className).toBe('px u');
    expect(a.change.textContent).toBe('▲ +0.50%');
    expect(b.price.textContent).toBe('1.30000');
    expect(b.change.textContent).toBe('▼ -0.20%');
    expect(b.change.className).toBe('chg d');

    // Within 200 ms: held for the next redraw, which takes the latest quote.
    push({ Code: 'EURUSD', price: 1.09, change: 0.4 });
    push({ Code: 'EURUSD', price: 1.08, change: 0.3 });
    expect(a.price.textContent).toBe('1.10000');
    jest.advanceTimersByTime(REDRAW_MS);
    expect(a.price.textContent).toBe('1.08000');
    // The first tint still holds: no new one yet.
    expect(a.price.className).toBe('px u');
    // It ends on time with no further tick.
    jest.advanceTimersByTime(FLASH_MS);
    expect(a.price.className).toBe('px');
    push({ Code: 'EURUSD', price: 1.07, change: 0.2 });
    expect(a.price.className).toBe('px d');

    // A market closing asks the row to render itself.
    jest.advanceTimersByTime(REDRAW_MS);
    push({ Code: 'EURUSD', price: 1.07, change: 0.2, MarketStatus: 0 });
    expect(redraw).toHaveBeenCalledTimes(1);
    for (const off of offs) off();
    // Off the board: nothing is written any more.
    jest.advanceTimersByTime(REDRAW_MS);
    push({ Code: 'GBPUSD', price: 1.5, change: 1 });
    expect(b.price.textContent).toBe('1.30000');
  });

  it('leaves a row alone while the browser skips its rendering, and brings it up to date as it comes back', () => {
    const r = row('USDJPY');
    const off = watchRow({
      element: r.element,
      code: r.code,
      precision: 3,
      lang: 'en',
      price: r.price,
      change: r.change,
      shown: { price: 1, status: 1 },
      onStatus: jest.fn(),
    });
    const skipped = (on: boolean) =>
      r.element.dispatchEvent(Object.assign(new Event('contentvisibilityautostatechange'), { skipped: on }));
    skipped(true);
    jest.advanceTimersByTime(REDRAW_MS);
    push({ Code: 'USDJPY', price: 155.5, change: 0.1 });
    jest.advanceTimersByTime(REDRAW_MS);
    expect(r.price.textContent).toBe('1.00000');
    skipped(false);
    expect(r.price.textContent).toBe('155.500');
    off();
  });
});
