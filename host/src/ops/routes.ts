/**
 * The ops route table: every /ops path, the remote (or the host) and exposed module that renders it, who may open
 * it, and its side-menu entry. Loaded only with the ops area, so the trader's first load does not carry it.
 *
 * A team adds an ops page by exposing it from its remote (`'./OpsDepositsPage': './src/app/pages/…'`) and adding
 * one entry here, with a `menu.labelKey` in `locales/<lng>/ops.json`. The server checks the roles again on every
 * call; here they only decide what the menu shows and which pages open.
 */
import { OPS_PATHS } from '@meridian/shared/pure';
import type { OpsPath, OpsRole } from '@meridian/shared/pure';
import type { RemoteKey } from '../app/routes';

export type OpsIcon =
  'dashboard' | 'kyc' | 'users' | 'remotes' | 'staff' | 'audit' | 'money' | 'chat' | 'news';

export type OpsRouteDef = {
  path: OpsPath;
  /** A remote and its exposed module, or `host` for the host's own pages (see ops-area.tsx). */
  remote: RemoteKey | 'host';
  module: string;
  /** The ops flag: who may open the page (admin always may), or 'any' ops role. */
  ops: readonly OpsRole[] | 'any';
  /** Side-menu entry: a key of the `ops` namespace and an icon. */
  menu: { labelKey: string; icon: OpsIcon };
};

export const OPS_ROUTES: readonly OpsRouteDef[] = [
  {
    path: OPS_PATHS.dashboard,
    remote: 'host',
    module: './OpsDashboardPage',
    ops: 'any',
    menu: { labelKey: 'menu.dashboard', icon: 'dashboard' },
  },
  {
    path: OPS_PATHS.kyc,
    remote: 'mf-account',
    module: './OpsKycPage',
    ops: ['compliance'],
    menu: { labelKey: 'menu.kyc', icon: 'kyc' },
  },
  {
    path: OPS_PATHS.users,
    remote: 'mf-account',
    module: './OpsUsersPage',
    ops: ['support', 'compliance', 'finance'],
    menu: { labelKey: 'menu.users', icon: 'users' },
  },
  {
    path: OPS_PATHS.inbox,
    remote: 'mf-support',
    module: './OpsInboxPage',
    ops: ['support'],
    menu: { labelKey: 'menu.inbox', icon: 'chat' },
  },
  {
    path: OPS_PATHS.news,
    remote: 'mf-support',
    module: './OpsNewsPage',
    ops: ['support'],
    menu: { labelKey: 'menu.news', icon: 'news' },
  },
  {
    path: OPS_PATHS.remotes,
    remote: 'host',
    module: './OpsRemotesPage',
    ops: ['admin'],
    menu: { labelKey: 'menu.remotes', icon: 'remotes' },
  },
  {
    path: OPS_PATHS.staff,
    remote: 'host',
    module: './OpsStaffPage',
    ops: ['admin'],
    menu: { labelKey: 'menu.staff', icon: 'staff' },
  },
  {
    path: OPS_PATHS.audit,
    remote: 'host',
    module: './OpsAuditPage',
    ops: ['admin'],
    menu: { labelKey: 'menu.audit', icon: 'audit' },
  },
  {
    path: OPS_PATHS.deposits,
    remote: 'mf-funds',
    module: './OpsDepositsPage',
    ops: ['finance'],
    menu: { labelKey: 'menu.deposits', icon: 'money' },
  },
  {
    path: OPS_PATHS.withdrawals,
    remote: 'mf-funds',
    module: './OpsWithdrawalsPage',
    ops: ['finance'],
    menu: { labelKey: 'menu.withdrawals', icon: 'money' },
  },
  {
    path: OPS_PATHS.cashier,
    remote: 'mf-funds',
    module: './OpsCashierPage',
    ops: ['finance'],
    menu: { labelKey: 'menu.cashier', icon: 'money' },
  },
];

export const OPS_LOGIN_PATH = OPS_PATHS.login;

/** The ops route of a path (trailing slash ignored). */
export function findOpsRoute(pathname: string): OpsRouteDef | undefined {
  const clean = pathname.length > 4 ? pathname.replace(/\/+$/, '') : pathname;
  return OPS_ROUTES.find((r) => r.path === clean);
}
