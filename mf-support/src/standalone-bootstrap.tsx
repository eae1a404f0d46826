// Runs this remote alone inside the minimal local shell of @meridian/shared/standalone.
import { jsonNamespace } from '@meridian/shared';
import { startStandalone } from '@meridian/shared/standalone';
import { NS } from './app/i18n';
import ChatPage from './app/pages/chat-page';
import NewsPage from './app/pages/news-page';
import NewsDetailPage from './app/pages/news-detail-page';
import FeedbackPage from './app/pages/feedback-page';

void startStandalone({
  pages: {
    '/mine/chat': ChatPage,
    '/news': NewsPage,
    '/news/detail': NewsDetailPage,
    '/feedback': FeedbackPage,
  },
  namespaces: { common: jsonNamespace('common', '/'), [NS]: jsonNamespace(NS, '/') },
});
