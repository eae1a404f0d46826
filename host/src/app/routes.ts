/**
 * The route table (docs/routes.md): every path mapped to the remote and exposed module that renders it, with its flags.
 * The host knows remotes only by their registry key and exposed module name; nothing here imports a remote.
 */
import { REMOTES } from '@meridian/config/remotes.mjs';
import { PATHS } from '@meridian/shared/pure';
import type { AppPath } from '@meridian/shared';

export { REMOTES };
export type RemoteKey = (typeof REMOTES)[number];

/** Federation container name of a remote (a JS identifier). */
export const federationName = (remote: RemoteKey): string => remote.replace('-', '_');

export type RouteDef = {
  /** A page of the path table (`PATHS` of @meridian/shared): the table and the routes stay one set. */
  path: AppPath;
  remote: RemoteKey;
  /** Exposed module, e.g. `./HomePage`. */
  module: string;
  requiresLogin: boolean;
  footer: boolean;
  keepAlive: boolean;
  /** Demo users see 'Please register or log in to a real account' instead. */
  demoBlocked: boolean;
};

const r = (
  path: AppPath,
  remote: RemoteKey,
  module: string,
  flags: Partial<Pick<RouteDef, 'requiresLogin' | 'footer' | 'keepAlive' | 'demoBlocked'>> = {},
): RouteDef => ({
  path,
  remote,
  module,
  requiresLogin: flags.requiresLogin ?? false,
  footer: flags.footer ?? false,
  keepAlive: flags.keepAlive ?? false,
  demoBlocked: flags.demoBlocked ?? false,
});

export const ROUTES: readonly RouteDef[] = [
  r('/', 'mf-markets', './HomePage', { footer: true, keepAlive: true }),
  r('/trade', 'mf-markets', './TradePage', { footer: true, keepAlive: true }),
  r('/product', 'mf-markets', './ProductPage'),
  r('/rank', 'mf-markets', './RankPage', { footer: true }),
  r('/order', 'mf-orders', './OrderPage', { footer: true, requiresLogin: true }),
  r('/user', 'mf-account', './UserPage', { footer: true, requiresLogin: true }),
  r('/login', 'mf-account', './LoginPage'),
  r('/register', 'mf-account', './RegisterPage'),
  r('/forgot', 'mf-account', './ForgotPage'),
  r('/language', 'mf-account', './LanguagePage'),
  r('/mine/auth', 'mf-account', './AuthPage', { requiresLogin: true, demoBlocked: true }),
  r('/mine/invite', 'mf-account', './InvitePage', { requiresLogin: true, demoBlocked: true }),
  r('/mine/email', 'mf-account', './EmailPage'),
  r('/mine/announcement', 'mf-account', './AnnouncementPage'),
  r('/mine/password', 'mf-account', './PasswordPage', { requiresLogin: true, demoBlocked: true }),
  r('/mine/system', 'mf-account', './SystemPage', { requiresLogin: true }),
  r('/mine/history', 'mf-funds', './HistoryPage', { requiresLogin: true }),
  r('/mine/statement', 'mf-account', './StatementPage', { requiresLogin: true }),
  r('/mine/alerts', 'mf-markets', './AlertsPage', { requiresLogin: true }),
  r('/mine/notifications', 'mf-account', './NotificationsPage', { requiresLogin: true }),
  r('/mine/charge', 'mf-funds', './ChargePage', { requiresLogin: true, demoBlocked: true }),
  r('/mine/withdraw', 'mf-funds', './WithdrawPage', { requiresLogin: true, demoBlocked: true }),
  r('/mine/wallet', 'mf-funds', './WalletPage', { requiresLogin: true, demoBlocked: true }),
  r('/mine/bank-card-list', 'mf-funds', './BankCardListPage', { requiresLogin: true, demoBlocked: true }),
  r('/mine/coin-address-list', 'mf-funds', './CoinAddressListPage', {
    requiresLogin: true,
    demoBlocked: true,
  }),
  r('/mine/withdraw-way', 'mf-funds', './WithdrawWayPage', { requiresLogin: true, demoBlocked: true }),
  // Guests chat too, as visitors (docs/routes.md#minechat).
  r('/mine/chat', 'mf-support', './ChatPage'),
  r('/news', 'mf-support', './NewsPage', { footer: true }),
  r('/news/detail', 'mf-support', './NewsDetailPage'),
  r('/feedback', 'mf-support', './FeedbackPage'),
];

const byPath = new Map<string, RouteDef>(ROUTES.map((route) => [route.path, route]));

/** The route of a path (trailing slash ignored), or undefined for an unknown path. */
export function findRoute(pathname: string): RouteDef | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(clean);
}

/** Tab bar (issue: Quotes, Trade, Orders, Ranking, Mine). */
export const TABS = [
  { path: PATHS.home, labelKey: 'tab.quotes', icon: 'quotes' },
  { path: PATHS.trade, labelKey: 'tab.trade', icon: 'trade' },
  { path: PATHS.order, labelKey: 'tab.orders', icon: 'orders' },
  { path: PATHS.rank, labelKey: 'tab.rank', icon: 'rank' },
  { path: PATHS.user, labelKey: 'tab.mine', icon: 'mine' },
] as const;
