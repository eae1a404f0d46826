const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig, ROOT } = require('../config/webpack.cjs');

/**
 * Shared modules that do not take part in the first screen: the subpath entries of @meridian/shared (`/lists`,
 * `/ops`, ...) exist precisely to be loaded by the screens that need them, so none of them is preloaded.
 */
const notAtStartUp = (name) => name.startsWith('@meridian/shared/');

/**
 * Preload hints for the chunks of the shared modules the host provides (react-dom, styled-components, i18next,
 * @meridian/shared, ...). The federation runtime asks for them only once main.js has run; named in the page, they
 * download alongside it, which saves a round trip before the first paint on a slow network (bench/first-price).
 */
class PreloadStartupShared {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadStartupShared', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupShared', (data) => {
        const files = new Set();
        for (const module of compilation.modules) {
          if (module.type !== 'provide-module' || notAtStartUp(module._name)) continue;
          for (const block of module.blocks) {
            const group = compilation.chunkGraph.getBlockChunkGroup(block);
            for (const chunk of group?.chunks ?? [])
              for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          }
        }
        for (const file of [...files].sort())
          data.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `/${file}` }),
          );
        return data;
      });
    });
  }
}

/** The host shell. Its build contains no remote URL: remotes come from /remotes.json at run time. */
module.exports = (env = {}, argv = {}) => {
  const mode = argv.mode ?? 'production';
  return createConfig({
    kind: 'host',
    mode,
    pkgDir: __dirname,
    name: 'meridian_host',
    locales: ['common', 'shell', 'ops', 'numeric'],
    entry: { main: './src/bootstrap.tsx' },
    outputPath: env.outDir ?? path.join(ROOT, 'dist/host'),
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'public/index.html'),
        // In the head (deferred): the first request after the page, ahead of the preloads below.
        inject: 'head',
        scriptLoading: 'defer',
        publicPath: '/',
      }),
      new PreloadStartupShared(),
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
    ],
  });
};
