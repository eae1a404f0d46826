/**
 * The accounts and real-name calls' answers (docs/calls.md): the user, a session, a demo session, the captcha, the
 * real-name record. The server's schemas are tied to these types (`contract<T>()`).
 */

/** The user of login, register, the demo account and `/api/user/info`: money as text with 2 decimals ("0.00"). */
export type UserView = {
  id: number;
  uid: string;
  email: string;
  is_demo: 0 | 1;
  credit_score: number;
  invite_code: string;
  balance: string;
  lock_balance: string;
};

/** Login and register: a bearer token (revoked at logout) and its user. */
export type SessionAnswer = { token: string; user: UserView };

/** `GET /api/user/createAccountDemoForU`: a demo account in one tap. */
export type DemoSessionAnswer = { demo_id: string; token: string; user: UserView };

/** `GET /api/captcha`: a PNG data URL and its id (one try, 5 min). */
export type CaptchaAnswer = { id: string; b64s: string };

/** 0 not submitted (or rejected: `reason` is set), 1 waiting for review, 2 approved. */
export type ReviewStatus = 0 | 1 | 2;

/** `GET /api/user_real/center`: the trader's real-name record ('' for what is not there). */
export type RealNameRecord = {
  review_status: ReviewStatus;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  reason: string;
};

/** `POST /api/user_real/real_name`: sent, now waiting for review. */
export type RealNameSubmitted = { review_status: 1 };
