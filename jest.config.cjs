// One Jest run over every package; each package's own config extends config/jest-preset.cjs.
module.exports = {
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
