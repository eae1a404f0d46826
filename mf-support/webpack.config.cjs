const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig, ROOT } = require('../config/webpack.cjs');

/** Exposed page modules of mf-support: pages only, nothing deep. */
const exposes = {
  './ChatPage': './src/app/pages/chat-page.tsx',
  './NewsPage': './src/app/pages/news-page.tsx',
  './NewsDetailPage': './src/app/pages/news-detail-page.tsx',
  './FeedbackPage': './src/app/pages/feedback-page.tsx',
};

module.exports = (env = {}, argv = {}) =>
  createConfig({
    kind: 'remote',
    mode: argv.mode ?? (env.standalone ? 'development' : 'production'),
    pkgDir: __dirname,
    name: 'mf_support',
    exposes,
    locales: env.standalone ? ['support', 'common'] : ['support'],
    standalone: Boolean(env.standalone),
    outputPath: env.outDir ?? path.join(ROOT, 'dist/build/mf-support'),
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
            port: Number(process.env.PORT ?? 3005),
            historyApiFallback: true,
            proxy: [
              { context: ['/api', '/v1'], target: process.env.API_URL ?? 'http://localhost:8080', ws: true },
            ],
          },
        }
      : {}),
  });
