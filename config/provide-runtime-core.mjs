/**
 * Replaces @module-federation/inject-external-runtime-core-plugin in the host build (see config/webpack.cjs).
 *
 * The stock plugin hands remotes the WHOLE runtime-core (`import * as`), which defeats tree-shaking: the host's
 * runtime grows from 24.7 to 47.0 KB gzip. Remotes built with `externalRuntime: true` read only the members
 * listed here (checked against the 2.9.2 bundler runtime; the end-to-end tests load every remote through it), so
 * the host provides exactly those, and its runtime stays tree-shaken.
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

export default function provideRuntimeCorePlugin() {
  return {
    name: 'meridian-provide-runtime-core',
    beforeInit(args) {
      if (!Global._FEDERATION_RUNTIME_CORE) Global._FEDERATION_RUNTIME_CORE = provided;
      return args;
    },
  };
}
