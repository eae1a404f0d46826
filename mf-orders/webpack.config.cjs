const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig, ROOT } = require('../config/webpack.cjs');

/** Exposed page modules of mf-orders: pages only, nothing deep. */
const exposes = {
  './OrderPage': './src/app/pages/order-page.tsx',
};

module.exports = (env = {}, argv = {}) =>
  createConfig({
    kind: 'remote',
    mode: argv.mode ?? (env.standalone ? 'development' : 'production'),
    pkgDir: __dirname,
    name: 'mf_orders',
    exposes,
    locales: env.standalone ? ['orders', 'common'] : ['orders'],
    standalone: Boolean(env.standalone),
    outputPath: env.outDir ?? path.join(ROOT, 'dist/build/mf-orders'),
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
            port: Number(process.env.PORT ?? 3002),
            historyApiFallback: true,
            proxy: [
              { context: ['/api', '/v1'], target: process.env.API_URL ?? 'http://localhost:8080', ws: true },
            ],
          },
        }
      : {}),
  });
