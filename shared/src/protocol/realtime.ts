/**
 * The realtime protocol of `/v1/ws` (docs/states.md): `type`-keyed unions used by the client and the server alike, and the
 * payload of each topic (`TopicPayloads`), so `subscribe(TOPICS.forexTrade, cb)` hands `cb` order views and the
 * server can only publish what the topic carries. Bump PROTOCOL_VERSION on any breaking change to a message shape.
 */
import type { OrderView } from '../contract/trading';
import type { PriceAlertFrame } from '../contract/alerts';
import type { NotificationFrame } from '../contract/notifications';
import type { SupportUnread } from '../contract/support';
import type { ClientChatMessage, ServerChatMessage } from './chat';

export const PROTOCOL_VERSION = 1;

export const TOPICS = {
  dayMarket: 'DAY_MARKET',
  forexTrade: 'FOREX_TRADE',
  forexClosed: 'FOREX_CLOSED',
  /** The remote registry changed (a release, rollback, promote or abort): every tab, guests included. */
  remotes: 'REMOTES',
  /** A price alert of the signed-in trader fired (private, docs/realtime.md#price_alert). */
  priceAlert: 'PRICE_ALERT',
  /** A new notification of the signed-in trader, of a type that is on (private, docs/realtime.md#notification). */
  notification: 'NOTIFICATION',
} as const;
/** Candle updates of one instrument: `KLINE.{code}`. */
export const klineTopic = (code: string): `KLINE.${string}` => `KLINE.${code}`;
/**
 * A topic. `SUPPORT_UNREAD` and `CHAT` (docs/realtime.md#chat) are the support module's own: the gateway accepts
 * them from the module's extension, so they cost the trader's first load nothing (not in TOPICS).
 */
export type Topic = (typeof TOPICS)[keyof typeof TOPICS] | `KLINE.${string}` | 'SUPPORT_UNREAD' | 'CHAT';

export function isTopic(value: unknown): value is Topic {
  if (typeof value !== 'string') return false;
  return (
    value === TOPICS.dayMarket ||
    value === TOPICS.forexTrade ||
    value === TOPICS.forexClosed ||
    value === TOPICS.remotes ||
    value === TOPICS.priceAlert ||
    value === TOPICS.notification ||
    /^KLINE\.[A-Za-z0-9._-]{1,32}$/.test(value)
  );
}

// ---- client -> server ----
/** `lang`: the language of the messages the server sends on this socket from now on (its refusals). */
export type ClientLogin = { type: 'login'; token: string; version: number; lang?: string };
export type ClientPing = { type: 'ping'; id: number };
export type ClientSubscribe = { type: 'subscribe'; topic: Topic };
export type ClientUnsubscribe = { type: 'unsubscribe'; topic: Topic };
export type ClientMessage =
  ClientLogin | ClientPing | ClientSubscribe | ClientUnsubscribe | ClientChatMessage;

// ---- server -> client ----
export type ServerLoginResult = { type: 'login_result'; code: number; msg: string };
export type ServerPong = { type: 'pong'; id: number };
/** The topic is subscribed: every message published on it from now on reaches this socket. */
export type ServerSubscribed = { type: 'subscribed'; topic: Topic };
/** A message on a subscribed topic. `data` is the topic's payload (`TopicPayloads`). */
export type ServerTopicMessage = { type: 'message'; topic: Topic; data: unknown };
export type ServerError = { type: 'error'; code: number; msg: string };
export type ServerMessage =
  ServerLoginResult | ServerPong | ServerSubscribed | ServerTopicMessage | ServerError | ServerChatMessage;

/** DAY_MARKET payload: one instrument's latest quote and day statistics. */
export type DayMarketQuote = {
  Id: number;
  Code: string;
  price: number;
  bid: number;
  ask: number;
  open: number;
  closed: number;
  high: number;
  low: number;
  volume: number;
  change: number;
  MarketStatus: number;
  time: number;
};

/** KLINE.{code} payload: the candle being built (or just closed) for a period. */
export type KlineUpdate = {
  code: string;
  period: string;
  Time: number;
  Open: number;
  High: number;
  Low: number;
  Close: number;
  Volume: number;
};

/** A remote's canary in a registry change: `version` on `percent` % of devices. */
export type RegistryCanaryChange = { version: string; percent: number };
/**
 * REMOTES payload: each remote's current version after a registry change, and each running canary (a remote
 * missing from `canaries` has none; a server that predates canaries sends no `canaries` at all).
 */
export type RegistryChange = {
  remotes: Record<string, string>;
  canaries?: Record<string, RegistryCanaryChange>;
};

/**
 * What each topic carries. Market data arrives batched (one frame holds the latest value of every instrument that
 * moved); FOREX_TRADE is every holding order of the user with its live P/L, FOREX_CLOSED one order that closed,
 * PRICE_ALERT one alert of the user that fired, NOTIFICATION one new notification of any other type.
 */
export type TopicPayloads = {
  DAY_MARKET: DayMarketQuote[];
  FOREX_TRADE: OrderView[];
  FOREX_CLOSED: OrderView;
  /** The latest change only (a burst of changes arrives as its last state). */
  REMOTES: RegistryChange[];
  PRICE_ALERT: PriceAlertFrame;
  NOTIFICATION: NotificationFrame;
  SUPPORT_UNREAD: SupportUnread;
  CHAT: ServerChatMessage;
  [kline: `KLINE.${string}`]: KlineUpdate[];
};
/** The payload of one topic. */
export type PayloadOf<T extends Topic> = TopicPayloads[T];

/** Parse a raw frame into a server message; undefined for anything that is not one. */
export function parseServerMessage(
  raw: string,
): ServerMessage | { type?: undefined; raw: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return { raw: value };
  return value as ServerMessage;
}
