/**
 * The one Jest preset every package extends. TypeScript and TSX go through SWC (no type-check here: `typecheck`
 * does that once for the whole workspace).
 */
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @param {{ env?: 'node' | 'jsdom', rootDir: string }} opts */
function preset({ env = 'node', rootDir }) {
  return {
    rootDir,
    testEnvironment: env,
    transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
    // ESM-only dependencies that must be transformed for Jest's CommonJS runtime.
    transformIgnorePatterns: ['/node_modules/(?!.pnpm)(?!(nanoid|trading-signals)/)'],
    moduleNameMapper: {
      '\\.(css|svg|png)$': path.join(__dirname, 'jest-file-stub.cjs'),
      // `@meridian/shared/ops` takes the store and client from the package by name, from inside the package itself.
      '^@meridian/shared$': path.join(__dirname, '..', 'shared', 'src', 'index.ts'),
    },
    setupFilesAfterEnv: env === 'jsdom' ? [path.join(__dirname, 'jest-setup-dom.cjs')] : [],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    clearMocks: true,
    restoreMocks: true,
  };
}

module.exports = { preset };
