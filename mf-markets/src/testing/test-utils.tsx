/**
 * This remote's Jest kit: `@meridian/shared/testing` with the `markets` namespace, plus market fixtures (instruments,
 * quotes, the fee type) and a reset that also clears the cached trade list.
 */
import { act } from '@testing-library/react';
import { appStore, applyQuotesAtom, setSiteSettingsAtom } from '@meridian/shared';
import type { DayMarketQuote, User } from '@meridian/shared';
import {
  createRemoteTestKit,
  demoUser as kitDemoUser,
  logIn as kitLogIn,
  muteLazyKitWarnings,
  resetApp as kitResetApp,
} from '@meridian/shared/testing';
import { resetFavourites } from '../features/favourites/state/favourites';
import { oneTapAtom } from '../features/ticket/state/one-tap';
import { resetTradeList } from '../lib/instruments';
import type { Instrument } from '../lib/instruments';

export const { en, renderPage } = createRemoteTestKit('markets');
muteLazyKitWarnings();

export { mockServer, never, ok, refuse, session, toastTexts } from '@meridian/shared/testing';
export type { FakeNavigation, FakeReply, FakeRequest } from '@meridian/shared/testing';

// ---------------------------------------------------------------------------------------------------------------
// Fixtures

export function instrument(over: Partial<Instrument> = {}): Instrument {
  return {
    Id: 1,
    Code: 'EURUSD',
    ShowCode: 'EUR/USD',
    Logo: '/v1/api/forex/logo/EURUSD.svg',
    CategoryId: 1,
    MarketStatus: 1,
    PricePrecision: 5,
    Pip: 0.01,
    ForexMinCont: 0.01,
    ForexContNum: 100000,
    ForexFeeRate: 7,
    MarginMode: 2,
    HasForexMultiple: [{ Value: 100 }, { Value: 200 }],
    ForexQuotations: { Open: 1.1, Close: 1.15, Change: 0.5 },
    QuoteCurrency: 'USD',
    price: 1.15,
    bid: 1.15,
    ask: 1.1502,
    volume: 0,
    high: 1.16,
    low: 1.14,
    open: 1.1,
    closed: 1.14,
    time: 0,
    ...over,
  };
}

export const dayQuote = (over: Partial<DayMarketQuote> = {}): DayMarketQuote => ({
  Id: 1,
  Code: 'EURUSD',
  price: 1.15,
  bid: 1.15,
  ask: 1.1502,
  open: 1.1,
  closed: 1.14,
  high: 1.16,
  low: 1.14,
  volume: 0,
  change: 0.5,
  MarketStatus: 1,
  time: Date.now(),
  ...over,
});

export function pushQuotes(...quotes: DayMarketQuote[]): void {
  act(() => {
    appStore.set(applyQuotesAtom, quotes);
  });
}

export const demoUser: User = { ...kitDemoUser, lock_balance: '0.00' };

/** Markets tests trade as a demo user by default. */
export function logIn(user: User = demoUser, token = 'tok-1'): void {
  kitLogIn(user, token);
}

export function setFeeType(type: number): void {
  appStore.set(setSiteSettingsAtom, {
    site_title: 'Meridian',
    service_link: '',
    service_link_type: 1,
    verify_reg_type: 1,
    trade_fee_type: type,
  });
}

/** Fresh state for each test: the kit's reset, no favourites, no cached trade list, fee type 1. */
export function resetApp(): void {
  kitResetApp();
  resetFavourites();
  appStore.set(oneTapAtom, false);
  resetTradeList();
  setFeeType(1);
}
