/**
 * The pure part of `@meridian/shared`: no React, no DOM. The server imports only this entry, so client and server
 * agree on protocol, codes, constants and formulas by construction.
 */
export {
  CODE_OK,
  CODE_SESSION_EXPIRED,
  LANGUAGES,
  DEFAULT_LANGUAGE,
  RTL_LANGUAGES,
  LANGUAGE_BCP47,
  normalizeLanguage,
  PERIODS,
  BALANCE_DECIMALS,
  PROFIT_DECIMALS,
  MARGIN_DECIMALS,
  SLTP_BALANCE_THRESHOLD,
  CODE_COUNTDOWN_SECONDS,
  PING_INTERVAL_MS,
  MAX_MISSED_PONGS,
  CONNECT_TIMEOUT_MS,
  HOME_SKELETON_ROWS,
  REFRESH_INDICATOR_MS,
  NEWS_CATEGORY_ID,
  DEMO_SITE_TITLE,
} from './constants';
export type { Language, Period } from './constants';
export { LANGUAGE_NAMES } from './i18n/language-names';
export { ERROR_CODES } from './errors/codes';
export type { ErrorCode, ErrorCodeName } from './errors/codes';
export { PROTOCOL_VERSION, TOPICS, klineTopic, isTopic, parseServerMessage } from './protocol/realtime';
export type {
  Topic,
  ClientMessage,
  ClientLogin,
  ClientPing,
  ClientSubscribe,
  ClientUnsubscribe,
  ServerMessage,
  ServerLoginResult,
  ServerPong,
  ServerTopicMessage,
  ServerError,
  DayMarketQuote,
  KlineUpdate,
} from './protocol/realtime';
export type { Envelope } from './api/envelope';
export {
  parseDecimal,
  toMicros,
  formatMicros,
  microsToCents,
  centsToMicros,
  roundPrice,
  BUY,
  SELL,
  MARGIN_MODE_FIXED,
  FEE_TYPE_PER_LOT,
  STOP_OUT_LEVEL_PERCENT,
  openPriceOf,
  closePriceOf,
  marginMicros,
  feeMicros,
  profitQuoteMicros,
  profitUsdMicros,
  toUsdMicros,
  marginLevelPercent,
  isStopOut,
  liquidationOf,
  checkLots,
  isValidLots,
  stepLots,
  checkStops,
  pendingKindOf,
  pendingReached,
  stopHit,
} from './domain/trading';
export type {
  DecimalInput,
  Side,
  MarginInput,
  FeeInput,
  ProfitInput,
  AccountState,
  NewOrderLiquidationInput,
  NewOrderLiquidation,
  LotsCheck,
  StopsCheck,
  PendingKind,
} from './domain/trading';
export { sanitizeDecimal, sanitizeDigits } from './domain/input';
export type { DecimalFieldOptions } from './domain/input';
export { BOOT_ELEMENT_ID } from './protocol/boot';
export type { BootData, BootSite } from './protocol/boot';
export { isMobileUserAgent, isAndroidUserAgent, desktopSiteOrigin } from './api/device';
export { resolveApiOrigin } from './api/api-host';
export type { ApiHostConfig, PageLocation } from './api/api-host';
