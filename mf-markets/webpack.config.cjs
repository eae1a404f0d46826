const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig, ROOT } = require('../config/webpack.cjs');

/** Exposed page modules of mf-markets: pages only, nothing deep. */
const exposes = {
  './HomePage': './src/app/pages/home-page.tsx',
  './TradePage': './src/app/pages/trade-page.tsx',
  './ProductPage': './src/app/pages/product-page.tsx',
  './RankPage': './src/app/pages/rank-page.tsx',
};

module.exports = (env = {}, argv = {}) =>
  createConfig({
    kind: 'remote',
    mode: argv.mode ?? (env.standalone ? 'development' : 'production'),
    pkgDir: __dirname,
    name: 'mf_markets',
    exposes,
    locales: env.standalone ? ['markets', 'common'] : ['markets'],
    standalone: Boolean(env.standalone),
    outputPath: env.outDir ?? path.join(ROOT, 'dist/build/mf-markets'),
    ...(env.standalone
      ? {
          entry: { standalone: './src/standalone.ts' },
          plugins: [
            new HtmlWebpackPlugin({
              templateContent:
                '<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><div id="root"></div></body></html>',
            }),
          ],
          devServer: {
            port: Number(process.env.PORT ?? 3001),
            historyApiFallback: true,
            proxy: [
              { context: ['/api', '/v1'], target: process.env.API_URL ?? 'http://localhost:8080', ws: true },
            ],
          },
        }
      : {}),
  });
