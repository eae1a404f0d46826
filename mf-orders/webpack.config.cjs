const { remoteConfig } = require('../config/webpack.cjs');

/** mf-orders: exposed page modules only, nothing deep. */
module.exports = remoteConfig({
  pkgDir: __dirname,
  remote: 'mf-orders',
  namespace: 'orders',
  devPort: 3002,
  exposes: {
    './OrderPage': './src/app/pages/order-page.tsx',
  },
});
