/**
 * Helpers for the orders end-to-end spec: a fresh demo account per test, the trading calls over HTTP (orders are
 * placed through the API, as a position from the ticket would be), and the instruments by code.
 */
import type { APIRequestContext } from '@playwright/test';
import type { DealPage, OrderView, TradeListItem } from '@meridian/shared/pure';
import { baseUrl } from './app';
import type { DemoSession } from './app';

type Envelope<T> = { code: number; msg: string; data: T };

/** An order as the server sends it: the wire contract's view. */
export type ApiOrder = OrderView;

/** A new demo account (100000 of play money), so no test sees another's orders. */
export async function newDemo(request: APIRequestContext): Promise<DemoSession> {
  const body = (await (await request.get(`${baseUrl()}/api/user/createAccountDemoForU`)).json()) as Envelope<{
    token: string;
    user: Record<string, unknown>;
  }>;
  if (body.code !== 1) throw new Error(`createAccountDemoForU: ${body.code} ${body.msg}`);
  return { token: body.data.token, user: body.data.user };
}

/** One GET call with the session; resolves with the whole envelope (the caller decides what a refusal means). */
export async function call<T>(
  request: APIRequestContext,
  session: DemoSession,
  path: string,
  params: Record<string, string | number> = {},
): Promise<Envelope<T>> {
  const res = await request.get(`${baseUrl()}${path}`, {
    params,
    headers: { authorization: session.token, lang: 'en' },
  });
  return (await res.json()) as Envelope<T>;
}

export type Instrument = TradeListItem;

/** An instrument of the trade list by code (crypto trades every day). */
export async function instrument(request: APIRequestContext, code: string): Promise<Instrument> {
  const body = (await (
    await request.get(`${baseUrl()}/v1/api/forex/trade_list`, { params: { page: 1, limit: 100 } })
  ).json()) as Envelope<{ data: Instrument[] } | Instrument[]>;
  const list = Array.isArray(body.data) ? body.data : body.data.data;
  const found = list.find((i) => i.Code === code);
  if (!found) throw new Error(`no instrument ${code}`);
  return found;
}

/** Place an order (market when `target` is absent, else pending at `target`); throws on a refusal. */
export async function placeOrder(
  request: APIRequestContext,
  session: DemoSession,
  inst: Instrument,
  opts: { side?: 1 | 2; lots?: string; target?: number } = {},
): Promise<ApiOrder> {
  const res = await call<ApiOrder>(request, session, '/v1/api/forex/submit', {
    type: opts.side ?? 1,
    cont: opts.lots ?? '0.1',
    forex_id: inst.Id,
    multiple: inst.HasForexMultiple[0]?.Value ?? 1,
    status: opts.target === undefined ? 1 : 0,
    ...(opts.target === undefined ? {} : { target_price: String(opts.target) }),
  });
  if (res.code !== 1) throw new Error(`submit: ${res.code} ${res.msg}`);
  return res.data;
}

/** Every order of a status (first 100). */
export async function orders(
  request: APIRequestContext,
  session: DemoSession,
  status: 0 | 1 | 3,
): Promise<ApiOrder[]> {
  const res = await call<DealPage>(request, session, '/v1/api/forex/my_deal', {
    status,
    page: 1,
    limit: 100,
  });
  return res.data.data;
}

/** Where the screenshots of the order pages go (looked at by a person after the run). */
export const ORDER_SHOTS_DIR = process.env.ORDER_SHOTS_DIR ?? '/tmp/orders-shots';
