// Registers this remote's namespace when any of its pages is evaluated, so the remote ships its own strings.
import { registerNamespace } from '@meridian/shared';
import { loadAccount } from '@meridian/locales/ns/account';

registerNamespace('account', loadAccount);

/** The build label of this remote (see config/webpack.cjs), recorded where ops can read it. */
const w = globalThis as { mfBuild?: Record<string, string> };
w.mfBuild = { ...w.mfBuild, 'mf-account': process.env.MF_BUILD_ID ?? 'local' };

export const NS = 'account';
