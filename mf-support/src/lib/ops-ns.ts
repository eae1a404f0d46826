/**
 * The namespace of this remote's ops pages (agent inbox, news editor), shipped beside `support` but loaded only by
 * the ops pages, so a trader's pages never fetch back-office strings.
 */
import { jsonNamespace, registerNamespace } from '@meridian/shared';

export const OPS_NS = 'supportOps';

/** Where webpack loaded this remote from: its versioned folder, which also holds its translations. */
declare const __webpack_public_path__: string;

registerNamespace(
  OPS_NS,
  jsonNamespace(OPS_NS, () => __webpack_public_path__),
);
