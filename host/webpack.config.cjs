const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const { compileHint, createConfig, ROOT } = require('../config/webpack.cjs');

/** The contract the host serves: the version of @meridian/shared it provides to every remote. */
const CONTRACT = require('../shared/package.json').version;

/** The host shell. Its build contains no remote URL: remotes come from /remotes.json at run time. */
module.exports = (env = {}, argv = {}) => {
  const mode = argv.mode ?? 'production';
  const outputPath = env.outDir ?? path.join(ROOT, 'dist/host');
  // Beside the output, never in it: only the completed worker is served.
  const swDir = `${outputPath}.sw`;
  const host = createConfig({
    kind: 'host',
    mode,
    pkgDir: __dirname,
    name: 'meridian_host',
    locales: ['common', 'shell', 'ops', 'opsHealth', 'numeric', 'notifications'],
    entry: { main: './src/bootstrap.tsx' },
    outputPath,
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'public/index.html'),
        // In the head: the first request after the page, ahead of the preloads the server adds.
        inject: 'head',
        publicPath: '/',
      }),
      // main.js is async, not deferred: where the service worker answers the page's head before the server's part
      // (src/sw/compose.ts), it runs during that round trip, and its start waits for the boot data itself.
      new (class AsyncShellScript {
        apply(compiler) {
          compiler.hooks.compilation.tap('AsyncShellScript', (compilation) => {
            HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap('AsyncShellScript', (data) => {
              for (const tag of data.assetTags.scripts) {
                delete tag.attributes.defer;
                tag.attributes.async = true;
              }
              return data;
            });
          });
        }
      })(),
      // main.js: nearly all of it runs before the first price (react-dom, i18next, the federation runtime, the shell).
      compileHint(/^main\.[0-9a-f]+\.js$|^main\.js$/),
      // The same version, for the host's own check of each remote it loads (src/app/registry.ts).
      new (require('webpack').DefinePlugin)({ __MERIDIAN_CONTRACT__: JSON.stringify(CONTRACT) }),
      new (class CopyPublic {
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('CopyPublic', (compilation) => {
            const { RawSource } = compiler.webpack.sources;
            compilation.hooks.processAssets.tap(
              { name: 'CopyPublic', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
              () => {
                const fs = require('node:fs');
                const dir = path.join(__dirname, 'public');
                // Folders too (public/icons/news.png is served at /icons/news.png).
                // What the registry checks a release against (config/registry.cjs).
                compilation.emitAsset(
                  'contract.json',
                  new RawSource(`${JSON.stringify({ '@meridian/shared': CONTRACT })}\n`),
                );
                for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
                  if (!entry.isFile()) continue;
                  const file = path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name));
                  if (file === 'index.html') continue;
                  compilation.emitAsset(
                    file.split(path.sep).join('/'),
                    new RawSource(fs.readFileSync(path.join(dir, file))),
                  );
                }
              },
            );
          });
        }
      })(),
      // The service worker (host/src/sw/sw.ts): precaches the host's code, manifest and icons — not index.html (the
      // server writes each copy with its own data), not the pre-compressed siblings or licences, not the
      // translations of 21 languages (the one in use is kept as it is read). Registered after the first price.
      // Its code is bundled alone first (the `sw` build below: a worker must not carry the federation runtime or
      // the shared modules), then the host's file list is written into it.
      new InjectManifest({
        swSrc: path.join(swDir, 'sw.js'),
        compileSrc: false,
        swDest: 'sw.js',
        exclude: [/^index\.html$/, /\.(br|gz|map|txt)$/, /^locales\//, /^sw\.js$/, /^contract\.json$/],
      }),
    ],
  });
  return [serviceWorker(mode, swDir), { ...host, dependencies: ['sw'] }];
};

/** The service worker's own bundle (host/sw/sw.ts with Workbox's modules), for InjectManifest to complete. */
function serviceWorker(mode, outDir) {
  const webpack = require('webpack');
  return {
    name: 'sw',
    mode,
    target: 'webworker',
    entry: path.join(__dirname, 'src/sw/sw.ts'),
    output: { path: outDir, filename: 'sw.js', clean: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } },
          },
        },
      ],
    },
    // Workbox's own logs stay out of a production worker.
    plugins: [new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) })],
    devtool: false,
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };
}
