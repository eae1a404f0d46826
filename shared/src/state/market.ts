/** The current instrument and the live quotes every screen reads (written by the DAY_MARKET handler). */
import { atom } from 'jotai';
import type { DayMarketQuote } from '../protocol/realtime';

export type CurrentInstrument = { id: number; code: string };

const currentInstrumentBaseAtom = atom<CurrentInstrument | null>(null);
export const currentInstrumentAtom = atom((get) => get(currentInstrumentBaseAtom));
export const setCurrentInstrumentAtom = atom(null, (_get, set, next: CurrentInstrument | null) => {
  set(currentInstrumentBaseAtom, next);
});

const quotesBaseAtom = atom<ReadonlyMap<string, DayMarketQuote>>(new Map());
/** Latest quote per instrument code. */
export const quotesAtom = atom((get) => get(quotesBaseAtom));
/** Time of the last quote received, for the stale-price badge. */
const lastQuoteAtBaseAtom = atom<number>(0);
export const lastQuoteAtAtom = atom((get) => get(lastQuoteAtBaseAtom));

/** Merge a batch of quotes (one new Map per batch, so a tick re-renders once). */
export const applyQuotesAtom = atom(null, (get, set, batch: readonly DayMarketQuote[]) => {
  if (batch.length === 0) return;
  const next = new Map(get(quotesBaseAtom));
  for (const q of batch) next.set(q.Code, q);
  set(quotesBaseAtom, next);
  set(lastQuoteAtBaseAtom, Date.now());
});

const tradeListVersionBaseAtom = atom(0);
/** Bumped by the host on entering `/` or `/trade`; the markets remote reloads its trade list when it changes. */
export const tradeListVersionAtom = atom((get) => get(tradeListVersionBaseAtom));
export const refreshTradeListAtom = atom(null, (get, set) => {
  set(tradeListVersionBaseAtom, get(tradeListVersionBaseAtom) + 1);
});
