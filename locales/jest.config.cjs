const { preset } = require('../config/jest-preset.cjs');

module.exports = preset({ env: 'node', rootDir: __dirname });
