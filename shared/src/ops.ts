/**
 * `@meridian/shared/ops`: what ops pages share — the ops session, the ops API client, and the page kit. A federated
 * singleton of its own (like `./lists`), loaded only when an /ops route is visited, so nothing of the back office
 * is in a trader's first load. Its files take the stateful parts (store, client) from `@meridian/shared` by name,
 * so they are the one federated instance and no module is shared between the two entries' chunks.
 */
export {
  opsSessionAtom,
  setOpsSessionAtom,
  clearOpsSessionAtom,
  hasOpsRole,
  readOpsSession,
} from './ops/session';
export { opsApi, opsChangeCountAtom } from './ops/api';
export { readOpsActiveAt, markOpsActivity, opsIdlePhase, opsWarnBeforeMs, opsTouchSlackMs } from './ops/idle';
export { readOpsDraft, writeOpsDraft, clearOpsDraft, listOpsDrafts } from './ops/drafts';
export { formatOpsTime, waitTone, waitParts } from './ops/format';
export {
  OpsPage,
  OpsCard,
  OpsFacts,
  OpsTableWrap,
  OpsTable,
  OpsHead,
  OpsButton,
  OpsButtons,
  OpsDialogForm,
  OpsFormError,
  OpsSub,
  OpsInput,
  OpsSelect,
  OpsTextarea,
  OpsField,
  OpsToolbar,
  OpsBadge,
  OpsPager,
  OpsState,
  OpsEmpty,
  WaitingTime,
  useOpsNow,
  useOpsLoad,
  useHotkeys,
} from './ops/kit';

export type { OpsSession } from './ops/session';
export type { OpsRequestOptions } from './ops/api';
export type { OpsIdlePhase } from './ops/idle';
export type { OpsDraft } from './ops/drafts';
export type { OpsPageProps, OpsTone, OpsLoad } from './ops/kit';
