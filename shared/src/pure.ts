/**
 * The pure part of `@meridian/shared`: no React, no DOM. The server imports only this entry, so client and server
 * agree on protocol, codes, constants and formulas by construction. The wire contract (every call's parameters and
 * answer, every topic's payload) is here too, as types: a module adds its contract under `contract/` first, the
 * server's response schemas are checked against it, and clients import it instead of restating it.
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
export { canaryBucket, inCanary } from './session/canary';
export type {
  Topic,
  TopicPayloads,
  PayloadOf,
  ClientMessage,
  ClientLogin,
  ClientPing,
  ClientSubscribe,
  ClientUnsubscribe,
  ServerMessage,
  ServerLoginResult,
  ServerPong,
  ServerSubscribed,
  ServerTopicMessage,
  ServerError,
  DayMarketQuote,
  RegistryChange,
  RegistryCanaryChange,
  KlineUpdate,
} from './protocol/realtime';
export { isChatType } from './protocol/chat';
export type {
  ClientChatMessage,
  ClientChatJoin,
  ClientChatAgent,
  ClientChatSend,
  ClientChatTyping,
  ClientChatRead,
  ClientChatHistory,
  ServerChatMessage,
  ServerChatState,
  ServerChatNew,
  ServerChatTyping,
  ServerChatRead,
  ServerChatStatus,
  ServerChatHistory,
  ServerChatInbox,
  ServerChatAgent,
  ServerChatError,
} from './protocol/chat';
export type { Envelope } from './api/envelope';
export {
  parseDecimal,
  AmountOutOfRangeError,
  toMicros,
  formatMicros,
  microsToCents,
  centsToMicros,
  roundPrice,
  priceText,
  BUY,
  SELL,
  MARGIN_MODE_FIXED,
  FEE_TYPE_PER_LOT,
  STOP_OUT_LEVEL_PERCENT,
  MARGIN_CALL_LEVEL_PERCENT,
  STOP_OUT_WARNING_LEVEL_PERCENT,
  marginCallZone,
  openPriceOf,
  closePriceOf,
  marginMicros,
  feeMicros,
  profitQuoteMicros,
  profitUsdMicros,
  toUsdMicros,
  usdRateOf,
  usdRateFollowsPrice,
  marginLevelPercent,
  isStopOut,
  liquidationOf,
  slippageExceeded,
  shiftByPoints,
  trailingLevel,
  betterStop,
  deviationUnitPoints,
  checkLots,
  isValidLots,
  stepLots,
  checkStops,
  pendingKindOf,
  pendingReached,
  stopHit,
  checkPartialClose,
  shareOf,
  lotsMinus,
} from './domain/trading';
export type {
  DecimalInput,
  Side,
  MarginMode,
  MarginInput,
  FeeInput,
  ProfitInput,
  AccountState,
  NewOrderLiquidationInput,
  NewOrderLiquidation,
  LotsCheck,
  PartialCloseCheck,
  StopsCheck,
  PendingKind,
} from './domain/trading';

// The in-app path table (values here: each app bundles only what it reads; the types are in the main entry too)
export { PATHS, hrefs } from './navigation/paths';
export type { AppPath, AppHref } from './navigation/paths';
export { OPS_PATHS } from './navigation/ops-paths';
export type { OpsPath } from './navigation/ops-paths';

// The wire contract
export {
  ORDER_STATUS,
  CLOSE_REASONS,
  DEVIATION_STEPS,
  DEFAULT_DEVIATION_STEP,
  MAX_DEVIATION_POINTS,
  MAX_TRAILING_POINTS,
  TRADE_INPUT_LIMITS,
  CLOSE_ALL_SCOPES,
  CLOSE_ALL_MAX_IDS,
} from './contract/trading';
export type {
  OrderStatus,
  CloseReason,
  OrderKind,
  OrderView,
  SubmitParams,
  DealPage,
  DemoReset,
  CloseAllScope,
  CloseAllParams,
  CloseAllFailure,
  CloseAllResult,
} from './contract/trading';
export {
  LEDGER_TYPE,
  DEPOSIT_TYPE,
  DEPOSIT_STATUS,
  DRAW_TYPE,
  WITHDRAW_STATUS,
  FEE_TYPE_FIXED,
  CASHIER_LOCKS,
} from './contract/funds';
export type {
  Balance,
  AccountFigures,
  LedgerType,
  LedgerRow,
  LedgerPage,
  DepositType,
  DepositStatus,
  DepositNetwork,
  PayWay,
  DepositRecord,
  DepositRecordPage,
  DepositSubmitted,
  DrawType,
  WithdrawStatus,
  DrawSymbol,
  DrawMethod,
  WithdrawRecord,
  WithdrawRecordPage,
  WithdrawPlaced,
  CashierLock,
  CashierState,
  OpsDeposit,
  OpsDepositPage,
  OpsFundsAccount,
  OpsDepositDecision,
  OpsWithdrawal,
  OpsWithdrawalPage,
  OpsWithdrawalDecision,
  OpsFundsDecided,
  OpsPayChannel,
  OpsDrawCurrency,
  Statement,
  StatementMovement,
  StatementTrade,
} from './contract/funds';
export {
  currencyDecimals,
  isMoneyText,
  isZeroAmount,
  MONEY_FIELD,
  moneyToCents,
  PRICE_BAND_FACTOR,
  priceOutsideBand,
  withdrawQuote,
} from './domain/withdraw';
export type { WithdrawQuote } from './domain/withdraw';
export type {
  UserView,
  SessionAnswer,
  DemoSessionAnswer,
  CaptchaAnswer,
  ReviewStatus,
  RealNameRecord,
  RealNameSubmitted,
} from './contract/accounts';
export type {
  BasicInfo,
  Area,
  Setting,
  NewsItem,
  NewsPage,
  NewsArticle,
  Announcement,
  ComplaintEmail,
  Company,
  CompanyPage,
  CompanyStatus,
} from './contract/content';
export { ENDPOINTS } from './contract/endpoints';
export type { Endpoints, Endpoint, HttpMethod, PathOf, AnswerOf, ImageUploaded } from './contract/endpoints';
export { QUOTE_MAX_AGE_MS, quoteIsFresh } from './contract/markets';
export type { TradeListItem, Category, Candle } from './contract/markets';
export type { Health, HealthState, RedisState, FeedState } from './contract/health';
export type { RankingItem, RankingPage } from './contract/social';
export { FAVOURITES_MAX } from './contract/favourites';
export type { FavouriteList } from './contract/favourites';
export { ALERTS_MAX, ALERT_DIRECTIONS, ALERT_KINDS, ALERT_LIMITS, ALERT_SIDES } from './contract/alerts';
export type {
  AlertDeleted,
  AlertDirection,
  AlertKind,
  AlertList,
  AlertSaveParams,
  AlertSide,
  AlertView,
  PriceAlertFired,
  PriceAlertFrame,
} from './contract/alerts';
export {
  NOTIFICATION_READ_MAX_IDS,
  NOTIFICATION_TYPES,
  NOTIFIED_CLOSE_REASONS,
  SUPPORT_PREVIEW_MAX,
} from './contract/notifications';
export {
  isKnownNotification,
  notificationHref,
  notificationText,
  priceAlertFigures,
} from './notifications/describe';
export type { NotificationText } from './notifications/describe';
export { PUSH_LIMITS } from './contract/push';
export type {
  PushKey,
  PushMessage,
  PushSubscribed,
  PushSubscribeParams,
  PushUnsubscribed,
  PushUnsubscribeParams,
} from './contract/push';
export type {
  DepositDecided,
  KycDecided,
  MarginCall,
  NotificationFrame,
  NotificationPage,
  NotificationPayloads,
  NotificationSettings,
  NotificationSettingsParams,
  NotificationsRead,
  NotificationType,
  NotificationView,
  NotifiedCloseReason,
  OrderFilled,
  PositionClosed,
  SupportReply,
  WithdrawalDecided,
} from './contract/notifications';
export {
  OPS_ROLES,
  OPS_IDLE_TIMEOUT_MS,
  OPS_ABSOLUTE_TIMEOUT_MS,
  OPS_PASSIVE_HEADER,
  KYC_REJECT_REASONS,
} from './contract/ops';
export type {
  OpsRole,
  OpsMe,
  OpsSignInResult,
  OpsPage,
  OpsDashboardItem,
  OpsDashboard,
  OpsAuditRow,
  OpsAuditQuery,
  OpsAccountView,
  OpsSecrets,
  OpsRemote,
  OpsRemoteVersion,
  OpsRemoteHistory,
  OpsRemoteCanary,
  OpsReleaseFigures,
  OpsReleaseCheck,
  OpsReleaseGuard,
  KycRejectReason,
  OpsKycQueueItem,
  OpsKycQueue,
  OpsKycSubmission,
  OpsKycDetail,
  OpsKycDecision,
  OpsKycDecided,
  OpsUserRow,
  OpsUserOrder,
  OpsLedgerRow,
  OpsUserSession,
  OpsUserDetail,
  OpsSignOutAll,
  OpsFreezeState,
} from './contract/ops';

export {
  TELEMETRY_LIMITS,
  VITAL_MAX,
  VITAL_NAMES,
  REMOTE_ERROR_KINDS,
  HEALTH_WINDOWS,
  DEVICE_ID_PATTERN,
  SESSION_ID_PATTERN,
} from './contract/telemetry';
export type {
  VitalName,
  RemoteErrorKind,
  RemoteErrorSample,
  RemoteHealthItem,
  RemoteHealthBeacon,
  OpsVersionHealth,
  OpsRemoteHealth,
  HealthWindow,
  OpsRemotesHealth,
} from './contract/telemetry';
export {
  REMOTE_VERSION_PATTERN,
  remoteFrame,
  remoteOfUrl,
  cleanMessage,
  isLoadFailure,
} from './telemetry/attribution';
export type { RemoteFrame } from './telemetry/attribution';

export {
  SUPPORT_UNREAD_TOPIC,
  CHAT_TOPIC,
  CHAT_MAX_TEXT,
  CHAT_PAGE_SIZE,
  CHAT_CLIENT_ID_PATTERN,
  VISITOR_ID_PATTERN,
  FEEDBACK_TOPICS,
  CHAT_STATUSES,
  withinSupportHours,
} from './contract/support';
export type {
  FeedbackTopic,
  ChatStatus,
  ChatSender,
  ChatChannel,
  ChatMessage,
  ChatConversation,
  SupportHours,
  SupportUnread,
  FeedbackResult,
  SupportUserFacts,
  SupportConversationRow,
  SupportInbox,
  SupportThread,
  SupportAgent,
  SupportCanned,
  NewsStatus,
  OpsNewsRow,
  OpsNewsDetail,
  OpsNewsPreview,
  OpsAnnouncement,
} from './contract/support';
export {
  parseDecimalInput,
  decimalInputValue,
  sanitizeDigits,
  COMMA_DECIMAL_LANGUAGES,
} from './domain/input';
export type { DecimalInputOptions, DecimalInputResult, DecimalInputReason } from './domain/input';
export { trailingFieldOptions, trailingStart } from './domain/trailing-input';
export { BOOT_ELEMENT_ID, BOOT_MARK } from './protocol/boot';
export type { BootData, BootSite } from './protocol/boot';
export { isMobileUserAgent, isAndroidUserAgent, desktopSiteOrigin } from './api/device';
export { resolveApiOrigin } from './api/api-host';
export type { ApiHostConfig, PageLocation } from './api/api-host';
