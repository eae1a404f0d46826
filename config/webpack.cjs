/**
 * The one webpack + Module Federation factory for the host and every remote.
 *
 * Choices (measured with bench/first-load):
 * - Shared singletons with explicit requiredVersion; the router is NOT shared: the host owns react-router and
 *   remotes navigate through @meridian/shared's small navigation API (one router instance, no 60 KB shared whole).
 * - The federation runtime is trimmed at build time: no snapshot plugin (so remotes are registered by their
 *   remoteEntry.js, not by manifest), web target only; the host provides it to remotes (`externalRuntime`), handing
 *   over only the members they read, so neither side carries a second copy.
 * - React Router's production build gets the pure annotations it lacks (config/loaders/pure-react-calls.cjs), so the
 *   host pays for BrowserRouter, useLocation and useNavigate, not for Link, Form and prefetching: 7 KB gzip less.
 * - react-i18next is shared through a curated entry (config/shared-entries/react-i18next.mjs).
 * - Translations are JSON files next to each build's code, not JavaScript chunks.
 * - The host's shared modules that every screen needs (react, react-dom, jotai, styled-components, i18next,
 *   react-i18next, @meridian/shared) are eager: in its main.js, not a chunk each. A phone opens at most 6
 *   connections to a host over HTTP/1.1, and 9 host files + the remote's 2 + 3 translations queued behind them: on
 *   Lighthouse's mobile network each queued round is ~560 ms (bench/first-price 1.88x -> 1.62x, and 3.8 KB gzip less
 *   in bench/first-load). The subpath entries (`/lists`, `/forms`, `/ops`, ...) stay lazy. Remotes never eager:
 *   they take the host's from the share scope (a standalone remote has an `import()` boundary).
 * - publicPath 'auto': a remote's chunks load from wherever its manifest was found, so a versioned folder works
 *   with no URL in any build.
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '..');

/** Package version of a dependency as the given package resolves it. */

/** Aliases to React Router's production build, resolved through react-router-dom as the app installs it. */
function reactRouterProduction(pkgDir) {
  let dom;
  try {
    dom = path.dirname(require.resolve('react-router-dom/package.json', { paths: [pkgDir] }));
  } catch {
    return {}; // a package without the router (the remotes)
  }
  const dir = path.join(
    path.dirname(require.resolve('react-router/package.json', { paths: [dom] })),
    'dist/production',
  );
  return {
    'react-router$': path.join(dir, 'index.mjs'),
    'react-router/dom$': path.join(dir, 'dom-export.mjs'),
  };
}

function versionOf(name, fromDir) {
  return require(require.resolve(`${name}/package.json`, { paths: [fromDir] })).version;
}

/**
 * The shared singletons: one instance per page, each with an explicit requiredVersion. `eager` (the host): the ones
 * every screen needs are in the host's main.js, not a chunk each (see createConfig's choices).
 */
function sharedConfig(pkgDir, eager = false) {
  const singleton = (name, versionFrom = name) => {
    const version = versionOf(versionFrom, pkgDir);
    return { singleton: true, requiredVersion: `^${version}`, version, ...(eager ? { eager: true } : {}) };
  };
  const sharedPkg = require(path.join(ROOT, 'shared/package.json'));
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react/jsx-runtime', 'react'),
    'react-dom': singleton('react-dom'),
    jotai: singleton('jotai'),
    'styled-components': singleton('styled-components'),
    i18next: singleton('i18next'),
    // A curated entry (config/shared-entries/react-i18next.mjs): the same modules, without the unused exports.
    'react-i18next': {
      ...singleton('react-i18next'),
      import: path.join(__dirname, 'shared-entries/react-i18next.mjs'),
    },
    '@meridian/shared': {
      singleton: true,
      // The contract range this build was made against, from the workspace; the registry and the host check it
      // (config/registry.cjs, host/src/app/registry.ts). MERIDIAN_TEST_CONTRACT stands in for another contract's
      // version in the end-to-end test of an incompatible remote, and is never set otherwise.
      requiredVersion: `^${process.env.MERIDIAN_TEST_CONTRACT || sharedPkg.version}`,
      version: sharedPkg.version,
      ...(eager ? { eager: true } : {}),
    },
    // Loaded with the first screen that pages, not with the first visit (see shared/src/lists.ts).
    '@meridian/shared/lists': {
      singleton: true,
      requiredVersion: `^${sharedPkg.version}`,
      version: sharedPkg.version,
    },
    // Private images and the image upload: loaded with the screens that show or send a photo (shared/src/media.ts).
    '@meridian/shared/media': {
      singleton: true,
      requiredVersion: `^${sharedPkg.version}`,
      version: sharedPkg.version,
    },
    // Web Push on this device and its offer: loaded with the screens that offer it (shared/src/push.ts).
    '@meridian/shared/push': {
      singleton: true,
      requiredVersion: `^${sharedPkg.version}`,
      version: sharedPkg.version,
    },
    // The trader forms' kit: loaded with the screens that have a form (shared/src/forms.ts).
    '@meridian/shared/forms': {
      singleton: true,
      requiredVersion: `^${sharedPkg.version}`,
      version: sharedPkg.version,
    },
    // The back office's session, client and kit: loaded only on /ops routes (see shared/src/ops.ts).
    '@meridian/shared/ops': {
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

/** Emits `locales/<lng>/<ns>.json` for the given namespaces, from the locales package, into the build output. */
class EmitLocales {
  constructor(namespaces) {
    this.namespaces = namespaces;
  }
  apply(compiler) {
    const fs = require('node:fs');
    const dir = path.join(ROOT, 'locales');
    compiler.hooks.thisCompilation.tap('EmitLocales', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitLocales', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const lng of fs.readdirSync(dir)) {
            for (const ns of this.namespaces) {
              const file = path.join(dir, lng, `${ns}.json`);
              if (!fs.existsSync(file)) continue;
              compilation.fileDependencies.add(file);
              // Re-serialised compactly: the files are authored pretty-printed.
              const json = JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8')));
              compilation.emitAsset(
                `locales/${lng}/${ns}.json`,
                new compiler.webpack.sources.RawSource(json),
              );
            }
          }
        },
      );
    });
  }
}

/**
 * V8's explicit compile hint (Chrome 136+) on the files matching `include`: every function of such a file is
 * compiled on a background thread as the file streams in, instead of on the main thread when first called. For the
 * files whose code nearly all runs as soon as they load: the host's main.js, a remote's entry and its pages' own
 * chunks. Added after minification (which drops comments), before hashing and compression.
 */
function compileHint(include) {
  const webpack = require('webpack');
  return new webpack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    include,
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING,
  });
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
 * @param {string[]} [o.locales]  namespaces whose JSON (21 languages) goes into the output's `locales/`
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
    // DIAG_SOURCE_MAPS=1 (diagnosis only, bench/README.md "third look"): .map files beside the production build, not
    // named in it, to map a profile's frames back to their sources.
    devtool:
      mode === 'production'
        ? process.env.DIAG_SOURCE_MAPS
          ? 'hidden-source-map'
          : false
        : 'eval-cheap-module-source-map',
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
      alias: {
        // React Router 7's exports map names only its development build (with its warnings), also in production
        // (remix-run/react-router#12532, #14753); the production build beside it is the same code without them.
        ...(mode === 'production' ? reactRouterProduction(o.pkgDir) : {}),
        'use-sync-external-store/shim$': path.join(
          __dirname,
          'shared-entries/use-sync-external-store-shim.mjs',
        ),
        // Lets config/shared-entries/react-i18next.mjs reach the package's own ES modules past its exports map.
        'react-i18next/dist/es': path.join(
          path.dirname(require.resolve('react-i18next/package.json', { paths: [o.pkgDir] })),
          'dist/es',
        ),
      },
    },
    module: {
      rules: [
        swcRule(mode),
        { test: /\.svg$/, type: 'asset/inline' },
        // React Router's build without pure annotations: see config/loaders/pure-react-calls.cjs.
        {
          test: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/,
          use: path.join(__dirname, 'loaders/pure-react-calls.cjs'),
        },
        // trading-signals (the chart's indicators) re-exports ~150 indicators from one index and says nothing about side
        // effects; its modules only declare classes, so only the indicators the chart imports are kept.
        { test: /[\\/]node_modules[\\/]trading-signals[\\/]/, sideEffects: false },
      ],
    },
    performance: { hints: false },
    optimization: {
      // The host's chunks keep their names across deploys (long-term caching: ids that do not move when a module is
      // added); a remote's release is a directory of its own, cached by version, so its ids are the shortest.
      moduleIds: isHost ? 'deterministic' : 'size',
      chunkIds: 'deterministic',
      // Exports named by use: shorter than hashed names, and stable as long as a module's used exports are.
      mangleExports: 'size',
      // webpack's built-in minimizer, told the output may use ES2020 syntax.
      minimizeOptions: {
        javascript: { ecma: 2020, compress: { passes: 3, ecma: 2020 }, format: { comments: false } },
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
        shared: sharedConfig(o.pkgDir, isHost),
        ...(isHost
          ? {
              runtimePlugins: [
                path.join(__dirname, 'provide-runtime-core.mjs'),
                // A shared module that failed to load (offline) is loaded again when next asked for.
                path.join(__dirname, 'retry-failed-shares.mjs'),
              ],
            }
          : {}),
        shareStrategy: 'loaded-first',
        experiments: {
          // The host's entry waits for shared-module negotiation itself (its eager shares need none).
          ...(isHost ? { asyncStartup: true } : {}),
          // Remotes use the runtime the host provides (config/provide-runtime-core.mjs); alone, they bring their own.
          ...(isHost || o.standalone ? {} : { externalRuntime: true }),
          // Runtime size (measured, gzip, first visit = host + one remote): the stock provideExternalRuntime 47.0 +
          // 8.7 KB per remoteEntry; each container with its own tree-shaken runtime 24.7 + 24.6 (19.1 with
          // `disableRemote` in remotes); the host providing only what remotes read 25.4 + 8.3 KB, the smallest.
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
      ...(o.locales?.length ? [new EmitLocales(o.locales)] : []),
      // A remote's entry and its exposed pages' chunks run whole when a page of it opens.
      ...(isHost || mode !== 'production'
        ? []
        : [compileHint(/^remoteEntry\.js$|^__federation_expose_[^/]+\.js$/)]),
      // Pre-compressed copies (served by @fastify/static `preCompressed`): phones on mobile networks get brotli at
      // its highest level without the server compressing per request.
      ...(mode === 'production'
        ? ['gzip', 'brotliCompress'].map(
            (algorithm) =>
              new CompressionPlugin({
                test: /\.(js|json|html|svg|txt)$/,
                threshold: 1024,
                minRatio: 0.9,
                algorithm,
                filename: algorithm === 'gzip' ? '[path][base].gz' : '[path][base].br',
                compressionOptions:
                  algorithm === 'gzip'
                    ? { level: 9 }
                    : { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              }),
          )
        : []),
      ...(o.plugins ?? []),
    ],
    ...(o.devServer ? { devServer: o.devServer } : {}),
  };
}

const STANDALONE_HTML =
  '<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><div id="root"></div></body></html>';

/**
 * A remote's whole webpack config: `webpack.config.cjs` of each remote is one call to this.
 * `--env standalone` runs it alone on its dev server (port `devPort`, API proxied to API_URL or :8080).
 * `extraNamespaces`: more namespaces the remote ships (e.g. its ops pages' strings, kept out of its trader pages').
 * @param {{ pkgDir: string, remote: string, namespace: string, extraNamespaces?: string[], devPort: number, exposes: Record<string,string> }} r
 */
/**
 * The exposed modules of a remote's build. MERIDIAN_TEST_BROKEN_EXPOSE (`./NewsPage`) builds that page as one that
 * throws on render (config/test-broken-page.mjs): the end-to-end test of canary releases publishes such a version of
 * a remote to see it aborted; it is never set otherwise.
 */
function exposesOf(exposes) {
  const broken = process.env.MERIDIAN_TEST_BROKEN_EXPOSE;
  if (!broken) return exposes;
  if (!(broken in exposes))
    throw new Error(
      `MERIDIAN_TEST_BROKEN_EXPOSE: ${broken} is not exposed (${Object.keys(exposes).join(', ')})`,
    );
  return { ...exposes, [broken]: path.join(__dirname, 'test-broken-page.mjs') };
}

function remoteConfig(r) {
  return (env = {}, argv = {}) => {
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    return createConfig({
      kind: 'remote',
      mode: argv.mode ?? (env.standalone ? 'development' : 'production'),
      pkgDir: r.pkgDir,
      name: r.remote.replace('-', '_'),
      exposes: exposesOf(r.exposes),
      locales: [r.namespace, ...(r.extraNamespaces ?? []), ...(env.standalone ? ['common', 'numeric'] : [])],
      standalone: Boolean(env.standalone),
      outputPath: env.outDir ?? path.join(ROOT, 'dist/build', r.remote),
      ...(env.standalone
        ? {
            entry: { standalone: './src/standalone.ts' },
            plugins: [new HtmlWebpackPlugin({ templateContent: STANDALONE_HTML })],
            devServer: {
              port: Number(process.env.PORT ?? r.devPort),
              historyApiFallback: true,
              proxy: [
                {
                  context: ['/api', '/v1'],
                  target: process.env.API_URL ?? 'http://localhost:8080',
                  ws: true,
                },
              ],
            },
          }
        : {}),
    });
  };
}

module.exports = { compileHint, createConfig, remoteConfig, sharedConfig, ROOT };
