const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig, ROOT } = require('../config/webpack.cjs');

/** The host shell. Its build contains no remote URL: remotes come from /remotes.json at run time. */
module.exports = (env = {}, argv = {}) => {
  const mode = argv.mode ?? 'production';
  return createConfig({
    kind: 'host',
    mode,
    pkgDir: __dirname,
    name: 'meridian_host',
    locales: ['common', 'shell', 'ops'],
    entry: { main: './src/bootstrap.tsx' },
    outputPath: env.outDir ?? path.join(ROOT, 'dist/host'),
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'public/index.html'),
        inject: 'body',
        scriptLoading: 'defer',
        publicPath: '/',
      }),
      new (class CopyPublic {
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('CopyPublic', (compilation) => {
            const { RawSource } = compiler.webpack.sources;
            compilation.hooks.processAssets.tap(
              { name: 'CopyPublic', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
              () => {
                const fs = require('node:fs');
                const dir = path.join(__dirname, 'public');
                for (const file of fs.readdirSync(dir)) {
                  if (file === 'index.html') continue;
                  compilation.emitAsset(file, new RawSource(fs.readFileSync(path.join(dir, file))));
                }
              },
            );
          });
        }
      })(),
    ],
  });
};
