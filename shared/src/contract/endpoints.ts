/**
 * Every HTTP call of the API and what its success answers (the envelope's `data`), in one map: the key is
 * "METHOD path" exactly as the server registers it. The client's `api` and `opsApi` take their answer type from
 * here (`api.get('/api/user/info')` is a `UserView`), so no client restates an answer; the server's response schemas
 * are tied to the same types (`contract<T>()`), and a server test checks that the routes it registers and this map
 * are the same set (`ENDPOINTS`).
 */
import type {
  CaptchaAnswer,
  DemoSessionAnswer,
  RealNameRecord,
  RealNameSubmitted,
  SessionAnswer,
  UserView,
} from './accounts';
import type {
  Announcement,
  Area,
  BasicInfo,
  Company,
  CompanyPage,
  CompanyStatus,
  ComplaintEmail,
  NewsArticle,
  NewsPage,
  Setting,
} from './content';
import type {
  AccountFigures,
  Balance,
  CashierState,
  DepositNetwork,
  DepositRecordPage,
  DepositSubmitted,
  DrawMethod,
  DrawSymbol,
  LedgerPage,
  OpsDepositPage,
  OpsDrawCurrency,
  OpsFundsDecided,
  OpsPayChannel,
  OpsWithdrawalPage,
  PayWay,
  Statement,
  WithdrawPlaced,
  WithdrawRecordPage,
} from './funds';
import type { AlertDeleted, AlertList, AlertView } from './alerts';
import type { FavouriteList } from './favourites';
import type { Candle, Category, TradeListItem } from './markets';
import type {
  OpsAccountView,
  OpsAuditRow,
  OpsDashboard,
  OpsFreezeState,
  OpsKycDecided,
  OpsKycDetail,
  OpsKycQueue,
  OpsMe,
  OpsPage,
  OpsRemote,
  OpsReleaseGuard,
  OpsSecrets,
  OpsSignInResult,
  OpsSignOutAll,
  OpsUserDetail,
  OpsUserRow,
} from './ops';
import type { NotificationPage, NotificationSettings, NotificationsRead } from './notifications';
import type { PushKey, PushSubscribed, PushUnsubscribed } from './push';
import type { RankingPage } from './social';
import type {
  ChatMessage,
  FeedbackResult,
  OpsAnnouncement,
  OpsNewsDetail,
  OpsNewsPreview,
  OpsNewsRow,
  SupportAgent,
  SupportCanned,
  SupportInbox,
  SupportThread,
  SupportUnread,
} from './support';
import type { OpsRemotesHealth } from './telemetry';
import type { CloseAllResult, DealPage, DemoReset, OrderView } from './trading';

/** `POST /api/common/image_upload`: where the stored picture is read back (owner-only). */
export type ImageUploaded = { url: string };

export type Endpoints = {
  // accounts
  'POST /api/user/register': SessionAnswer;
  'POST /api/user/loginForU': SessionAnswer;
  'GET /api/user/createAccountDemoForU': DemoSessionAnswer;
  'GET /api/user/info': UserView;
  'POST /api/user/forget_password': null;
  'POST /api/user/amend_password': null;
  'POST /api/user/logout': null;
  'GET /api/captcha': CaptchaAnswer;
  'POST /api/notify/send_email': null;
  'POST /api/notify/send_sms': null;
  // identity
  'GET /api/user_real/center': RealNameRecord;
  'POST /api/user_real/real_name': RealNameSubmitted;
  'POST /api/common/image_upload': ImageUploaded;
  // content
  'GET /api/default/area_list': Area[];
  'GET /api/default/setting': Setting;
  'GET /api/basicSet/getBasicInfo': BasicInfo;
  'GET /api/news/list': NewsPage;
  'GET /api/news/info': NewsArticle;
  'GET /api/content/announcement': Announcement;
  'GET /api/content/complaint_email': ComplaintEmail;
  'GET /api/company/getCompany': Company;
  'GET /api/company/getCompanyStatus': CompanyStatus;
  'GET /api/company/search': CompanyPage;
  // markets
  'GET /v1/api/forex/trade_list': TradeListItem[];
  'GET /v1/api/forex/getCategories': Category[];
  'GET /v1/api/forex/kline': Candle[];
  'GET /v1/api/forex/abbreviated_cache_kline': Candle[];
  // favourites
  'GET /api/favourite/list': FavouriteList;
  'POST /api/favourite/save': FavouriteList;
  // price alerts and notifications
  'GET /api/alert/list': AlertList;
  'POST /api/alert/save': AlertView;
  'POST /api/alert/delete': AlertDeleted;
  'GET /api/notification/list': NotificationPage;
  'POST /api/notification/read': NotificationsRead;
  'GET /api/notification/settings': NotificationSettings;
  'POST /api/notification/settings': NotificationSettings;
  // Web Push
  'GET /api/push/key': PushKey;
  'POST /api/push/subscribe': PushSubscribed;
  'POST /api/push/unsubscribe': PushUnsubscribed;
  // trading
  'GET /v1/api/forex/submit': OrderView;
  'GET /v1/api/forex/close': OrderView;
  'POST /v1/api/forex/close_all': CloseAllResult;
  'GET /v1/api/forex/cancel_trade': OrderView;
  'GET /v1/api/forex/set_stop_price': OrderView;
  'GET /v1/api/forex/my_deal': DealPage;
  'GET /v1/api/main/user/resetForexDemoAccount': DemoReset;
  // funds
  'GET /v1/api/main/wallet/getBalance': Balance;
  'GET /v1/api/main/account/forexDetail': AccountFigures;
  'GET /v1/api/main/accountLog/forexChange': LedgerPage;
  'GET /api/statement': Statement;
  'GET /api/quickCharge/info': DepositNetwork[];
  'GET /api/quickCharge/wire_list': PayWay[];
  'GET /api/quickCharge/submit': DepositSubmitted;
  'GET /api/quickCharge/wire_submit': DepositSubmitted;
  'GET /api/quickCharge/quick_ist': DepositRecordPage;
  'GET /api/account/draw_symbol_list': DrawSymbol[];
  'GET /api/account/draw_state': CashierState;
  'POST /api/account/draw': WithdrawPlaced;
  'GET /api/account/draw_list': WithdrawRecordPage;
  'GET /api/wallet/get_draw_method': DrawMethod[];
  'POST /api/wallet/bind_draw_method': DrawMethod;
  'POST /api/wallet/del_draw_method': null;
  // social
  'GET /api/follow/list': RankingPage;
  // support
  'GET /api/support/unread': SupportUnread;
  'POST /api/support/feedback': FeedbackResult;
  // release health (sent with navigator.sendBeacon; the answer is not read)
  'POST /api/telemetry/remotes': null;
  // back office
  'POST /api/ops/auth/login': OpsSignInResult;
  'POST /api/ops/auth/logout': null;
  'GET /api/ops/auth/me': OpsMe;
  'GET /api/ops/dashboard': OpsDashboard;
  'GET /api/ops/audit': OpsPage<OpsAuditRow>;
  'GET /api/ops/staff': OpsAccountView[];
  'POST /api/ops/staff/create': OpsSecrets;
  'POST /api/ops/staff/roles': OpsAccountView;
  'POST /api/ops/staff/disable': OpsAccountView;
  'POST /api/ops/staff/enable': OpsAccountView;
  'POST /api/ops/staff/reset_totp': OpsSecrets;
  'POST /api/ops/staff/reset_password': OpsSecrets;
  'GET /api/ops/remotes': OpsRemote[];
  'POST /api/ops/remotes/release': OpsRemote;
  'POST /api/ops/remotes/rollback': OpsRemote;
  'GET /api/ops/remotes/health': OpsRemotesHealth;
  'POST /api/ops/remotes/canary': OpsRemote;
  'POST /api/ops/remotes/promote': OpsRemote;
  'POST /api/ops/remotes/abort': OpsRemote;
  'GET /api/ops/remotes/guard': OpsReleaseGuard;
  'POST /api/ops/remotes/guard': OpsReleaseGuard;
  'GET /api/ops/users/search': OpsUserRow[];
  'GET /api/ops/users/detail': OpsUserDetail;
  'POST /api/ops/users/sign_out_all': OpsSignOutAll;
  'POST /api/ops/users/freeze': OpsFreezeState;
  'POST /api/ops/users/unfreeze': OpsFreezeState;
  'GET /api/ops/kyc/queue': OpsKycQueue;
  'GET /api/ops/kyc/detail': OpsKycDetail;
  'POST /api/ops/kyc/decide': OpsKycDecided;
  'GET /api/ops/deposits/queue': OpsDepositPage;
  'POST /api/ops/deposits/decide': OpsFundsDecided;
  'GET /api/ops/withdrawals/queue': OpsWithdrawalPage;
  'POST /api/ops/withdrawals/decide': OpsFundsDecided;
  'GET /api/ops/cashier/channels': OpsPayChannel[];
  'POST /api/ops/cashier/channels/create': OpsPayChannel;
  'POST /api/ops/cashier/channels/enable': OpsPayChannel;
  'GET /api/ops/cashier/currencies': OpsDrawCurrency[];
  'POST /api/ops/cashier/currencies/save': OpsDrawCurrency;
  'GET /api/ops/news': OpsPage<OpsNewsRow>;
  'GET /api/ops/news/detail': OpsNewsDetail;
  'POST /api/ops/news/preview': OpsNewsPreview;
  'POST /api/ops/news/save': OpsNewsDetail;
  'POST /api/ops/news/publish': OpsNewsDetail;
  'GET /api/ops/announcement': OpsAnnouncement;
  'POST /api/ops/announcement/save': OpsAnnouncement;
  'GET /api/ops/support/conversations': SupportInbox;
  'GET /api/ops/support/conversation': SupportThread;
  'POST /api/ops/support/assign': SupportThread['conversation'];
  'POST /api/ops/support/status': SupportThread['conversation'];
  'POST /api/ops/support/reply': ChatMessage;
  'GET /api/ops/support/agents': SupportAgent[];
  'GET /api/ops/support/canned': SupportCanned[];
  'POST /api/ops/support/canned/create': SupportCanned;
  'POST /api/ops/support/canned/delete': null;
};

export type Endpoint = keyof Endpoints;
export type HttpMethod = 'GET' | 'POST';
/** The paths called with `method`: `PathOf<'GET'>` is every GET call's path. */
export type PathOf<M extends HttpMethod> = {
  [K in Endpoint]: K extends `${M} ${infer P}` ? P : never;
}[Endpoint];
/** What `method path` answers on success. */
export type AnswerOf<M extends HttpMethod, P extends PathOf<M>> = Endpoints[`${M} ${P}` & Endpoint];

/** The same keys at run time, so the server can check it registers exactly these. */
export const ENDPOINTS = [
  'POST /api/user/register',
  'POST /api/user/loginForU',
  'GET /api/user/createAccountDemoForU',
  'GET /api/user/info',
  'POST /api/user/forget_password',
  'POST /api/user/amend_password',
  'POST /api/user/logout',
  'GET /api/captcha',
  'POST /api/notify/send_email',
  'POST /api/notify/send_sms',
  'GET /api/user_real/center',
  'POST /api/user_real/real_name',
  'POST /api/common/image_upload',
  'GET /api/default/area_list',
  'GET /api/default/setting',
  'GET /api/basicSet/getBasicInfo',
  'GET /api/news/list',
  'GET /api/news/info',
  'GET /api/content/announcement',
  'GET /api/content/complaint_email',
  'GET /api/company/getCompany',
  'GET /api/company/getCompanyStatus',
  'GET /api/company/search',
  'GET /v1/api/forex/trade_list',
  'GET /v1/api/forex/getCategories',
  'GET /v1/api/forex/kline',
  'GET /v1/api/forex/abbreviated_cache_kline',
  'GET /api/favourite/list',
  'POST /api/favourite/save',
  'GET /api/alert/list',
  'POST /api/alert/save',
  'POST /api/alert/delete',
  'GET /api/notification/list',
  'POST /api/notification/read',
  'GET /api/notification/settings',
  'POST /api/notification/settings',
  'GET /api/push/key',
  'POST /api/push/subscribe',
  'POST /api/push/unsubscribe',
  'GET /v1/api/forex/submit',
  'GET /v1/api/forex/close',
  'POST /v1/api/forex/close_all',
  'GET /v1/api/forex/cancel_trade',
  'GET /v1/api/forex/set_stop_price',
  'GET /v1/api/forex/my_deal',
  'GET /v1/api/main/user/resetForexDemoAccount',
  'GET /v1/api/main/wallet/getBalance',
  'GET /v1/api/main/account/forexDetail',
  'GET /v1/api/main/accountLog/forexChange',
  'GET /api/statement',
  'GET /api/quickCharge/info',
  'GET /api/quickCharge/wire_list',
  'GET /api/quickCharge/submit',
  'GET /api/quickCharge/wire_submit',
  'GET /api/quickCharge/quick_ist',
  'GET /api/account/draw_symbol_list',
  'GET /api/account/draw_state',
  'POST /api/account/draw',
  'GET /api/account/draw_list',
  'GET /api/wallet/get_draw_method',
  'POST /api/wallet/bind_draw_method',
  'POST /api/wallet/del_draw_method',
  'GET /api/follow/list',
  'GET /api/support/unread',
  'POST /api/support/feedback',
  'POST /api/telemetry/remotes',
  'POST /api/ops/auth/login',
  'POST /api/ops/auth/logout',
  'GET /api/ops/auth/me',
  'GET /api/ops/dashboard',
  'GET /api/ops/audit',
  'GET /api/ops/staff',
  'POST /api/ops/staff/create',
  'POST /api/ops/staff/roles',
  'POST /api/ops/staff/disable',
  'POST /api/ops/staff/enable',
  'POST /api/ops/staff/reset_totp',
  'POST /api/ops/staff/reset_password',
  'GET /api/ops/remotes',
  'POST /api/ops/remotes/release',
  'POST /api/ops/remotes/rollback',
  'GET /api/ops/remotes/health',
  'POST /api/ops/remotes/canary',
  'POST /api/ops/remotes/promote',
  'POST /api/ops/remotes/abort',
  'GET /api/ops/remotes/guard',
  'POST /api/ops/remotes/guard',
  'GET /api/ops/users/search',
  'GET /api/ops/users/detail',
  'POST /api/ops/users/sign_out_all',
  'POST /api/ops/users/freeze',
  'POST /api/ops/users/unfreeze',
  'GET /api/ops/kyc/queue',
  'GET /api/ops/kyc/detail',
  'POST /api/ops/kyc/decide',
  'GET /api/ops/deposits/queue',
  'POST /api/ops/deposits/decide',
  'GET /api/ops/withdrawals/queue',
  'POST /api/ops/withdrawals/decide',
  'GET /api/ops/cashier/channels',
  'POST /api/ops/cashier/channels/create',
  'POST /api/ops/cashier/channels/enable',
  'GET /api/ops/cashier/currencies',
  'POST /api/ops/cashier/currencies/save',
  'GET /api/ops/news',
  'GET /api/ops/news/detail',
  'POST /api/ops/news/preview',
  'POST /api/ops/news/save',
  'POST /api/ops/news/publish',
  'GET /api/ops/announcement',
  'POST /api/ops/announcement/save',
  'GET /api/ops/support/conversations',
  'GET /api/ops/support/conversation',
  'POST /api/ops/support/assign',
  'POST /api/ops/support/status',
  'POST /api/ops/support/reply',
  'GET /api/ops/support/agents',
  'GET /api/ops/support/canned',
  'POST /api/ops/support/canned/create',
  'POST /api/ops/support/canned/delete',
] as const satisfies readonly Endpoint[];

// Every key of the map is in the list (the list may not fall behind the type).
type Missing = Exclude<Endpoint, (typeof ENDPOINTS)[number]>;
const complete: [Missing] extends [never] ? true : { missing: Missing } = true;
void complete;
