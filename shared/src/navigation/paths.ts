/**
 * The in-app path table: every page of the app by name, and builders for the paths that take a query. Remotes
 * navigate with these (`navigate(PATHS.trade)`, `hrefs.order(ORDER_STATUS.pending)`) and `navigate`/`AppLink` take
 * only an `AppHref`, so a mistyped path is a type error instead of a silent redirect to `/`. The host's route table
 * maps each of these paths to the remote that renders it (a host test keeps the two equal).
 *
 * Exported from `@meridian/shared/pure`: bundled by each app, where only the paths a bundle reads are kept (`PATHS` is a
 * namespace of single exports, see path-list.ts; keep `Object.values(PATHS)` out of shared code).
 */
import type { OrderStatus } from '../contract/trading';
import type { OpsPath } from './ops-paths';

export * as PATHS from './path-list';
import * as PATHS from './path-list';

/** A page of the app. */
export type AppPath = (typeof PATHS)[keyof typeof PATHS];
/** Where an in-app navigation may go: a page, with a query string or not. */
export type AppHref = AppPath | OpsPath | `${AppPath | OpsPath}?${string}`;

/** The paths that carry a query. */
export const hrefs = {
  /** `/order?type=` picks the tab: 1 holding, 0 pending, 3 history. */
  order: (type: OrderStatus): AppHref => `${PATHS.order}?type=${type}`,
  /** `/login?from=` comes back to `from` after logging in. */
  login: (from: AppHref): AppHref => `${PATHS.login}?from=${encodeURIComponent(from)}`,
  /** `/news/detail?id=` shows one article. */
  newsDetail: (id: number): AppHref => `${PATHS.newsDetail}?id=${id}`,
  /** `/order?type=&id=` opens the order's detail on that tab (it moves to the order's own tab if it changed). */
  orderDetail: (type: OrderStatus, id: number): AppHref => `${PATHS.order}?type=${type}&id=${id}`,
  /** `/mine/charge?type=&record=` shows that tab (0 coin, 1 bank) with the deposit record marked. */
  depositRecord: (type: 0 | 1, id: number): AppHref => `${PATHS.charge}?type=${type}&record=${id}`,
  /** `/mine/withdraw?type=&record=` shows that tab (0 coin, 1 bank) with the withdrawal record marked. */
  withdrawRecord: (type: 0 | 1, id: number): AppHref => `${PATHS.withdraw}?type=${type}&record=${id}`,
};
