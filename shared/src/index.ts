/**
 * `@meridian/shared`: the federated singleton every app shares (one instance per page, so atoms and the socket bridge are one). Explicit named exports only;
 * type-only exports are kept apart at the end. It is paid whole by every first visit to `/`, so what only some
 * screens need lives in other entries: `@meridian/shared/lists` (the paged list, a federated singleton too) and
 * `@meridian/shared/pure` (protocol, codes, constants and the trading formulas: stateless, bundled by whoever
 * imports it; the server's only import from this package).
 */

// Constants, codes, protocol (also in ./pure)
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
export { PROTOCOL_VERSION, TOPICS, klineTopic, isTopic, parseServerMessage } from './protocol/realtime';

// API client
export { resolveApiOrigin, resolveSocketUrl } from './api/api-host';
export { readBoot, takeBootTradeList } from './boot/boot';
export { canaryBucket, inCanary } from './session/canary';
export { api, ApiError, isApiError, configureApi, getApiConfig, holdSessionExpiry } from './api/client';

// Realtime bridge
export { RealtimeClient } from './realtime/socket';
export { attachRealtime, detachRealtime, subscribe, ensureRealtimeOpen } from './realtime/bridge';

// State (jotai wrapper and atoms)
export { appStore, atom, StoreProvider, useAtom, useAtomValue, useSetAtom } from './state/store';
export { sessionAtom, setSessionAtom, setUserAtom, clearSessionAtom } from './state/session';
export { languageAtom, setLanguageAtom, applyDocumentLanguage } from './state/language';
export {
  currentInstrumentAtom,
  setCurrentInstrumentAtom,
  quotesAtom,
  lastQuoteAtAtom,
  applyQuotesAtom,
  tradeListVersionAtom,
  refreshTradeListAtom,
} from './state/market';
export { realtimeStatusAtom } from './state/realtime';
export { siteSettingsAtom, setSiteSettingsAtom } from './state/settings';
export {
  toastsAtom,
  pushToastAtom,
  dismissToastAtom,
  toast,
  spinnerVisibleAtom,
  spinnerAtom,
} from './state/ui';
export { STORAGE_KEYS, readJson, readStorage, writeStorage } from './state/storage';

// Navigation (the host's router, without sharing the router); the path table itself is in ./pure
export {
  NavigationProvider,
  useAppNavigate,
  useAppBack,
  useAppLocation,
  useQueryParam,
  AppLink,
} from './navigation/navigation';

// i18n
export {
  i18n,
  initI18n,
  registerNamespace,
  jsonNamespace,
  isRtl,
  namespaceMark,
  loadNamespacesSince,
} from './i18n/i18n';

// Theme
export { createTheme, defaultTheme } from './theme/theme';
export { GlobalStyle } from './theme/global-style';

// Hooks
export { useLoad } from './hooks/use-load';

// Loading code that may fail (offline): retried, never kept as failed; the boundary and messages of a failed part
export { lazyWithRetry, retryImport, retryFailedLoads, isOffline, whenOnline } from './loading/retry';
export { useOnline } from './loading/online';
export { LazyBoundary, LoadFailed, OfflineNotice } from './loading/lazy-boundary';

// Release health: the device's random id (also the canary's sticky key), errors caught by the kit's boundary
export { deviceId, randomId } from './telemetry/device-id';
export { reportCaughtError, setCaughtErrorSink } from './telemetry/caught';

// UI kit
export { PageHeader } from './ui/page-header';
export { ToastHost, TOAST_DURATION_MS } from './ui/toast-host';
export {
  Dialog,
  DialogHost,
  SendCodeButton,
  QrCode,
  CopyButton,
  LoadError,
  copyText,
  Spinner,
  GlobalSpinner,
  Empty,
} from './ui/lazy';
export { confirm } from './ui/confirm-state';
export { preloadDialog } from './ui/preload';
export { Skeleton, SkeletonRows } from './ui/skeleton';
export { VisuallyHidden } from './ui/visually-hidden';
export { NumericInput, numericMessage, NUMERIC_NS } from './ui/numeric-input';

// Types
export type { Language, Period } from './constants';
export type { ErrorCode, ErrorCodeName } from './errors/codes';
export type {
  Topic,
  TopicPayloads,
  PayloadOf,
  ClientMessage,
  ServerMessage,
  DayMarketQuote,
  RegistryChange,
  RegistryCanaryChange,
  KlineUpdate,
} from './protocol/realtime';
export type { Envelope } from './api/envelope';
export type { BootData, BootSite } from './protocol/boot';
export type { ApiConfig, ApiErrorKind, RequestOptions, Params, WithMessage } from './api/client';
export type { RealtimeStatus, TopicHandler, RealtimeClientOptions } from './realtime/socket';
export type { User, Session } from './state/session';
export type { CurrentInstrument } from './state/market';
export type { SiteSettings } from './state/settings';
export type { ToastItem, ToastKind } from './state/ui';
export type { AppNavigation, NavigateOptions, AppLinkProps } from './navigation/navigation';
export type { AppPath, AppHref } from './navigation/paths';
export type { OpsPath } from './navigation/ops-paths';
export type { NamespaceLoader } from './i18n/i18n';
export type { Theme, UpDownScheme } from './theme/theme';
export type { PageHeaderProps } from './ui/page-header';
export type { DialogProps } from './ui/dialog';
export type { ConfirmOptions } from './ui/confirm-state';
export type { SkeletonProps, SkeletonRowsProps } from './ui/skeleton';
export type { SpinnerProps } from './ui/spinner';
export type { EmptyProps } from './ui/empty';
export type { LoadErrorProps } from './ui/load-error';
export type { LoadState, LoadResult, LoadOptions } from './hooks/use-load';
export type { RetryImportOptions, RetryingLazy } from './loading/retry';
export type { LazyBoundaryProps } from './loading/lazy-boundary';
export type { CaughtError } from './telemetry/caught';
export type { SendCodeButtonProps } from './ui/send-code-button';
export type { QrCodeProps, QrLevel } from './ui/qr-code';
export type { CopyButtonProps } from './ui/copy-button';
export type { NumericInputProps } from './ui/numeric-input';
export type { DecimalInputOptions, DecimalInputResult, DecimalInputReason } from './domain/input';
