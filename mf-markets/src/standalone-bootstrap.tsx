// Runs this remote alone inside the minimal local shell of @meridian/shared/standalone.
import { startStandalone } from '@meridian/shared/standalone';
import { loadCommon } from '@meridian/locales/ns/common';
import { loadMarkets } from '@meridian/locales/ns/markets';
import HomePage from './app/pages/home-page';
import TradePage from './app/pages/trade-page';
import ProductPage from './app/pages/product-page';
import RankPage from './app/pages/rank-page';

void startStandalone({
  pages: { '/': HomePage, '/trade': TradePage, '/product': ProductPage, '/rank': RankPage },
  namespaces: { common: loadCommon, markets: loadMarkets },
});
