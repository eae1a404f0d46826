const { preset } = require('../config/jest-preset.cjs');

module.exports = preset({ env: 'jsdom', rootDir: __dirname });
