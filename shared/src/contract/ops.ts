/**
 * The ops (back office) wire contract: roles, sessions, the dashboard counts, the audit log, and the calls of the
 * ops pages. Types cost no bytes; the few constants are small and only bundled by whoever imports them (the
 * server, the ops pages). A module adding ops calls adds its types here first.
 */
import type { OpsPath } from '../navigation/ops-paths';

/** `admin` may do everything (and manage ops accounts); the others are the teams' roles. */
export const OPS_ROLES = ['admin', 'support', 'finance', 'compliance'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

/** Ops sessions: this long without a call ends them (by default: `OPS_IDLE_SECONDS`), and this long in all. */
export const OPS_IDLE_TIMEOUT_MS = 30 * 60_000;
export const OPS_ABSOLUTE_TIMEOUT_MS = 12 * 3_600_000;

/**
 * Request header of an ops call made by the page itself (a background refresh), not by the person: `1` checks the
 * session without pushing its idle end back, so a back office left open still signs out after the idle limit.
 */
export const OPS_PASSIVE_HEADER = 'x-ops-passive';

/** The signed-in ops person (`GET /api/ops/auth/me`, and the sign-in answer). */
export type OpsMe = {
  id: number;
  email: string;
  roles: OpsRole[];
  /** Epoch ms: the session ends then whatever happens (12 h after sign-in). */
  expires_at: number;
  /** Idle timeout in ms (30 min by default): every call but a passive one pushes the idle end back. */
  idle_timeout_ms: number;
};

/** `POST /api/ops/auth/login` form `email, password, code` (the 6-digit TOTP). */
export type OpsSignInResult = { token: string; account: OpsMe };

/** A page of rows (ops lists are paged by number: `page` from 1, `limit`). */
export type OpsPage<T> = { data: T[]; total: number; page: number; limit: number };

/**
 * One dashboard count (`GET /api/ops/dashboard`). A module registers a provider on the server
 * (`ctx.opsDashboard.register(...)`), which says what waits for action; the dashboard shows the counts the
 * caller's roles may act on. `label` is already in the caller's language.
 */
export type OpsDashboardItem = {
  id: string;
  label: string;
  count: number;
  /** Epoch ms of the oldest waiting item (for "waiting since"), or null. */
  oldest_at: number | null;
  /** The ops page that works this queue, or null. */
  path: OpsPath | null;
};

export type OpsDashboard = {
  items: OpsDashboardItem[];
  /** Traders with an open realtime connection, now. */
  users_online: number;
  /** Orders placed since 00:00 UTC by traders (simulated traders left out). */
  orders_today: number;
  server_time: number;
};

/** One audit row (`GET /api/ops/audit`). Rows are only ever appended. */
export type OpsAuditRow = {
  id: number;
  at: number;
  /** Null for events without a signed-in ops person (a failed sign-in, the CLI, a trader's token refused). */
  actor_id: number | null;
  actor_email: string;
  actor_roles: string;
  /** Dotted, `<area>.<verb>`: `kyc.approve`, `remote.rollback`, `ops.sign_in_failed`… */
  action: string;
  object_type: string | null;
  object_id: string | null;
  /** Before/after summary as JSON text. */
  summary: string;
  ip: string;
  /**
   * Who the summary's ids are: `user:<id>` → the trader's UID (for `user_id` keys, and a `security.*` row's
   * object), `ops:<id>` → the ops account's e-mail (for `assignee`, `ops_id`).
   */
  refs: Record<string, string>;
};

/** `GET /api/ops/audit` query. `from`/`to` are epoch ms (inclusive from, exclusive to). */
export type OpsAuditQuery = {
  actor?: string;
  action?: string;
  object_type?: string;
  object_id?: string;
  from?: number;
  to?: number;
  page?: number;
  limit?: number;
};

// ---- staff (ops accounts), admin only ----

export type OpsAccountView = {
  id: number;
  email: string;
  roles: OpsRole[];
  /** False until a TOTP secret is set (a reset clears nothing else). */
  totp_enrolled: boolean;
  disabled: boolean;
  created_at: number;
  last_sign_in_at: number | null;
};

/** Shown once: a new account's generated password and TOTP secret, or a reset's. */
export type OpsSecrets = {
  account: OpsAccountView;
  password?: string;
  /** `otpauth://totp/...` for an authenticator app (also drawn as a QR code). */
  otpauth_uri?: string;
};

// ---- remotes (admin only) ----

export type OpsRemoteVersion = { version: string; built_at: string | null; online: boolean };
/**
 * One registry change. `release`, `rollback`, `promote`, `auto_rollback` made `to` current; `canary` sent `to` to
 * `percent` % of devices; `abort` and `auto_abort` ended the canary `from` (every device back on `to`). `by` is the
 * ops e-mail, `cli:<user>` for the command line, `auto` for the server; an automatic change carries `check`, the
 * figures that decided it.
 */
export type OpsRemoteHistory = {
  at: string;
  action: string;
  from: string | null;
  to: string;
  by: string | null;
  percent?: number;
  check?: OpsReleaseCheck;
};

/** One version's figures over a window, from the sessions that ran it (the telemetry's per-version health). */
export type OpsReleaseFigures = {
  version: string;
  sessions: number;
  /** Sessions that met an error on this remote (its boundary, an unhandled error, a chunk that failed). */
  error_sessions: number;
  /** error_sessions / sessions, percent (0 without sessions). */
  error_rate: number;
  chunk_failures: number;
  /** chunk_failures / sessions, percent (0 without sessions). */
  chunk_failure_rate: number;
};

/**
 * The release guard's reading of a canary against the current version (or of a fresh release against the version
 * before it) over one window: the figures and what the rule (docs/ops.md#automatic-abort-and-rollback) makes of them.
 */
export type OpsReleaseCheck = {
  candidate: OpsReleaseFigures;
  baseline: OpsReleaseFigures;
  /** Why the rule stops (or stopped) it: `errors` or `chunks`; null while it holds. */
  reason: 'errors' | 'chunks' | null;
  /** Candidate sessions still needed before the rule may act (0: enough). */
  sessions_needed: number;
  /** The window, epoch ms: from `since` to `at`. */
  since: number;
  at: number;
};

/** A running canary: `version` on `percent` % of devices (sticky per device) since `since`. */
export type OpsRemoteCanary = {
  version: string;
  percent: number;
  /** ISO time it started (a change of share keeps it). */
  since: string;
  by: string | null;
  /** Its health against the current version's over the same window; null when it could not be read. */
  check: OpsReleaseCheck | null;
};

/** `GET /api/ops/remotes/guard`: the automatic abort rule's settings, and whether it also rolls releases back. */
export type OpsReleaseGuard = {
  /** After a full release, roll back to the previous version by the same rule (off unless an admin turns it on). */
  auto_rollback: boolean;
  /** The rule acts only once the candidate has this many sessions (CANARY_MIN_SESSIONS). */
  min_sessions: number;
  /** Error rate above this many times the baseline's … */
  error_ratio: number;
  /** … and above this percent. */
  error_floor_percent: number;
  /** Or chunk-load failures in at least this percent of its sessions (CANARY_CHUNK_FAILURE_PERCENT). */
  chunk_failure_percent: number;
  /** How often the lease holder checks (seconds). */
  check_seconds: number;
  /** How long after a full release it is watched for the automatic rollback (hours). */
  watch_hours: number;
};

export type OpsRemote = {
  remote: string;
  current: string | null;
  /** The canary running, or null. */
  canary: OpsRemoteCanary | null;
  versions: OpsRemoteVersion[];
  history: OpsRemoteHistory[];
  /**
   * The versions "Roll back" may go to, the default first (ours, additive): each one current before the present
   * one, online. Empty: nothing to roll back to (the call answers 1006).
   */
  rollback_targets: string[];
};

// ---- KYC review (compliance, admin) ----

/** Reasons offered when rejecting a real-name submission; `other` needs a note. */
export const KYC_REJECT_REASONS = [
  'unreadable',
  'mismatch',
  'expired',
  'incomplete',
  'not_id',
  'duplicate',
  'other',
] as const;
export type KycRejectReason = (typeof KYC_REJECT_REASONS)[number];

export type OpsKycQueueItem = {
  id: number;
  uid: string;
  email: string;
  name: string;
  card_id: string;
  created_at: number;
};

/** `GET /api/ops/kyc/queue`: the waiting submissions, oldest first, with the server's clock for "waiting for". */
export type OpsKycQueue = OpsPage<OpsKycQueueItem> & { server_time: number };

export type OpsKycSubmission = {
  id: number;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  /** 1 waiting, 2 approved, 3 rejected. */
  review_status: 1 | 2 | 3;
  /** The listed reason of a rejection (null otherwise). */
  reason_code: KycRejectReason | null;
  /** The reason as the trader reads it (in the caller's language). */
  reason: string | null;
  decided_by: string | null;
  decided_at: number | null;
  created_at: number;
};

export type OpsKycDetail = {
  submission: OpsKycSubmission;
  user: { id: number; uid: string; email: string; created_at: number; frozen: boolean };
  /** Every submission of the user, newest first (the current one included). */
  history: OpsKycSubmission[];
};

/** `POST /api/ops/kyc/decide`: `decision` approve | reject; a rejection names `reason_code` (and `note`). */
export type OpsKycDecision = {
  id: number;
  decision: 'approve' | 'reject';
  reason_code?: KycRejectReason;
  note?: string;
};

/** `POST /api/ops/kyc/decide` answer: the submission's new state (2 approved, 3 rejected). */
export type OpsKycDecided = { id: number; review_status: 2 | 3 };

// ---- users (support, compliance, finance, admin) ----

export type OpsUserRow = {
  id: number;
  uid: string;
  email: string;
  invite_code: string;
  is_demo: 0 | 1;
  /** 1 for the simulated traders of the ranking. */
  is_bot: 0 | 1;
  frozen: boolean;
  created_at: number;
};

/**
 * An open order on a user's page: 0 pending, 1 holding; prices are exact decimal text at the instrument's precision
 * ("1.10020"), as the trader's own list shows them.
 */
export type OpsUserOrder = {
  id: number;
  code: string;
  /** 1 buy, 2 sell. */
  side: 1 | 2;
  status: 0 | 1;
  lots: string;
  /** The fill price (null while pending). */
  open_price: string | null;
  /** A pending order's target (null for a market order). */
  target_price: string | null;
  created_at: number;
};

/** A ledger row on a user's page; amounts in USD as "0.00". */
export type OpsLedgerRow = {
  id: number;
  amount: string;
  balance_after: string;
  /** Which balance moved. */
  account: 'balance' | 'lock_balance';
  /** What booked it: `trade_margin`, `trade_fee`, `trade_profit`, `demo_grant`, … (an open list). */
  kind: string;
  /** The movement in the caller's language, as the trader's own ledger names it (or its memo). */
  label: string;
  memo: string | null;
  created_at: number;
};

/** A live trader session (not revoked, not expired). */
export type OpsUserSession = { id: number; created_at: number; expires_at: number; ip: string | null };

export type OpsUserDetail = {
  user: OpsUserRow & {
    balance: string;
    lock_balance: string;
    credit_score: number;
    frozen_reason: string | null;
    frozen_at: number | null;
    /** 0 none, 1 waiting, 2 approved, 3 rejected (last submission). */
    kyc_status: 0 | 1 | 2 | 3;
  };
  /** Pending and holding orders, newest first (at most 200). */
  open_orders: OpsUserOrder[];
  /** The last 100 ledger rows, newest first. */
  ledger: OpsLedgerRow[];
  sessions: OpsUserSession[];
};

/** `POST /api/ops/users/sign_out_all` answer: how many live sessions were revoked. */
export type OpsSignOutAll = { revoked: number };

/** `POST /api/ops/users/freeze` and `/unfreeze` answer. */
export type OpsFreezeState = { uid: string; frozen: boolean };
