/**
 * Replaces @module-federation/inject-external-runtime-core-plugin in the host build (see config/webpack.cjs).
 *
 * The stock plugin hands remotes the WHOLE runtime-core (`import * as`), which defeats tree-shaking: the host's
 * runtime grows from 24.7 to 47.0 KB gzip. Remotes built with `externalRuntime: true` read only the members
 * listed here (the names @module-federation/runtime imports from runtime-core; the end-to-end tests load every
 * remote through it), so the host provides exactly those, and its runtime stays tree-shaken.
 *
 * tools/test/federation.test.mjs fails, saying why, when @module-federation moves off CHECKED_WITH or imports a
 * member this list lacks: re-check the list against the new version, then update CHECKED_WITH.
 */
import {
  assert,
  CurrentGlobal,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  Global,
  helpers,
  loadScript,
  loadScriptNode,
  Module,
  ModuleFederation,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-tools/runtime-core';

const provided = {
  assert,
  CurrentGlobal,
  Global,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  Module,
  ModuleFederation,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

/** The @module-federation version this list was checked against. */
export const CHECKED_WITH = '2.9.2';
/** The runtime-core members handed to remotes. */
export const PROVIDED_MEMBERS = Object.keys(provided);

export default function provideRuntimeCorePlugin() {
  return {
    name: 'meridian-provide-runtime-core',
    beforeInit(args) {
      if (!Global._FEDERATION_RUNTIME_CORE) Global._FEDERATION_RUNTIME_CORE = provided;
      return args;
    },
  };
}
