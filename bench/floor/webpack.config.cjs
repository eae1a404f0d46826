// Same loader, target, minifier options, mode and hashing as config/webpack.cjs, without federation.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

module.exports = (env = {}) => ({
  mode: 'production',
  context: __dirname,
  target: ['web', 'es2020'],
  entry: { main: './index.tsx' },
  output: {
    path: env.outDir,
    filename: '[name].[contenthash:8].js',
    publicPath: env.publicPath ?? '/',
    clean: true,
  },
  resolve: {
    extensions: ['.tsx', '.ts', '.js'],
    modules: [path.join(__dirname, '../../host/node_modules'), 'node_modules'],
  },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        use: {
          loader: 'swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2020',
            },
          },
        },
      },
    ],
  },
  plugins: [
    new HtmlWebpackPlugin({
      templateContent: '<!doctype html><html><body><div id="root"></div></body></html>',
    }),
  ],
  optimization: {
    minimizeOptions: {
      javascript: { ecma: 2020, compress: { passes: 2, ecma: 2020 }, format: { comments: false } },
    },
  },
  stats: 'errors-warnings',
});
