const { remoteConfig } = require('../config/webpack.cjs');

/** mf-account: exposed page modules only, nothing deep. */
module.exports = remoteConfig({
  pkgDir: __dirname,
  remote: 'mf-account',
  namespace: 'account',
  extraNamespaces: ['accountOps', 'notifications'],
  devPort: 3004,
  exposes: {
    './UserPage': './src/app/pages/user-page.tsx',
    './LoginPage': './src/app/pages/login-page.tsx',
    './RegisterPage': './src/app/pages/register-page.tsx',
    './ForgotPage': './src/app/pages/forgot-page.tsx',
    './LanguagePage': './src/app/pages/language-page.tsx',
    './AuthPage': './src/app/pages/auth-page.tsx',
    './InvitePage': './src/app/pages/invite-page.tsx',
    './EmailPage': './src/app/pages/email-page.tsx',
    './AnnouncementPage': './src/app/pages/announcement-page.tsx',
    './StatementPage': './src/app/pages/statement-page.tsx',
    './NotificationsPage': './src/app/pages/notifications-page.tsx',
    './PasswordPage': './src/app/pages/password-page.tsx',
    './SystemPage': './src/app/pages/system-page.tsx',
    // Back office (loaded only on /ops routes): KYC review and users.
    './OpsKycPage': './src/app/pages/ops-kyc-page.tsx',
    './OpsUsersPage': './src/app/pages/ops-users-page.tsx',
  },
});
