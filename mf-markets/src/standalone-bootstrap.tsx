// Runs this remote alone inside the minimal local shell of @meridian/shared/standalone.
import { jsonNamespace } from '@meridian/shared';
import { startStandalone } from '@meridian/shared/standalone';
import { NS } from './app/i18n';
import HomePage from './app/pages/home-page';
import TradePage from './app/pages/trade-page';
import ProductPage from './app/pages/product-page';
import RankPage from './app/pages/rank-page';

void startStandalone({
  pages: { '/': HomePage, '/trade': TradePage, '/product': ProductPage, '/rank': RankPage },
  namespaces: { common: jsonNamespace('common', '/'), [NS]: jsonNamespace(NS, '/') },
});
