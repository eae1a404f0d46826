// Runs this remote alone inside the minimal local shell of @meridian/shared/standalone.
import { jsonNamespace } from '@meridian/shared';
import { startStandalone } from '@meridian/shared/standalone';
import { NS } from './app/i18n';
import OrderPage from './app/pages/order-page';

void startStandalone({
  pages: { '/order': OrderPage },
  namespaces: { common: jsonNamespace('common', '/'), [NS]: jsonNamespace(NS, '/') },
});
