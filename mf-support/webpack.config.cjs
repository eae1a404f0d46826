const { remoteConfig } = require('../config/webpack.cjs');

/** mf-support: exposed page modules only, nothing deep. */
module.exports = remoteConfig({
  pkgDir: __dirname,
  remote: 'mf-support',
  namespace: 'support',
  devPort: 3005,
  exposes: {
    './ChatPage': './src/app/pages/chat-page.tsx',
    './NewsPage': './src/app/pages/news-page.tsx',
    './NewsDetailPage': './src/app/pages/news-detail-page.tsx',
    './FeedbackPage': './src/app/pages/feedback-page.tsx',
  },
});
