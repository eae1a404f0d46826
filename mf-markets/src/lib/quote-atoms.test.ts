import { appStore, applyQuotesAtom } from '@meridian/shared';
import { dayQuote, resetApp } from '../testing/test-utils';
import { quoteAtom } from './quote-atoms';

beforeEach(() => resetApp());

describe('one instrument’s quote', () => {
  it('notifies its readers for that instrument’s ticks only', () => {
    const seen = jest.fn();
    const off = appStore.sub(quoteAtom('BTCUSD'), seen);
    appStore.set(applyQuotesAtom, [dayQuote({ Code: 'EURUSD', bid: 1.2 })]);
    appStore.set(applyQuotesAtom, [dayQuote({ Code: 'XAUUSD', bid: 2000 })]);
    expect(seen).not.toHaveBeenCalled();
    appStore.set(applyQuotesAtom, [dayQuote({ Id: 40, Code: 'BTCUSD', bid: 91000 })]);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(appStore.get(quoteAtom('BTCUSD'))?.bid).toBe(91000);
    expect(quoteAtom('BTCUSD')).toBe(quoteAtom('BTCUSD'));
    off();
  });
});
