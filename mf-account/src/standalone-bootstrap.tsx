// Runs this remote alone inside the minimal local shell of @meridian/shared/standalone.
import { jsonNamespace } from '@meridian/shared';
import { startStandalone } from '@meridian/shared/standalone';
import { NS } from './app/i18n';
import UserPage from './app/pages/user-page';
import LoginPage from './app/pages/login-page';
import RegisterPage from './app/pages/register-page';
import ForgotPage from './app/pages/forgot-page';
import LanguagePage from './app/pages/language-page';
import AuthPage from './app/pages/auth-page';
import InvitePage from './app/pages/invite-page';
import EmailPage from './app/pages/email-page';
import AnnouncementPage from './app/pages/announcement-page';
import PasswordPage from './app/pages/password-page';
import SystemPage from './app/pages/system-page';

void startStandalone({
  pages: {
    '/user': UserPage,
    '/login': LoginPage,
    '/register': RegisterPage,
    '/forgot': ForgotPage,
    '/language': LanguagePage,
    '/mine/auth': AuthPage,
    '/mine/invite': InvitePage,
    '/mine/email': EmailPage,
    '/mine/announcement': AnnouncementPage,
    '/mine/password': PasswordPage,
    '/mine/system': SystemPage,
  },
  namespaces: { common: jsonNamespace('common', '/'), [NS]: jsonNamespace(NS, '/') },
});
