/** The namespace of this remote's ops pages, loaded only by them, so a trader never fetches back-office strings. */
import { jsonNamespace, registerNamespace } from '@meridian/shared';

export const OPS_NS = 'fundsOps';

/** Where webpack loaded this remote from: its versioned folder, which also holds its translations. */
declare const __webpack_public_path__: string;

registerNamespace(
  OPS_NS,
  jsonNamespace(OPS_NS, () => __webpack_public_path__),
);
