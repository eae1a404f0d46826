/**
 * The curated entry of react-i18next that the federation shares as the `react-i18next` singleton.
 *
 * Shared modules are not tree-shaken (any remote may use any export), so sharing the package's index costs every
 * first visit its Trans/IcuTrans/SSR code and html-parse-stringify: 10.6 KB gzip, against 3 KB for what the apps
 * use. This entry re-exports react-i18next's own modules, unchanged, for exactly the API below; ESLint
 * (`no-restricted-imports`) stops anyone importing a name that is not here. To use another export, add it here.
 *
 * It reaches into the package's `dist/es` (checked with react-i18next 17.1.13): tools/test/federation.test.mjs fails,
 * saying which file or name moved, when an upgrade breaks one of these paths.
 */
export { useTranslation } from 'react-i18next/dist/es/useTranslation.js';
export { I18nextProvider } from 'react-i18next/dist/es/I18nextProvider.js';
export { initReactI18next } from 'react-i18next/dist/es/initReactI18next.js';
export { I18nContext } from 'react-i18next/dist/es/context.js';
export { setI18n, getI18n } from 'react-i18next/dist/es/i18nInstance.js';
export { setDefaults, getDefaults } from 'react-i18next/dist/es/defaults.js';
