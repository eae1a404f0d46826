// Registers this remote's namespace when any of its pages is evaluated, so the remote ships its own strings.
import { jsonNamespace, registerNamespace } from '@meridian/shared';

/** Where webpack loaded this remote from: its versioned folder, which also holds its translations. */
declare const __webpack_public_path__: string;

registerNamespace(
  'support',
  jsonNamespace('support', () => __webpack_public_path__),
);

/** The build label of this remote (see config/webpack.cjs), recorded where ops can read it. */
const w = globalThis as { mfBuild?: Record<string, string> };
w.mfBuild = { ...w.mfBuild, 'mf-support': process.env.MF_BUILD_ID ?? 'local' };

export { NS } from '../lib/ns';
