/**
 * The one catalogue of envelope codes, read by client and server alike. 1 is success and 999 an expired session (docs/messages.md); every
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
  /** A market order whose fill would be worse than the price the trader saw by more than the deviation allowed. */
  slippageExceeded: 1210,
  /** A partial close of the whole position or more (closing all of it is the close without lots). */
  closeLotsNotLess: 1211,
  /** A partial close that would leave less than the instrument's minimum lots open. */
  closeLotsRemainder: 1212,
  /** close_all: a confirmed position that no longer fits the scope (not losing any more, another instrument). */
  closeAllOutOfScope: 1213,
  /** The instrument's last quote is older than QUOTE_MAX_AGE_MS (the feed stopped): no market order, no close. */
  noPrice: 1250,

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
  /**
   * Finance may not pay out a frozen account's withdrawal nor credit its deposit (the message gives the freeze
   * reason); the record stays waiting until compliance unfreezes the account.
   */
  opsAccountFrozen: 1306,

  // 1400-1499: funds (deposits, withdrawals, wallet)
  /** The deposit network or pay way does not exist or is disabled (or the address is not its address). */
  chargeChannel: 1400,
  /** The proof is not an image uploaded by the caller. */
  proofInvalid: 1401,
  /** Unknown or disabled withdrawal currency. */
  drawCurrency: 1402,
  /** The withdrawal method is not one of the caller's (or not for that currency). */
  drawMethod: 1403,
  /** A coin address that is not valid for its network (format or checksum). */
  addressInvalid: 1404,
  /** A SWIFT/BIC code that is not 8 or 11 characters of the right kinds. */
  swiftInvalid: 1405,
  /** The method was bound too recently: usable after its cooling period (the message says until when). */
  drawCooling: 1406,
  /** Withdrawals pause for 24 h after a password change (the message says until when). */
  drawPasswordPause: 1407,
  /** Withdrawals need an approved real-name verification. */
  drawRealName: 1408,
  /** More than the free margin (balance less what open positions need at live prices). */
  drawInsufficient: 1409,
  /** The amount does not cover the fee. */
  drawBelowFee: 1410,
  /** The method is already bound. */
  drawMethodExists: 1411,
  /**
   * A currency's new price per USD is outside the plausible band around the previous one (× or ÷ 2): saved only
   * when confirmed a second time (`confirm=1`); the message shows what 100 USD paid before and would pay now.
   */
  priceOutsideBand: 1412,
  /** A receiving address (or bank account) we already have, whatever its network's spelling or its state. */
  channelDuplicate: 1413,
  /** A receiving address (or bank account) a trader has bound as their own withdrawal method. */
  channelTraderAddress: 1414,
  /** The proof picture was already used for another deposit. */
  proofUsed: 1415,
  /** The transaction hash or bank reference is already recorded on another deposit. */
  depositRefUsed: 1416,
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
  // 1600-1699: price alerts and notifications
  /** No such alert of the caller (also another trader's alert). */
  alertNotFound: 1600,
  /** The trader already keeps ALERTS_MAX alerts. */
  alertLimit: 1601,
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorCodeName];
