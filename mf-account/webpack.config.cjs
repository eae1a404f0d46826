const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig, ROOT } = require('../config/webpack.cjs');

/** Exposed page modules of mf-account: pages only, nothing deep. */
const exposes = {
  './UserPage': './src/app/pages/user-page.tsx',
  './LoginPage': './src/app/pages/login-page.tsx',
  './RegisterPage': './src/app/pages/register-page.tsx',
  './ForgotPage': './src/app/pages/forgot-page.tsx',
  './LanguagePage': './src/app/pages/language-page.tsx',
  './AuthPage': './src/app/pages/auth-page.tsx',
  './InvitePage': './src/app/pages/invite-page.tsx',
  './EmailPage': './src/app/pages/email-page.tsx',
  './AnnouncementPage': './src/app/pages/announcement-page.tsx',
  './PasswordPage': './src/app/pages/password-page.tsx',
  './SystemPage': './src/app/pages/system-page.tsx',
};

module.exports = (env = {}, argv = {}) =>
  createConfig({
    kind: 'remote',
    mode: argv.mode ?? (env.standalone ? 'development' : 'production'),
    pkgDir: __dirname,
    name: 'mf_account',
    exposes,
    locales: env.standalone ? ['account', 'common'] : ['account'],
    standalone: Boolean(env.standalone),
    outputPath: env.outDir ?? path.join(ROOT, 'dist/build/mf-account'),
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
            port: Number(process.env.PORT ?? 3004),
            historyApiFallback: true,
            proxy: [
              { context: ['/api', '/v1'], target: process.env.API_URL ?? 'http://localhost:8080', ws: true },
            ],
          },
        }
      : {}),
  });
