const { remoteConfig } = require('../config/webpack.cjs');

/** mf-funds: exposed page modules only, nothing deep. */
module.exports = remoteConfig({
  pkgDir: __dirname,
  remote: 'mf-funds',
  namespace: 'funds',
  extraNamespaces: ['fundsOps'],
  devPort: 3003,
  exposes: {
    './HistoryPage': './src/app/pages/history-page.tsx',
    './ChargePage': './src/app/pages/charge-page.tsx',
    './WithdrawPage': './src/app/pages/withdraw-page.tsx',
    './WalletPage': './src/app/pages/wallet-page.tsx',
    './BankCardListPage': './src/app/pages/bank-card-list-page.tsx',
    './CoinAddressListPage': './src/app/pages/coin-address-list-page.tsx',
    './WithdrawWayPage': './src/app/pages/withdraw-way-page.tsx',
    './OpsDepositsPage': './src/app/pages/ops-deposits-page.tsx',
    './OpsWithdrawalsPage': './src/app/pages/ops-withdrawals-page.tsx',
    './OpsCashierPage': './src/app/pages/ops-cashier-page.tsx',
  },
});
