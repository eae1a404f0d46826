const { preset } = require('../config/jest-preset.cjs');

const base = preset({ env: 'node', rootDir: __dirname });

module.exports = {
  ...base,
  // @fastify/static requires content-disposition 3, which ships ESM only: let SWC turn it into CommonJS (so do the address checks' @scure/base and @noble/hashes).
  transformIgnorePatterns: ['/node_modules/(?!.pnpm)(?!(nanoid|content-disposition|cookie|@scure|@noble)/)'],
  testTimeout: 30000,
};
