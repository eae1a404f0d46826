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
};

export type Database = {
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
};

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type News = Selectable<NewsTable>;
export type Company = Selectable<CompaniesTable>;
export type RealName = Selectable<RealNameTable>;
