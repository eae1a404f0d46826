/**
 * The back office's pages. The ops area has its own route table (host/src/ops/routes.ts, loaded only on /ops paths)
 * mapping each of these to the remote that renders it; a host test keeps the two equal. A team adding an ops page
 * adds its path here first.
 *
 * A file apart from the trader's path table: the ops area is a chunk of its own, and a module read from two chunks
 * is kept whole in the first load instead of being reduced to the strings it uses (see paths.ts).
 */
export const OPS_PATHS = {
  dashboard: '/ops',
  login: '/ops/login',
  kyc: '/ops/kyc',
  users: '/ops/users',
  remotes: '/ops/remotes',
  staff: '/ops/staff',
  audit: '/ops/audit',
  deposits: '/ops/deposits',
  withdrawals: '/ops/withdrawals',
  cashier: '/ops/cashier',
  inbox: '/ops/inbox',
  news: '/ops/news',
} as const;

/** A page of the back office. */
export type OpsPath = (typeof OPS_PATHS)[keyof typeof OPS_PATHS];
