// Runs this remote alone inside the minimal local shell of @meridian/shared/standalone.
import { startStandalone } from '@meridian/shared/standalone';
import { loadCommon } from '@meridian/locales/ns/common';
import { loadOrders } from '@meridian/locales/ns/orders';
import OrderPage from './app/pages/order-page';

void startStandalone({
  pages: { '/order': OrderPage },
  namespaces: { common: loadCommon, orders: loadOrders },
});
