/** Page-object helpers for the markets specs (/, /trade, /product, /rank). */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { baseUrl } from './app';

export const SHOTS_DIR = process.env.MARKETS_SHOTS_DIR ?? '/tmp/markets-shots';

export type ListedInstrument = {
  Id: number;
  Code: string;
  ShowCode: string;
  MarketStatus: number;
  PricePrecision: number;
  bid: number;
  ask: number;
};

/** The trade list as the server answers it now. */
export async function tradeList(request: APIRequestContext): Promise<ListedInstrument[]> {
  const res = await request.get(`${baseUrl()}/v1/api/forex/trade_list`, { headers: { lang: 'en' } });
  return ((await res.json()) as { data: ListedInstrument[] }).data;
}

/** Orders of a user by status (1 holding, 0 pending). */
export async function myDeals(
  request: APIRequestContext,
  token: string,
  status: 0 | 1,
): Promise<{ Id: number; OrderType: number; Status: number; TargetLossPrice?: unknown }[]> {
  const res = await request.get(`${baseUrl()}/v1/api/forex/my_deal?status=${status}&page=1`, {
    headers: { authorization: token, lang: 'en' },
  });
  return ((await res.json()) as { data: { data: [] } }).data.data;
}

/** Wait for the home list to be there (skeleton gone). */
export async function expectMarketList(page: Page): Promise<void> {
  await expect(page.getByTestId('market-list')).toBeVisible();
  await expect(page.getByTestId('skeleton-rows')).toHaveCount(0);
}

/** Wait for the candle chart of `period` to be drawn by apexcharts. */
export async function expectChart(page: Page, period: string): Promise<void> {
  const chart = page.getByTestId('chart');
  await expect(chart).toHaveAttribute('data-period', period);
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart.locator('.apexcharts-candlestick-series')).toBeVisible({ timeout: 15_000 });
}

/** Open the order confirmation (it lists what will be sent) and confirm it. */
export async function confirmOrder(page: Page): Promise<void> {
  await widestSlippageGuard(page);
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('order-review')).toBeVisible();
  await page.getByTestId('confirm-order').click();
}

/**
 * A market order here checks the ticket's flow and words, not the slippage guard (unit and server tests do): the
 * simulated BTC/USD moves about 9 USD a second, so on a loaded machine the default ±15.00 could refuse the order as
 * it would a trader on a slow phone. The widest guard is the trader's own choice on the ticket.
 */
export async function widestSlippageGuard(page: Page): Promise<void> {
  const widest = page.getByTestId('deviation-50');
  if ((await widest.count()) > 0) await widest.click();
}

/** A price as the ticket's inputs take it (plain decimal at the instrument's precision). */
export const priceText = (value: number, precision: number): string => value.toFixed(precision);
