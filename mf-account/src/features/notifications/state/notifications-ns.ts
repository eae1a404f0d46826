/**
 * The `notifications` namespace: what each kind of notification says (shared with the shell's toast, which ships the
 * same file). Registered when the notification centre is evaluated, from this remote's versioned folder.
 */
import { jsonNamespace, registerNamespace } from '@meridian/shared';

export const NOTIFY_NS = 'notifications';

/** Where webpack loaded this remote from: its versioned folder, which also holds its translations. */
declare const __webpack_public_path__: string;

registerNamespace(
  NOTIFY_NS,
  jsonNamespace(NOTIFY_NS, () => __webpack_public_path__),
);
