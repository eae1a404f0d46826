const { remoteConfig } = require('../config/webpack.cjs');

/** mf-markets: exposed page modules only, nothing deep. */
module.exports = remoteConfig({
  pkgDir: __dirname,
  remote: 'mf-markets',
  namespace: 'markets',
  devPort: 3001,
  exposes: {
    './HomePage': './src/app/pages/home-page.tsx',
    './TradePage': './src/app/pages/trade-page.tsx',
    './ProductPage': './src/app/pages/product-page.tsx',
    './RankPage': './src/app/pages/rank-page.tsx',
    './AlertsPage': './src/app/pages/alerts-page.tsx',
  },
});
