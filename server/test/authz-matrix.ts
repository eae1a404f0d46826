/**
 * The authorization matrix: one row per registered route (`METHOD /url`), naming who may call it. The test
 * (authz.test.ts) enumerates every route Fastify registered and fails when one has no row here (or a row names a
 * route that is gone), then calls every non-public route as each kind of stranger and expects the refusal below.
 *
 * Adding a route = adding its row. Kinds:
 *   public     anyone, no token
 *   trader     any signed-in trader, demo included            (no/expired token 999, ops token 1305)
 *   real       a real trader only                             (as trader, and a demo token 1009)
 *   demoOnly   a demo trader only                             (as trader, and a real token 1003)
 *   ops        an ops session with one of `roles` (admin always; 'any' = every ops role)
 *              (no/expired token 999, a live trader or demo token 1300, a token without the role 1301)
 * `owns`: the route takes an object id that must be the caller's own; another user's id answers `refusal`.
 *   The test makes the object (`object`) for one user and calls with another user's token.
 */
import type { OpsRole } from '@meridian/shared/pure';

/** Objects the test knows how to make for a user (extend with funds objects: withdrawal, deposit...). */
export type OwnedObject = 'order' | 'pendingOrder' | 'upload' | 'alert';

export type Ownership = {
  object: OwnedObject;
  /** Where the id goes: a query parameter (`id`), a path parameter (`:name`) or a form field of a POST. */
  param: { query: string } | { path: string } | { form: string };
  /** The answer to another user's id. */
  refusal: { code: number; status: number };
};

export type Row =
  | { access: 'public' }
  | { access: 'trader' | 'real' | 'demoOnly'; owns?: Ownership }
  | { access: 'ops'; roles: readonly OpsRole[] | 'any' }
  /**
   * Authorizes inside the handler: the owner (trader token) or an ops reviewer with one of `roles`; no or an expired
   * trader token 999, anyone else `refusal` (the same as a missing object).
   */
  | { access: 'ownerOrOps'; roles: readonly OpsRole[]; owns: Ownership };

const ORDER_NOT_FOUND = { code: 1206, status: 200 };
const NOT_FOUND_404 = { code: 1002, status: 404 };
const order: Ownership = { object: 'order', param: { query: 'id' }, refusal: ORDER_NOT_FOUND };

export const MATRIX: Record<string, Row> = {
  // accounts
  'POST /api/user/register': { access: 'public' },
  'POST /api/user/loginForU': { access: 'public' },
  'GET /api/user/createAccountDemoForU': { access: 'public' },
  'GET /api/user/info': { access: 'trader' },
  'POST /api/user/forget_password': { access: 'public' },
  'POST /api/user/amend_password': { access: 'real' },
  'POST /api/user/logout': { access: 'trader' },
  'GET /api/captcha': { access: 'public' },
  'POST /api/notify/send_email': { access: 'public' },
  'POST /api/notify/send_sms': { access: 'public' },
  // loopback only, never in production (secrets-in-logs.test.ts)
  'GET /dev/outbox': { access: 'public' },
  // content
  'GET /api/default/area_list': { access: 'public' },
  'GET /api/default/setting': { access: 'public' },
  'GET /api/basicSet/getBasicInfo': { access: 'public' },
  'GET /api/news/list': { access: 'public' },
  'GET /api/news/info': { access: 'public' },
  'GET /api/content/announcement': { access: 'public' },
  'GET /api/content/complaint_email': { access: 'public' },
  'GET /api/company/getCompany': { access: 'public' },
  'GET /api/company/getCompanyStatus': { access: 'public' },
  'GET /api/company/search': { access: 'public' },
  // uploads and KYC
  'POST /api/common/image_upload': { access: 'real' },
  'GET /api/common/upload/:name': {
    access: 'ownerOrOps',
    roles: ['compliance'],
    owns: { object: 'upload', param: { path: 'name' }, refusal: NOT_FOUND_404 },
  },
  'GET /api/user_real/center': { access: 'real' },
  'POST /api/user_real/real_name': { access: 'real' },
  // favourites
  'GET /api/favourite/list': { access: 'trader' },
  'POST /api/favourite/save': { access: 'trader' },
  // price alerts (another trader's alert id: 1600, as a missing one) and notifications (only the caller's rows)
  'GET /api/alert/list': { access: 'trader' },
  'POST /api/alert/save': { access: 'trader' },
  'POST /api/alert/delete': {
    access: 'trader',
    owns: { object: 'alert', param: { form: 'id' }, refusal: { code: 1600, status: 200 } },
  },
  'GET /api/notification/list': { access: 'trader' },
  'POST /api/notification/read': { access: 'trader' },
  'GET /api/notification/settings': { access: 'trader' },
  'POST /api/notification/settings': { access: 'trader' },
  // Web Push: the key is public; another trader's endpoint is left alone by unsubscribe ({ removed: 0 }) and taken
  // over by subscribe (the same browser, now theirs): push.test.ts
  'GET /api/push/key': { access: 'public' },
  'POST /api/push/subscribe': { access: 'trader' },
  'POST /api/push/unsubscribe': { access: 'trader' },
  // markets
  'GET /v1/api/forex/trade_list': { access: 'public' },
  'GET /v1/api/forex/getCategories': { access: 'public' },
  'GET /v1/api/forex/kline': { access: 'public' },
  'GET /v1/api/forex/abbreviated_cache_kline': { access: 'public' },
  'GET /v1/api/forex/logo/:file': { access: 'public' },
  // trading
  'GET /v1/api/forex/submit': { access: 'trader' },
  'GET /v1/api/forex/my_deal': { access: 'trader' },
  'GET /v1/api/forex/close': { access: 'trader', owns: order },
  // another user's ids are refused one by one in the answer's `failed` (1206), not as an envelope: partial-close.test.ts
  'POST /v1/api/forex/close_all': { access: 'trader' },
  'GET /v1/api/forex/cancel_trade': {
    access: 'trader',
    owns: { object: 'pendingOrder', param: { query: 'id' }, refusal: ORDER_NOT_FOUND },
  },
  'GET /v1/api/forex/set_stop_price': { access: 'trader', owns: order },
  'GET /v1/api/main/user/resetForexDemoAccount': { access: 'demoOnly' },
  // funds
  'GET /v1/api/main/wallet/getBalance': { access: 'trader' },
  'GET /v1/api/main/account/forexDetail': { access: 'trader' },
  'GET /v1/api/main/accountLog/forexChange': { access: 'trader' },
  'GET /api/statement': { access: 'trader' },
  // the cashier (another user's method, record or proof: funds.test.ts)
  'GET /api/quickCharge/info': { access: 'real' },
  'GET /api/quickCharge/wire_list': { access: 'real' },
  'GET /api/quickCharge/submit': { access: 'real' },
  'GET /api/quickCharge/wire_submit': { access: 'real' },
  'GET /api/quickCharge/quick_ist': { access: 'real' },
  'GET /api/account/draw_symbol_list': { access: 'real' },
  'GET /api/account/draw_state': { access: 'real' },
  'POST /api/account/draw': { access: 'real' },
  'GET /api/account/draw_list': { access: 'real' },
  'GET /api/wallet/get_draw_method': { access: 'real' },
  'POST /api/wallet/bind_draw_method': { access: 'real' },
  'POST /api/wallet/del_draw_method': { access: 'real' },
  // social
  'GET /api/follow/list': { access: 'public' },
  // realtime: the socket authenticates by its login message (realtime.test.ts); the upgrade checks the Origin
  'GET /v1/ws': { access: 'public' },
  // ops
  'POST /api/ops/auth/login': { access: 'public' },
  'POST /api/ops/auth/logout': { access: 'ops', roles: 'any' },
  'GET /api/ops/auth/me': { access: 'ops', roles: 'any' },
  'GET /api/ops/dashboard': { access: 'ops', roles: 'any' },
  'GET /api/ops/audit': { access: 'ops', roles: ['admin'] },
  'GET /api/ops/staff': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/staff/create': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/staff/roles': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/staff/disable': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/staff/enable': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/staff/reset_totp': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/staff/reset_password': { access: 'ops', roles: ['admin'] },
  'GET /api/ops/remotes': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/remotes/release': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/remotes/rollback': { access: 'ops', roles: ['admin'] },
  'GET /api/ops/remotes/health': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/remotes/canary': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/remotes/promote': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/remotes/abort': { access: 'ops', roles: ['admin'] },
  'GET /api/ops/remotes/guard': { access: 'ops', roles: ['admin'] },
  'POST /api/ops/remotes/guard': { access: 'ops', roles: ['admin'] },
  'GET /api/ops/kyc/queue': { access: 'ops', roles: ['compliance'] },
  'GET /api/ops/kyc/detail': { access: 'ops', roles: ['compliance'] },
  'POST /api/ops/kyc/decide': { access: 'ops', roles: ['compliance'] },
  'GET /api/ops/users/search': { access: 'ops', roles: ['support', 'compliance', 'finance'] },
  'GET /api/ops/users/detail': { access: 'ops', roles: ['support', 'compliance', 'finance'] },
  'POST /api/ops/users/sign_out_all': { access: 'ops', roles: ['support', 'compliance'] },
  'POST /api/ops/users/freeze': { access: 'ops', roles: ['compliance'] },
  'POST /api/ops/users/unfreeze': { access: 'ops', roles: ['compliance'] },
  'GET /api/ops/deposits/queue': { access: 'ops', roles: ['finance'] },
  'POST /api/ops/deposits/decide': { access: 'ops', roles: ['finance'] },
  'GET /api/ops/withdrawals/queue': { access: 'ops', roles: ['finance'] },
  'POST /api/ops/withdrawals/decide': { access: 'ops', roles: ['finance'] },
  'GET /api/ops/cashier/channels': { access: 'ops', roles: ['finance'] },
  'POST /api/ops/cashier/channels/create': { access: 'ops', roles: ['finance'] },
  'POST /api/ops/cashier/channels/enable': { access: 'ops', roles: ['finance'] },
  'GET /api/ops/cashier/currencies': { access: 'ops', roles: ['finance'] },
  'POST /api/ops/cashier/currencies/save': { access: 'ops', roles: ['finance'] },
  // support (chat itself runs on the socket: realtime tests cover its authorization)
  'GET /api/support/unread': { access: 'trader' },
  // guests may send feedback too (it opens a visitor conversation)
  'POST /api/support/feedback': { access: 'public' },
  // release health: a beacon carries no token (docs/ops.md#release-health)
  'POST /api/telemetry/remotes': { access: 'public' },
  'GET /api/ops/support/conversations': { access: 'ops', roles: ['support'] },
  'GET /api/ops/support/conversation': { access: 'ops', roles: ['support'] },
  'POST /api/ops/support/assign': { access: 'ops', roles: ['support'] },
  'POST /api/ops/support/status': { access: 'ops', roles: ['support'] },
  'POST /api/ops/support/reply': { access: 'ops', roles: ['support'] },
  'GET /api/ops/support/agents': { access: 'ops', roles: ['support'] },
  'GET /api/ops/support/canned': { access: 'ops', roles: ['support'] },
  'POST /api/ops/support/canned/create': { access: 'ops', roles: ['support'] },
  'POST /api/ops/support/canned/delete': { access: 'ops', roles: ['support'] },
  // news and announcement editing
  'GET /api/ops/news': { access: 'ops', roles: ['support'] },
  'GET /api/ops/news/detail': { access: 'ops', roles: ['support'] },
  'POST /api/ops/news/preview': { access: 'ops', roles: ['support'] },
  'POST /api/ops/news/save': { access: 'ops', roles: ['support'] },
  'POST /api/ops/news/publish': { access: 'ops', roles: ['support'] },
  'GET /api/ops/announcement': { access: 'ops', roles: ['support'] },
  'POST /api/ops/announcement/save': { access: 'ops', roles: ['support'] },
};
