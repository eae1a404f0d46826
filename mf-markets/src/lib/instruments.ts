/**
 * The trade list (GET /v1/api/forex/trade_list, docs/calls.md), shared by the home list, the trade screen and search.
 * One cache for the whole remote: the host bumps `tradeListVersionAtom` on entering `/` or `/trade`, and whichever
 * kept-alive page is showing reloads it once (concurrent callers share the request).
 */
import { useEffect } from 'react';
import {
  api,
  appStore,
  atom,
  getApiConfig,
  takeBootTradeList,
  tradeListVersionAtom,
  useAtomValue,
} from '@meridian/shared';
import type { DayMarketQuote } from '@meridian/shared';
import type { Category, TradeListItem } from '@meridian/shared/pure';

/** One instrument as trade_list returns it: the contract's trade-list item. */
export type Instrument = TradeListItem;
export type { Category };

export function fetchTradeList(searchCurrency?: string): Promise<Instrument[]> {
  return api
    .get('/v1/api/forex/trade_list', searchCurrency ? { searchCurrency } : undefined, {
      silent: true,
    })
    .then((list) => list ?? []);
}

export type TradeListState =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown }
  | { status: 'ready'; data: Instrument[]; error?: undefined };

// The list the server wrote into index.html paints the first screen with no request. It answers the first version
// asked for (the host's on entering the page, before or after this remote loaded), so that one is not fetched.
const fromPage = takeBootTradeList() as Instrument[] | null;
const tradeListBaseAtom = atom<{ state: TradeListState; version: number | null; fromPage?: true }>(
  fromPage
    ? { state: { status: 'ready', data: fromPage }, version: null, fromPage: true }
    : { state: { status: 'loading' }, version: null },
);
/** The trade list as the screens read it. */
export const tradeListAtom = atom((get) => get(tradeListBaseAtom).state);

let inFlight: { version: number; promise: Promise<void> } | null = null;

/** Load the list for `version` unless it is loaded or loading. Keeps showing old data while it reloads. */
export function loadTradeList(version: number, force = false): Promise<void> {
  const current = appStore.get(tradeListBaseAtom);
  if (!force && current.fromPage) {
    appStore.set(tradeListBaseAtom, { state: current.state, version });
    return Promise.resolve();
  }
  if (!force && current.version === version && current.state.status === 'ready') return Promise.resolve();
  if (!force && inFlight?.version === version) return inFlight.promise;
  if (current.state.status !== 'ready') {
    appStore.set(tradeListBaseAtom, { state: { status: 'loading' }, version });
  }
  const promise = fetchTradeList().then(
    (data) => appStore.set(tradeListBaseAtom, { state: { status: 'ready', data }, version }),
    (error: unknown) => {
      if (appStore.get(tradeListBaseAtom).state.status !== 'ready')
        appStore.set(tradeListBaseAtom, { state: { status: 'error', error }, version });
    },
  );
  inFlight = { version, promise: promise.finally(() => (inFlight = null)) };
  return inFlight.promise;
}

/** For tests: forget the cached list. */
export function resetTradeList(): void {
  inFlight = null;
  appStore.set(tradeListBaseAtom, { state: { status: 'loading' }, version: null });
}

/** The trade list, (re)loaded when the host bumps the version; `retry` reloads after an error. */
export function useTradeList(): TradeListState & { retry: () => void } {
  const version = useAtomValue(tradeListVersionAtom);
  const state = useAtomValue(tradeListAtom);
  useEffect(() => {
    // The version now, not the one rendered: the host's entry into the page, in the same commit, may have moved it
    // (a page shown in the tab's first render is asked for the entry's version, which the list in index.html answers).
    void loadTradeList(appStore.get(tradeListVersionAtom));
  }, [version]);
  return { ...state, retry: () => void loadTradeList(version, true) };
}

/** The live view of an instrument: the latest DAY_MARKET quote over the trade list's snapshot. */
export type LiveQuote = {
  price: number;
  bid: number;
  ask: number;
  change: number;
  high: number;
  low: number;
  closed: number;
  marketStatus: number;
  time: number;
};

export function liveQuote(inst: Instrument, q: DayMarketQuote | undefined): LiveQuote {
  if (q) {
    return {
      price: q.price,
      bid: q.bid,
      ask: q.ask,
      change: q.change,
      high: q.high,
      low: q.low,
      closed: q.closed,
      marketStatus: q.MarketStatus,
      time: q.time,
    };
  }
  return {
    price: inst.price,
    bid: inst.bid ?? inst.price,
    ask: inst.ask ?? inst.price,
    change: inst.ForexQuotations?.Change ?? 0,
    high: inst.high,
    low: inst.low,
    closed: inst.closed,
    marketStatus: inst.MarketStatus,
    time: 0,
  };
}

/** The instrument's logo URL on the API host (Logo is a path on our server, or an absolute URL). */
export function logoUrl(logo: string): string {
  if (!logo || /^(https?:|data:)/.test(logo)) return logo;
  const origin = getApiConfig().origin().replace(/\/+$/, '');
  return `${origin}${logo.startsWith('/') ? '' : '/'}${logo}`;
}
