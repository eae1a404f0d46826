/**
 * The one catalogue of envelope codes (ARCHITECTURE §5). 1 is success and 999 an expired session (spec §8); every
 * other kind of refusal has its own stable number so that clients branch on codes, never on `msg`.
 * Numbers are never reused: add new ones at the end of their block.
 */
export const ERROR_CODES = {
  ok: 1,
  sessionExpired: 999,

  // 1000-1099: generic
  badRequest: 1000,
  validation: 1001,
  notFound: 1002,
  forbidden: 1003,
  rateLimited: 1004,
  payloadTooLarge: 1005,
  conflict: 1006,
  internal: 1007,
  unavailable: 1008,
  demoForbidden: 1009,

  // 1100-1199: accounts
  accountExists: 1100,
  badCredentials: 1101,
  badCode: 1102,
  codeExpired: 1103,
  codeTooSoon: 1104,
  badCaptcha: 1105,
  passwordMismatch: 1106,
  smsUnavailable: 1107,
  realNamePending: 1108,
  realNameApproved: 1109,
  badUpload: 1110,
  inviteInvalid: 1111,

  // 1200-1299: trading
  marketClosed: 1200,
  leverageInvalid: 1201,
  lotsInvalid: 1202,
  insufficientBalance: 1203,
  stopsInvalid: 1204,
  stopsNotAllowed: 1205,
  orderNotFound: 1206,
  orderState: 1207,
  instrumentNotFound: 1208,
  /** A stop loss or take profit that is not a price (negative, not a number, out of range). */
  stopPriceInvalid: 1209,

  // 1300-1399: ops (back office) and account restrictions
  /** A trader or demo token on an ops call. */
  opsOnly: 1300,
  /** The ops person's roles do not allow this call. */
  opsRole: 1301,
  /** Wrong, expired or already used authenticator code. */
  opsBadTotp: 1302,
  /** Someone else decided first (the message says who and when). */
  opsAlreadyDecided: 1303,
  /** The account is frozen: no new orders, deposits or withdrawals (the message says why). */
  accountFrozen: 1304,
  /** An ops token on a trader call. */
  opsTokenOnTrader: 1305,

  // 1500-1599: support (chat, feedback, news editing)
  /** No such conversation for this caller (also another trader's or a user's conversation for a visitor id). */
  chatNotFound: 1500,
  /** Too many chat messages in a short time. */
  chatRateLimited: 1501,
  /** Empty message, text over the cap, or an image that is not the sender's upload. */
  chatInvalid: 1502,
  /** A chat message before `chat.join` / `chat.agent`, or an agent call without the support role. */
  chatNotJoined: 1503,
  /** The ops token on `chat.agent` is not a live support (or admin) session. */
  chatAgentRefused: 1504,
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorCodeName];
