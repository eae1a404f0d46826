/**
 * The one webpack + Module Federation factory for the host and every remote.
 *
 * Choices (measured with bench/first-load):
 * - Shared singletons with explicit requiredVersion; the router is NOT shared: the host owns react-router and
 *   remotes navigate through @meridian/shared's small navigation API (one router instance, no 60 KB shared whole).
 * - The federation runtime is trimmed at build time: no snapshot plugin (so remotes are registered by their
 *   remoteEntry.js, not by manifest), web target only, and no remote-loading code inside remotes.
 * - No eager shared modules: every entry goes through an async boundary (`import('./bootstrap')`).
 * - publicPath 'auto': a remote's chunks load from wherever its manifest was found, so a versioned folder works
 *   with no URL in any build.
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const ROOT = path.resolve(__dirname, '..');

/** Package version of a dependency as the given package resolves it. */
function versionOf(name, fromDir) {
  return require(require.resolve(`${name}/package.json`, { paths: [fromDir] })).version;
}

/** The shared singletons (ARCHITECTURE §4). */
function sharedConfig(pkgDir) {
  const singleton = (name, versionFrom = name) => {
    const version = versionOf(versionFrom, pkgDir);
    return { singleton: true, requiredVersion: `^${version}`, version };
  };
  const sharedPkg = require(path.join(ROOT, 'shared/package.json'));
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react/jsx-runtime', 'react'),
    'react-dom': singleton('react-dom'),
    jotai: singleton('jotai'),
    'styled-components': singleton('styled-components'),
    i18next: singleton('i18next'),
    'react-i18next': singleton('react-i18next'),
    '@meridian/shared': {
      singleton: true,
      requiredVersion: `^${sharedPkg.version}`,
      version: sharedPkg.version,
    },
  };
}

function swcRule(mode) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: {
            react: { runtime: 'automatic', development: mode === 'development', refresh: false },
          },
          target: 'es2020',
        },
      },
    },
  };
}

/**
 * @param {object} o
 * @param {'host' | 'remote'} o.kind
 * @param {string} o.pkgDir   the package folder
 * @param {string} o.name     federation name (a JS identifier, e.g. `mf_orders`)
 * @param {Record<string,string>} [o.exposes]  remote page modules
 * @param {string} o.outputPath
 * @param {'production' | 'development'} [o.mode]
 * @param {object[]} [o.plugins]  extra plugins (the host's HTML page, a remote's standalone shell)
 * @param {Record<string,string>} [o.entry]
 * @param {object} [o.devServer]
 * @param {boolean} [o.standalone]  a remote running alone in the local dev shell
 */
function createConfig(o) {
  const mode = o.mode ?? 'production';
  const isHost = o.kind === 'host';
  return {
    mode,
    context: o.pkgDir,
    // Modern output for the webpack runtime too (arrow functions, const, destructuring): every supported phone
    // browser runs ES2020.
    target: ['web', 'es2020'],
    devtool: mode === 'production' ? false : 'eval-cheap-module-source-map',
    entry: o.entry ?? {},
    output: {
      path: o.outputPath,
      publicPath: 'auto',
      filename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: o.name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      // Workspace packages export their TypeScript sources; resolve symlinks so each file is one module.
      symlinks: true,
    },
    module: {
      rules: [swcRule(mode), { test: /\.svg$/, type: 'asset/inline' }],
    },
    performance: { hints: false },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // webpack's built-in minimizer, told the output may use ES2020 syntax.
      minimizeOptions: {
        javascript: { ecma: 2020, compress: { passes: 2, ecma: 2020 }, format: { comments: false } },
      },
    },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
    plugins: [
      new ModuleFederationPlugin({
        name: o.name,
        ...(isHost
          ? { remotes: {}, dts: false, manifest: false }
          : {
              filename: 'remoteEntry.js',
              exposes: o.exposes ?? {},
              manifest: true,
              // Types are generated for consumers; never consumed at build time, so no build waits on a network.
              dts: o.standalone ? false : { consumeTypes: false },
            }),
        shared: sharedConfig(o.pkgDir),
        shareStrategy: 'loaded-first',
        experiments: {
          // Runtime size (measured, gzip, first visit = host + one remote): host-provided external runtime 47.0 +
          // 8.7 KB per remoteEntry; each container with its own tree-shaken runtime 24.7 + 24.6 KB; and with
          // `disableRemote` in remotes (they never load remotes themselves) 24.7 + 19.1 KB, the smallest first load.
          optimization: {
            disableSnapshot: true,
            target: 'web',
            ...(isHost || o.standalone ? {} : { disableRemote: true }),
          },
        },
      }),
      // A build label (MF_BUILD_ID, default 'local') compiled into every remote, so a release can be told apart
      // from the build before it even when the code is the same (and ops can see it: `mfBuild` on window).
      new (require('webpack').DefinePlugin)({
        'process.env.MF_BUILD_ID': JSON.stringify(process.env.MF_BUILD_ID ?? 'local'),
      }),
      ...(o.plugins ?? []),
    ],
    ...(o.devServer ? { devServer: o.devServer } : {}),
  };
}

module.exports = { createConfig, sharedConfig, ROOT };
