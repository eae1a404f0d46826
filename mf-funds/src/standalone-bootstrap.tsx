// Runs this remote alone inside the minimal local shell of @meridian/shared/standalone.
import { jsonNamespace } from '@meridian/shared';
import { startStandalone } from '@meridian/shared/standalone';
import { NS } from './app/i18n';
import HistoryPage from './app/pages/history-page';
import ChargePage from './app/pages/charge-page';
import WithdrawPage from './app/pages/withdraw-page';
import WalletPage from './app/pages/wallet-page';
import BankCardListPage from './app/pages/bank-card-list-page';
import CoinAddressListPage from './app/pages/coin-address-list-page';
import WithdrawWayPage from './app/pages/withdraw-way-page';

void startStandalone({
  pages: {
    '/mine/history': HistoryPage,
    '/mine/charge': ChargePage,
    '/mine/withdraw': WithdrawPage,
    '/mine/wallet': WalletPage,
    '/mine/bank-card-list': BankCardListPage,
    '/mine/coin-address-list': CoinAddressListPage,
    '/mine/withdraw-way': WithdrawWayPage,
  },
  namespaces: { common: jsonNamespace('common', '/'), [NS]: jsonNamespace(NS, '/') },
});
