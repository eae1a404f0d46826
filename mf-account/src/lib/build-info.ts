/**
 * The released version of this remote, for the system page: the versioned folder it was loaded from
 * (`/remotes/mf-account/<version>/`, see the README's "Releasing one remote"), which is what ops and `npm run mf --
 * status` call it. Falls back to the build label, then 'local' (dev server, tests).
 */
declare const __webpack_public_path__: string | undefined;

export function accountVersion(): string {
  const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  const released = /\/remotes\/mf-account\/([^/]+)\//.exec(base)?.[1];
  const label = (globalThis as { mfBuild?: Record<string, string> }).mfBuild?.['mf-account'];
  return released ?? label ?? 'local';
}
