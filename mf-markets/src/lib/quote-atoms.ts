/**
 * Narrow views of the live quotes, so a screen re-renders for the ticks it shows and no others. `quotesAtom` is a
 * new Map per batch of the whole market; these derived atoms hand on one instrument's quote object (the same object
 * until that instrument ticks) or one number, and jotai only notifies a reader when what it reads has changed.
 */
import { useEffect, useState } from 'react';
import { appStore, atom, quotesAtom } from '@meridian/shared';
import type { DayMarketQuote } from '@meridian/shared';
import type { Instrument } from './instruments';
import { usdRateOf } from './usd-rate';

const makeQuoteAtom = (code: string) => atom<DayMarketQuote | undefined>((get) => get(quotesAtom).get(code));
type QuoteAtom = ReturnType<typeof makeQuoteAtom>;
const byCode = new Map<string, QuoteAtom>();

/** The latest quote of one instrument (undefined before its first); one atom per code. */
export function quoteAtom(code: string): QuoteAtom {
  let a = byCode.get(code);
  if (!a) {
    a = makeQuoteAtom(code);
    byCode.set(code, a);
  }
  return a;
}

/** The USD rate of a quote currency from the live quotes (see ./usd-rate): changes only when the rate does. */
export function usdRateAtom(currency: string | undefined, instruments: readonly Instrument[]) {
  return atom<number | undefined>((get) => usdRateOf(currency, instruments, get(quotesAtom)));
}

/** How often a screen's figures follow a ticking quote: a few times a second reads as live and costs a phone little. */
export const QUOTE_RENDER_MS = 200;

/**
 * One instrument's quote for a component: re-renders when that instrument ticks, at most every `everyMs` (the
 * latest quote always lands, at the end of the interval).
 */
export function useQuote(code: string, everyMs: number = QUOTE_RENDER_MS): DayMarketQuote | undefined {
  const a = quoteAtom(code);
  const [quote, setQuote] = useState(() => appStore.get(a));
  useEffect(() => {
    let last = -Infinity;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const take = () => {
      timer = null;
      last = performance.now();
      setQuote(appStore.get(a));
    };
    // A tick between the render and now; not counted, so the first tick after mount shows at once.
    setQuote(appStore.get(a));
    const off = appStore.sub(a, () => {
      if (timer !== null) return;
      const wait = last + everyMs - performance.now();
      if (wait <= 0) take();
      else timer = setTimeout(take, wait);
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [a, everyMs]);
  return quote;
}
