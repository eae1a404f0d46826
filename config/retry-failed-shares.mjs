/**
 * Federation runtime plugin (the host's, and through `registerGlobalPlugins` every remote's runtime instance): a
 * shared module whose load failed is loaded afresh the next time it is asked for, never kept as failed.
 *
 * Why: @module-federation/runtime-core (2.9.2) keeps a shared entry's `loading` promise in the share scope; when
 * that load rejects (the provider's chunk could not be fetched: offline), every later `loadShare` awaits the same
 * rejected promise, so a screen that needs `@meridian/shared/lists` or `/ops` stays broken until a reload. (A failed
 * remoteEntry is already forgotten by the runtime itself, and a failed webpack chunk by webpack's JSONP loader.)
 * The runtime's own hook for a failed shared load, `errorLoadShare`, is where the failed promise is dropped, so
 * the next request calls the provider's `get()` again. tools/test/federation.test.mjs checks it on the runtime.
 */
import { registerGlobalPlugins } from '@module-federation/runtime-tools/runtime-core';

/** Drop the failed `loading` of `pkgName` from every share scope (an entry that never loaded). */
export function forgetFailedShare({ pkgName, shareScopeMap, error }) {
  if (!error || !shareScopeMap) return;
  for (const scope of Object.values(shareScopeMap)) {
    const versions = scope?.[pkgName];
    if (!versions) continue;
    for (const entry of Object.values(versions)) {
      if (entry && entry.loading && !entry.loaded && !entry.lib) delete entry.loading;
    }
  }
}

export const retryFailedShares = { name: 'meridian-retry-failed-shares', errorLoadShare: forgetFailedShare };

export default function retryFailedSharesPlugin() {
  // Remotes create their own runtime instances later (each container's init): global plugins reach them too.
  registerGlobalPlugins([retryFailedShares]);
  return retryFailedShares;
}
