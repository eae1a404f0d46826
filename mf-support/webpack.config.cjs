const { remoteConfig } = require('../config/webpack.cjs');

/** mf-support: exposed page modules only, nothing deep. */
module.exports = remoteConfig({
  pkgDir: __dirname,
  remote: 'mf-support',
  namespace: 'support',
  extraNamespaces: ['supportOps'],
  devPort: 3005,
  exposes: {
    './ChatPage': './src/app/pages/chat-page.tsx',
    './NewsPage': './src/app/pages/news-page.tsx',
    './NewsDetailPage': './src/app/pages/news-detail-page.tsx',
    './FeedbackPage': './src/app/pages/feedback-page.tsx',
    // Back office (loaded only on /ops routes): the agent inbox and the news editor.
    './OpsInboxPage': './src/app/pages/ops-inbox-page.tsx',
    './OpsNewsPage': './src/app/pages/ops-news-page.tsx',
  },
});
