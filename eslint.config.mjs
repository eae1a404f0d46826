// One ESLint config for the whole workspace. Besides correctness rules it keeps the shape of the code:
// - packages: a remote never imports another remote, `shared` imports no app, nobody reaches into another package's
//   `src/`, remotes use the router and jotai only through `@meridian/shared`, the server only `@meridian/shared/pure`;
// - inside a package: a server module uses another only through its `index.ts`, a front-end feature folder never
//   imports another feature, and no file takes part in an import cycle.
// tools/check-boundaries.mjs proves that each of these rules refuses what it should.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { REMOTES } from './config/remotes.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const APPS = ['host', ...REMOTES];
const dirs = (rel) =>
  fs.existsSync(path.join(ROOT, rel))
    ? fs
        .readdirSync(path.join(ROOT, rel), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/** A server module reaches another only through its index.ts (its public surface). */
const SERVER_MODULES = dirs('server/src/modules');
const moduleZones = SERVER_MODULES.map((self) => ({
  target: `./server/src/modules/${self}`,
  from: './server/src/modules',
  except: [`./${self}`, ...SERVER_MODULES.filter((m) => m !== self).map((m) => `./${m}/index.ts`)],
  message: 'Use another server module only through its index.ts (its public surface).',
}));

/** A feature folder of a front-end package never imports another feature: share through lib/ or components/. */
const featureZones = APPS.flatMap((pkg) => {
  const features = dirs(`${pkg}/src/features`);
  return features.map((self) => ({
    target: `./${pkg}/src/features/${self}`,
    from: `./${pkg}/src/features`,
    except: [`./${self}`],
    message: 'A feature never imports another feature: move what both need to lib/ or components/.',
  }));
});

/**
 * Inside a front-end package the layers go one way: app/ (pages, composition) → features/ → components/ and lib/.
 * A feature never reaches into app/, and components/ and lib/ reach into neither.
 */
const layerZones = APPS.flatMap((pkg) => [
  {
    target: `./${pkg}/src/features`,
    from: `./${pkg}/src/app`,
    message: 'features/ never imports app/: move what both need (a namespace, a helper) to lib/.',
  },
  ...['components', 'lib'].map((low) => ({
    target: `./${pkg}/src/${low}`,
    from: [`./${pkg}/src/app`, `./${pkg}/src/features`],
    message: `${low}/ is below app/ and features/: it imports neither.`,
  })),
]);

/**
 * The back office stays out of the trader's pages: in a package with ops features (`features/ops-*`), a page that is
 * not an ops page (`app/pages/ops-*`) never imports one, so no trader route pulls back-office code or strings.
 */
const files = (rel) =>
  fs.existsSync(path.join(ROOT, rel))
    ? fs
        .readdirSync(path.join(ROOT, rel), { withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
    : [];
const opsZones = APPS.flatMap((pkg) => {
  const opsFeatures = dirs(`${pkg}/src/features`).filter((f) => f.startsWith('ops-'));
  if (opsFeatures.length === 0) return [];
  return files(`${pkg}/src/app/pages`)
    .filter((f) => !f.startsWith('ops-') && !/\.test\.tsx?$/.test(f))
    .map((page) => ({
      target: `./${pkg}/src/app/pages/${page}`,
      from: opsFeatures.map((f) => `./${pkg}/src/features/${f}`),
      message: 'A trader page never imports a back-office feature (features/ops-*): only ops pages do.',
    }));
});

/**
 * react-i18next is shared through a curated entry (config/shared-entries/react-i18next.mjs): only these names
 * exist at run time. Add a name there before using it here.
 */
const reactI18next = {
  name: 'react-i18next',
  allowImportNames: [
    'useTranslation',
    'I18nextProvider',
    'initReactI18next',
    'I18nContext',
    'setI18n',
    'getI18n',
    'setDefaults',
    'getDefaults',
  ],
  message:
    'Not in the shared react-i18next entry (config/shared-entries/react-i18next.mjs): add it there first.',
};

/** No deep imports into any workspace package's source. */
const noDeepImports = {
  group: ['@meridian/*/src', '@meridian/*/src/**'],
  message: 'Import a package through its public entry, never its src/.',
};

const remoteRules = (self) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [
        reactI18next,
        {
          name: 'react-router-dom',
          message: 'Remotes navigate through @meridian/shared (useAppNavigate, AppLink).',
        },
        {
          name: 'react-router',
          message: 'Remotes navigate through @meridian/shared (useAppNavigate, AppLink).',
        },
        {
          name: 'jotai',
          message: 'Use the jotai wrapper exported by @meridian/shared, so every remote uses one store.',
        },
      ],
      patterns: [
        noDeepImports,
        {
          group: [
            ...APPS.filter((a) => a !== self).map((a) => `@meridian/${a}`),
            ...APPS.filter((a) => a !== self).map((a) => `@meridian/${a}/**`),
            ...APPS.filter((a) => a !== self).map((a) => `**/${a}/**`),
          ],
          message: 'A remote never imports another remote or the host: share through @meridian/shared.',
        },
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/@mf-types/**',
      'data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [reactI18next], patterns: [noDeepImports] }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // As import-x's TypeScript preset, with its own resolver (no extra resolver package needed here).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...moduleZones, ...featureZones] }],
    },
  },
  {
    // The layers of each front-end package, for its code (a test may render a whole page).
    files: APPS.map((pkg) => `${pkg}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...moduleZones, ...featureZones, ...layerZones, ...opsZones] },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...REMOTES.map((r) => ({ files: [`${r}/**/*.{ts,tsx}`], rules: remoteRules(r) })),
  {
    files: ['host/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            reactI18next,
            { name: 'jotai', message: 'Use the jotai wrapper exported by @meridian/shared.' },
          ],
          patterns: [
            noDeepImports,
            {
              group: REMOTES.flatMap((r) => [`@meridian/${r}`, `@meridian/${r}/**`, `**/${r}/**`]),
              message: 'The host knows remotes only by name, through federation.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [reactI18next],
          patterns: [
            noDeepImports,
            {
              group: [...APPS, 'server', 'locales'].flatMap((a) => [
                `@meridian/${a}`,
                `@meridian/${a}/**`,
                `**/${a}/**`,
              ]),
              message: '@meridian/shared imports no app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepImports,
            {
              group: [...APPS.flatMap((a) => [`@meridian/${a}`, `@meridian/${a}/**`])],
              message: 'The server imports no front-end app.',
            },
            {
              group: ['@meridian/shared/*', '!@meridian/shared/pure'],
              message: 'The server imports only the pure part of shared: @meridian/shared/pure.',
            },
          ],
          paths: [
            {
              name: '@meridian/shared',
              message: 'The server imports only the pure part of shared: @meridian/shared/pure.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name=/^(it|test|describe)$/][property.name='only']",
          message: 'No .only in tests.',
        },
      ],
    },
  },
);
