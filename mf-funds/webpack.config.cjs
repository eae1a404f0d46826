const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig, ROOT } = require('../config/webpack.cjs');

/** Exposed page modules of mf-funds: pages only, nothing deep. */
const exposes = {
  './HistoryPage': './src/app/pages/history-page.tsx',
  './ChargePage': './src/app/pages/charge-page.tsx',
  './WithdrawPage': './src/app/pages/withdraw-page.tsx',
  './WalletPage': './src/app/pages/wallet-page.tsx',
  './BankCardListPage': './src/app/pages/bank-card-list-page.tsx',
  './CoinAddressListPage': './src/app/pages/coin-address-list-page.tsx',
  './WithdrawWayPage': './src/app/pages/withdraw-way-page.tsx',
};

module.exports = (env = {}, argv = {}) =>
  createConfig({
    kind: 'remote',
    mode: argv.mode ?? (env.standalone ? 'development' : 'production'),
    pkgDir: __dirname,
    name: 'mf_funds',
    exposes,
    locales: env.standalone ? ['funds', 'common'] : ['funds'],
    standalone: Boolean(env.standalone),
    outputPath: env.outDir ?? path.join(ROOT, 'dist/build/mf-funds'),
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
            port: Number(process.env.PORT ?? 3003),
            historyApiFallback: true,
            proxy: [
              { context: ['/api', '/v1'], target: process.env.API_URL ?? 'http://localhost:8080', ws: true },
            ],
          },
        }
      : {}),
  });
