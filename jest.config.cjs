// One Jest run over every package; each package's own config extends config/jest-preset.cjs.
module.exports = {
  // A global option: Jest ignores `testTimeout` in a project's config when it runs several projects, so the server's
  // 30 s (its PostgreSQL suites run thousands of round trips on a loaded CI machine) has to be set here as well.
  testTimeout: 30000,
  projects: [
    '<rootDir>/shared',
    '<rootDir>/locales',
    '<rootDir>/host',
    '<rootDir>/mf-markets',
    '<rootDir>/mf-orders',
    '<rootDir>/mf-funds',
    '<rootDir>/mf-account',
    '<rootDir>/mf-support',
    '<rootDir>/server',
  ],
};
