/**
 * Table types of the one schema both storage modes share. Money is integer minor units (USD cents) in BIGINT
 * columns, never floating point. Times are epoch milliseconds (BIGINT) so both dialects compare them the same way.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type UsersTable = {
  id: Generated<number>;
  uid: string;
  email: string | null;
  mobile: string | null;
  area_id: number | null;
  password_hash: string | null;
  role: 'user' | 'ops';
  is_demo: number;
  /** sha256 of the demo login secret (demo users only). */
  demo_secret_hash: string | null;
  credit_score: number;
  invite_code: string;
  inviter_id: number | null;
  /** USD cents. */
  balance: number;
  /** USD cents. */
  lock_balance: number;
  /** 1 for the simulated traders of the copy-trading ranking (migration 0003). */
  is_bot: Generated<number>;
  /** Set by ops (migration 0004): no new orders, deposits or withdrawals while frozen. */
  frozen_at: Generated<number | null>;
  frozen_reason: Generated<string | null>;
  /** USD cents held for withdrawals waiting for ops (migration 0005). */
  withdraw_hold: Generated<number>;
  /** The last password change (migration 0005): withdrawals pause for 24 h after it. */
  password_changed_at: Generated<number | null>;
  created_at: number;
  updated_at: number;
};

export type SessionsTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
};

/** Every balance change, written in the same transaction as the change it records. */
export type LedgerTable = {
  id: Generated<number>;
  user_id: number;
  /** Signed USD cents. */
  amount: number;
  /** USD cents after the change. */
  balance_after: number;
  /** 'balance' or 'lock_balance'. */
  account: string;
  kind: string;
  ref_type: string | null;
  ref_id: string | null;
  memo: string | null;
  created_at: number;
};

export type VerificationCodesTable = {
  id: Generated<number>;
  channel: 'email' | 'sms';
  target: string;
  /** 1 register, 2 reset. */
  purpose: number;
  code_hash: string;
  attempts: number;
  max_attempts: number;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
};

export type CaptchasTable = {
  id: string;
  answer_hash: string;
  attempts: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
};

export type OutboxTable = {
  id: Generated<number>;
  to_addr: string;
  subject: string;
  body_text: string;
  created_at: number;
};

export type NewsTable = {
  id: Generated<number>;
  category_id: number;
  title: string;
  desc: string;
  logo: string;
  content: string;
  created_at: number;
  /** 1 published (listed), 0 draft (migration 0006: ops edit news). */
  status: Generated<number>;
  updated_at: Generated<number | null>;
};

export type CompaniesTable = {
  id: Generated<number>;
  name: string;
  logo: string;
  url: string;
  subject: string;
  registered_address: string;
  location: string;
  email: string;
  status: number;
  type: number;
  loss_url: string;
};

export type SettingsTable = { key: string; value: string };

export type RealNameTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  /** 1 waiting review, 2 approved, 3 rejected (the client's 0 "not submitted" is the absence of a row). */
  review_status: number;
  /** Ops user who decided, when decided. */
  decided_by: number | null;
  decided_at: number | null;
  reason: string | null;
  created_at: number;
  /** Migration 0004: the listed reason of a rejection (KYC_REJECT_REASONS), the submitter's language, the ops decider. */
  reason_code: Generated<string | null>;
  lang: Generated<string | null>;
  decided_by_ops: Generated<number | null>;
};

export type UploadsTable = {
  id: Generated<number>;
  owner_id: number;
  name: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  created_at: number;
  /**
   * What the upload is for, set the first time it is used (uploads/service.ts `claimUpload`): identity, deposit,
   * chat or feedback; null while unused. It is never used for anything else; a deposit proof is used once.
   */
  purpose: string | null;
};

/**
 * An order: pending (0), holding (1) or closed (3). Prices are exact decimal text; money is micro-units (6 decimals,
 * the spec's precision) beside the cents booked in the ledger (`*_cents`).
 */
export type OrdersTable = {
  id: Generated<number>;
  user_id: number;
  instrument_id: number;
  code: string;
  show_code: string;
  /** 1 buy, 2 sell. */
  side: number;
  /** 0 pending, 1 holding, 3 closed. */
  status: number;
  /** 'market', 'limit' or 'stop' (pending kind decided at submission). */
  kind: string;
  lots: string;
  leverage: number;
  contract_size: string;
  margin_mode: number;
  fee_rate: string;
  fee_type: number;
  quote_currency: string;
  price_precision: number;
  /** The price asked for: the quote at submission (market) or the target (pending). */
  expected_price: string;
  target_price: string | null;
  /** The actual fill price. */
  open_price: string | null;
  stop_loss: string | null;
  take_profit: string | null;
  /** The level that closed it (SL/TP) or the quote when the close was asked for. */
  close_expected_price: string | null;
  close_price: string | null;
  margin_micros: number;
  /** Cents held in lock_balance while holding. */
  margin_cents: number;
  fee_micros: number;
  fee_cents: number;
  /** Realised P/L in USD. */
  profit_micros: number;
  profit_cents: number;
  /** Loss beyond the balance, written off by negative balance protection. */
  written_off_cents: number;
  /** manual, tp, sl, trailing, stop_out, reset, cancel, no_margin. */
  close_reason: string | null;
  client_order_id: string | null;
  created_at: number;
  opened_at: number | null;
  closed_at: number | null;
  /** The position a partial close was taken from (migration 0009); null otherwise. */
  parent_id: Generated<number | null>;
  /**
   * Trailing stop distance in points (migration 0011); 0 for none. While above 0, `stop_loss` is the trailing level
   * the engine ratchets in the trader's favour.
   */
  trailing_distance: Generated<number>;
};

/** A simulated trader of the copy-trading ranking (a user with is_bot 1). */
export type TradersTable = {
  user_id: number;
  name: string;
  style: string;
  multiple: number;
  code: string;
  created_at: number;
};

/** A candle built from live ticks (modules/markets). Prices are market data (double), not money. */
export type CandlesTable = {
  instrument_id: number;
  /** 1M, 5M, 15M, 30M, 1H or 1D. */
  period: string;
  /** Bucket start, epoch ms (UTC-aligned). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};

/** Per instrument: the anchor of its synthetic history (seed, time, price) and the last quote. */
export type MarketStateTable = {
  instrument_id: number;
  code: string;
  history_seed: number;
  anchor_time: number;
  anchor_price: number;
  bid: number;
  ask: number;
  quote_time: number;
};

/** An ops (back office) person: an identity apart from traders (migration 0004). */
export type OpsAccountsTable = {
  id: Generated<number>;
  email: string;
  password_hash: string;
  /** Comma-separated OpsRole list. */
  roles: string;
  /** Base32 TOTP secret; null until enrolled. */
  totp_secret: string | null;
  /** The last TOTP time step accepted: a code is good once. */
  totp_last_step: number | null;
  disabled_at: number | null;
  last_sign_in_at: number | null;
  created_at: number;
  updated_at: number;
};

/** Ops sessions: 30 min idle (last_seen_at), 12 h absolute (expires_at), revoked at sign-out. */
export type OpsSessionsTable = {
  id: Generated<number>;
  ops_id: number;
  token_hash: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
};

/** Append-only: the database refuses UPDATE and DELETE (triggers), and no code path issues them. */
export type AuditLogTable = {
  id: Generated<number>;
  at: number;
  actor_id: number | null;
  actor_email: string;
  actor_roles: string;
  action: string;
  object_type: string | null;
  object_id: string | null;
  summary: string;
  ip: string;
};

/** One support conversation (migration 0006): a trader's or visitor's chat, or one feedback entry. */
export type SupportConversationsTable = {
  id: Generated<number>;
  channel: 'chat' | 'feedback';
  user_id: number | null;
  /** The guest's device id while no account is linked (kept after linking, no longer an access key). */
  visitor_id: string | null;
  status: 'open' | 'pending' | 'resolved';
  topic: string | null;
  assignee_id: number | null;
  /** Highest message id read by the trader / by an agent. */
  user_read_id: number;
  agent_read_id: number;
  /** Epoch ms of the oldest trader message not answered yet, or null. */
  waiting_since: number | null;
  last_text: string;
  created_at: number;
  updated_at: number;
};

export type SupportMessagesTable = {
  id: Generated<number>;
  conversation_id: number;
  sender: 'user' | 'agent';
  ops_id: number | null;
  client_id: string | null;
  body: string;
  image: string | null;
  created_at: number;
  /** Epoch ms the offline e-mail went out (agent messages), or null. */
  mailed_at: number | null;
};

export type SupportCannedTable = {
  id: Generated<number>;
  title: string;
  body: string;
  created_at: number;
};

export type Database = {
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  support_canned: SupportCannedTable;
  users: UsersTable;
  sessions: SessionsTable;
  ledger: LedgerTable;
  verification_codes: VerificationCodesTable;
  captchas: CaptchasTable;
  outbox: OutboxTable;
  news: NewsTable;
  companies: CompaniesTable;
  settings: SettingsTable;
  real_name: RealNameTable;
  uploads: UploadsTable;
  candles: CandlesTable;
  market_state: MarketStateTable;
  orders: OrdersTable;
  traders: TradersTable;
  ops_accounts: OpsAccountsTable;
  ops_sessions: OpsSessionsTable;
  audit_log: AuditLogTable;
  pay_channels: PayChannelsTable;
  deposits: DepositsTable;
  draw_currencies: DrawCurrenciesTable;
  draw_methods: DrawMethodsTable;
  withdrawals: WithdrawalsTable;
  favourites: FavouritesTable;
  price_alerts: PriceAlertsTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_settings: NotificationSettingsTable;
  margin_calls: MarginCallsTable;
  telemetry_counts: TelemetryCountsTable;
  telemetry_sessions: TelemetrySessionsTable;
  telemetry_vitals: TelemetryVitalsTable;
  telemetry_errors: TelemetryErrorsTable;
};

/** The key of every release-health row: a remote version and a minute (epoch ms of its start, server time). */
type TelemetryKey = { remote: string; version: string; minute: number };

/** Release health counters of one remote version in one minute (migration 0015, docs/ops.md#release-health). */
export type TelemetryCountsTable = TelemetryKey & {
  loads: number;
  render_errors: number;
  unhandled_errors: number;
  chunk_failures: number;
};

/** One tab that reported on a remote version in a minute: its random id hashed, whether it saw a failure. */
export type TelemetrySessionsTable = TelemetryKey & { session: string; errored: number };

/** How many values of a web vital fell in one histogram bucket (modules/telemetry/buckets.ts). */
export type TelemetryVitalsTable = TelemetryKey & { metric: string; bucket: number; count: number };

/** One distinct error of a remote version in a minute (message without personal parts, the remote's frame). */
export type TelemetryErrorsTable = TelemetryKey & {
  fingerprint: string;
  kind: string;
  message: string;
  frame: string | null;
  count: number;
  last_at: number;
};

/** Our receiving addresses (type 0 coin) and bank pay ways (type 1), set by finance ops (migration 0005). */
export type PayChannelsTable = {
  id: Generated<number>;
  type: number;
  currency_code: string;
  protocol_code: string;
  address: string;
  name: string;
  bank_name: string;
  payee_name: string;
  payee_account: string;
  bank_swift: string;
  enabled: number;
  created_at: number;
};

/** A deposit the trader declared, with its proof, until finance decides it. */
export type DepositsTable = {
  id: Generated<number>;
  user_id: number;
  type: number;
  channel_id: number;
  amount_cents: number;
  proof_img: string;
  address: string;
  currency_code: string;
  status: number;
  remark: string;
  lang: string;
  decided_by_ops: number | null;
  decided_at: number | null;
  created_at: number;
  /** Cents finance found received and credited (migration 0007); null until approved. */
  received_cents: Generated<number | null>;
  /** The transaction hash or bank reference finance recorded on approval, unique (migration 0007). */
  tx_ref: Generated<string | null>;
};

/** The currencies a withdrawal is paid in (rates as exact decimal text). */
export type DrawCurrenciesTable = {
  id: Generated<number>;
  type: number;
  code: string;
  protocol: string;
  draw_rate: string;
  fee_type: number;
  usd_price: string;
  enabled: number;
  created_at: number;
};

/** A trader's bound withdrawal method: a coin address or a bank account; usable from `usable_at`. */
export type DrawMethodsTable = {
  id: Generated<number>;
  user_id: number;
  type: number;
  draw_currency_id: number;
  dc_address: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  branch_name: string;
  receive_currency: string;
  remark: string;
  usable_at: number;
  deleted_at: number | null;
  created_at: number;
};

/** A withdrawal: the amount is held from the balance until ops pay it (1) or reject it (2, the hold returns). */
export type WithdrawalsTable = {
  id: Generated<number>;
  user_id: number;
  type: number;
  draw_currency_id: number;
  draw_method_id: number;
  currency_code: string;
  amount_cents: number;
  fee_cents: number;
  real_number: string;
  address: string;
  payee_account: string;
  memo: string;
  status: number;
  notes: string;
  lang: string;
  decided_by_ops: number | null;
  decided_at: number | null;
  created_at: number;
};

/** A trader's favourite instrument (migration 0009): unique per user and instrument, listed by `position`. */
export type FavouritesTable = {
  user_id: number;
  forex_id: number;
  /** 0 for the first shown. */
  position: number;
  created_at: number;
};

/** A trader's price alert (migration 0012, docs/rules.md#alerts). */
export type PriceAlertsTable = {
  id: Generated<number>;
  user_id: number;
  instrument_id: number;
  /** `price` or `percent` (AlertKind). */
  kind: string;
  /** `bid` or `ask` (percent alerts: `bid`). */
  side: string;
  /** `above` or `below`. */
  direction: string;
  /** Exact decimal text (price alerts), else null. */
  level: string | null;
  /** Exact decimal text, the size of the move (percent alerts), else null. */
  percent: string | null;
  repeat: number;
  cooldown_s: number;
  /** 1 waiting to fire, 0 fired (and, repeating, not armed again yet). */
  armed: number;
  /** Bumped by every save: a firing names the version it evaluated. */
  version: number;
  last_fired_at: number | null;
  fired_count: number;
  created_at: number;
  updated_at: number;
};

/**
 * One stored notification (migration 0012): `payload` is JSON of the type's payload; `created_at` the time of its
 * latest event. `group_key` (migration 0014): notifications of one thread (a support conversation), of which at most
 * one is unread.
 */
export type NotificationsTable = {
  id: Generated<number>;
  user_id: number;
  type: string;
  payload: string;
  read_at: number | null;
  created_at: number;
  group_key: string | null;
};

/** A trader's switch of one notification type (migration 0014); no row: on. `enabled` 1 on, 0 off. */
export type NotificationSettingsTable = {
  user_id: number;
  type: string;
  enabled: number;
  updated_at: number;
};

/**
 * The margin-call crossing an account was last told of (migration 0014): `zone` 0 above 100 %, 1 at or below 100 %,
 * 2 at or below the stop-out warning level (marginCallZone). Written by the engine's leader only, conditionally.
 */
export type MarginCallsTable = {
  user_id: number;
  zone: number;
  updated_at: number;
};

/**
 * One device's Web Push subscription (migration 0013): unique per endpoint, tied to the session that made it (gone
 * with that session), encrypted for with `p256dh` and `auth`, shown in `lang`, made under the VAPID key `vapid_key`.
 */
export type PushSubscriptionsTable = {
  id: Generated<number>;
  user_id: number;
  session_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
  vapid_key: string;
  created_at: number;
  updated_at: number;
};

export type PriceAlert = Selectable<PriceAlertsTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type News = Selectable<NewsTable>;
export type Company = Selectable<CompaniesTable>;
export type RealName = Selectable<RealNameTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
