/**
 * The wire contract of a trader's stored notifications (docs/calls.md#notifications): one row per event that concerns
 * the trader's money (docs/rules.md#notifications), newest first, with an unread count, and the trader's switch per
 * type. `type` is an open list: a client shows the types it knows in full and any other as a plain row.
 */
import type { Side } from '../domain/trading';
import type { PriceAlertFired } from './alerts';

/** Kinds of notification, in the order they were introduced; only ever appended to. */
export const NOTIFICATION_TYPES = [
  'price_alert',
  'order_filled',
  'position_closed',
  'margin_call',
  'deposit',
  'withdrawal',
  'kyc',
  'support_reply',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The closes a trader is told of: the ones the trader did not ask for at that moment. */
export const NOTIFIED_CLOSE_REASONS = ['tp', 'sl', 'trailing', 'stop_out'] as const;
export type NotifiedCloseReason = (typeof NOTIFIED_CLOSE_REASONS)[number];

/** `order_filled`: a pending order reached its target and opened. Prices and lots are exact decimal text. */
export type OrderFilled = {
  order_id: number;
  forex_id: number;
  /** The instrument's ShowCode, e.g. `EUR/USD`. */
  code: string;
  side: Side;
  lots: string;
  /** The fill price. */
  price: string;
  time: number;
};

/**
 * `position_closed`: a position closed by its take profit, stop loss, trailing stop or a stop-out. `profit` is the
 * realised P/L the balance received, USD with 2 decimals ("-12.34"); `written_off` what the negative balance
 * protection took back ("0.00" mostly).
 */
export type PositionClosed = {
  order_id: number;
  forex_id: number;
  code: string;
  side: Side;
  lots: string;
  reason: NotifiedCloseReason;
  /** The close price. */
  price: string;
  profit: string;
  written_off: string;
  time: number;
};

/**
 * `margin_call`: the account's margin level fell to or through `threshold` % (MARGIN_CALL_LEVEL_PERCENT, then
 * STOP_OUT_WARNING_LEVEL_PERCENT); `level` is the level then (2 decimals), `stop_out` the stop-out level.
 */
export type MarginCall = { level: string; threshold: number; stop_out: number; time: number };

/**
 * `deposit`: finance decided a deposit. `status` as the deposit record's: 1 credited, 2 rejected, 3 invalid;
 * `amount` (USD, 2 decimals) is what was credited, or what was declared when nothing was.
 */
export type DepositDecided = {
  id: number;
  /** 0 coin, 1 bank (the deposit page's tab). */
  type: 0 | 1;
  status: 1 | 2 | 3;
  amount: string;
  currency_code: string;
  time: number;
};

/**
 * `withdrawal`: finance decided a withdrawal. `status` as the record's: 1 paid, 2 rejected (the amount is back in
 * the balance). `amount` USD taken from the balance; `received` what is paid out, in `currency_code`.
 */
export type WithdrawalDecided = {
  id: number;
  /** 1 coin, 2 bank. */
  type: 1 | 2;
  status: 1 | 2;
  amount: string;
  received: string;
  currency_code: string;
  time: number;
};

/** `kyc`: the identity check was decided: 2 approved, 3 rejected (the identity page says why). */
export type KycDecided = { id: number; status: 2 | 3; time: number };

/**
 * `support_reply`: an agent answered in the trader's support chat. While it is unread, later replies of the same
 * conversation update it (`count` of them, the latest `preview` and `time`) instead of piling up.
 */
export type SupportReply = {
  conversation: number;
  count: number;
  /** The agent's display name, when there is one. */
  agent: string | null;
  /** The start of the latest reply (at most SUPPORT_PREVIEW_MAX characters; `[image]`-like summaries as stored). */
  preview: string;
  time: number;
};

/** The longest reply preview a support_reply carries. */
export const SUPPORT_PREVIEW_MAX = 120;

/** The payload of each kind (only the trader's own information). */
export type NotificationPayloads = {
  price_alert: PriceAlertFired;
  order_filled: OrderFilled;
  position_closed: PositionClosed;
  margin_call: MarginCall;
  deposit: DepositDecided;
  withdrawal: WithdrawalDecided;
  kyc: KycDecided;
  support_reply: SupportReply;
};

/** One notification. `read_at`: epoch ms when marked read, null while unread. */
export type NotificationView = {
  [T in NotificationType]: {
    id: number;
    type: T;
    payload: NotificationPayloads[T];
    read_at: number | null;
    created_at: number;
  };
}[NotificationType];

/** GET /api/notification/list: a page, newest first; `unread` counts every unread notification of the trader. */
export type NotificationPage = { data: NotificationView[]; total: number; unread: number };

/** POST /api/notification/read: the unread count after marking. */
export type NotificationsRead = { unread: number };

/** The most ids one POST /api/notification/read takes. */
export const NOTIFICATION_READ_MAX_IDS = 100;

/**
 * GET and POST /api/notification/settings: each type on (true) or off (false); all on until the trader switches one
 * off. Off: the notification is still kept in the list, already read, but no toast and no push (docs/rules.md).
 */
export type NotificationSettings = { types: Record<NotificationType, boolean> };

/** POST /api/notification/settings (form): one or more types, each `1` on or `0` off; the others stay as they are. */
export type NotificationSettingsParams = Partial<Record<NotificationType, 0 | 1 | '0' | '1'>>;

/** The NOTIFICATION frame (private): a new notification of a type that is on, as the list would show it. */
export type NotificationFrame = NotificationView;
