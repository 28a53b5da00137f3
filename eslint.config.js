// One flat config for the monorepo. Package boundaries (ARCHITECTURE.md "Arrows point one way") are
// enforced with no-restricted-imports; feature isolation inside a front end with import-x zones.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import { existsSync, readdirSync } from 'node:fs';
import { REACT_EXPORTS_PREACT_LACKS } from './scripts/lib/preact-gaps.mjs';

const frontEnds = ['shell', 'cook-app', 'admin-console'];
const services = ['kit', 'auth', 'licensing', 'notifier', 'sync', 'gateway'];
const pkg = (names) => names.map((n) => `@pitclock/${n}`);
const noImportOf = (names, message, more = []) => ({
  'no-restricted-imports': ['error', { paths: [...pkg(names).map((name) => ({ name, message })), ...more] }],
});
// The OpenAPI generator and the route check are for servers and tests: never in a browser bundle.
const serverOnlyContracts = ['@pitclock/contracts/openapi', '@pitclock/contracts/api-routes'].map((name) => ({
  name,
  message: 'server and test code only (it pulls in the OpenAPI generator); use @pitclock/contracts/api-paths',
}));

// Builds run preact/compat in React's place (shell/build/preact.ts): the React exports it lacks are
// banned where code reaches the browser (unit tests and stories run React itself).
const reactOnlyImports = Object.entries(REACT_EXPORTS_PREACT_LACKS).flatMap(([source, names]) => {
  const imported = `/^(${names.join('|')})$/`;
  const message = `preact/compat, which the builds run in place of ${source}, lacks this (scripts/lib/preact-gaps.mjs)`;
  return [
    `ImportDeclaration[source.value='${source}'] > ImportSpecifier[imported.name=${imported}]`,
    `ExportNamedDeclaration[source.value='${source}'] > ExportSpecifier[local.name=${imported}]`,
  ].map((selector) => ({ selector, message }));
});

// Inside a service the flow reads top-down (Practica): entry-points -> application -> domain and
// data-access; the domain is pure and data-access knows no use-case. Tests of the entry-points may seed
// and inspect the data layer (they test from the outside, over HTTP, against the real databases).
const layerZones = (svc, { test }) => {
  const src = `./services/${svc}/src`;
  const zone = (layer, from, message) => ({
    target: `${src}/${layer}`,
    from: from.map((f) => `${src}/${f}`),
    message,
  });
  return [
    zone(
      'domain',
      ['entry-points', 'application', 'data-access'],
      'the domain is pure: it imports no other layer',
    ),
    zone(
      'data-access',
      ['entry-points', 'application'],
      'data-access stores and reads; it knows no use-case',
    ),
    zone('application', ['entry-points'], 'use-cases do not know HTTP: entry-points call them'),
    ...(test
      ? []
      : [
          zone(
            'entry-points',
            ['data-access'],
            'entry-points call use-cases (application), not the data layer',
          ),
        ]),
  ];
};
const layeredServices = services.filter((svc) => existsSync(`./services/${svc}/src/application`));

const featureZones = (app) => ({
  target: `./${app}/src/features/*`,
  from: `./${app}/src/app`,
  message: 'features must not import from app/ (imports flow app -> features -> lib)',
});

// A feature does not reach into another feature's files: one zone per existing feature folder.
const crossFeatureZones = (app) => {
  const dir = `./${app}/src/features`;
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${dir}/${name}`,
      from: dir,
      except: [`./${name}`],
      message: 'a feature must not import another feature; move shared code to lib/ or lift it to app/',
    }));
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/storybook-static/**',
      '.data/**',
      '**/drizzle/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Regular expressions (eslint-plugin-regexp): every pattern anywhere must run in linear time, since one
  // that backtracks lets a single request freeze a service (issue 17). The recommended set checks the rest
  // of their correctness; its purely stylistic rules stay off (they would rewrite working patterns).
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/prefer-d': 'off',
      'regexp/prefer-w': 'off',
      'regexp/use-ignore-case': 'off',
      'regexp/prefer-character-class': 'off',
      'regexp/no-unused-capturing-group': 'off',
    },
  },
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-default-export': 'off',
    },
  },
  {
    files: ['shell/**', 'cook-app/**', 'admin-console/**', 'design-system/**', 'contracts/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['shell/src/**', 'cook-app/src/**', 'admin-console/src/**', 'design-system/src/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      'shell/src/**',
      'cook-app/src/**',
      'admin-console/src/**',
      'design-system/src/**',
      'contracts/src/**',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/*.stories.{ts,tsx}', '**/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...reactOnlyImports] },
  },
  {
    files: ['design-system/**', 'contracts/**'],
    rules: noImportOf(
      [...frontEnds, ...services],
      'design-system and contracts import no app and no service',
    ),
  },
  {
    files: ['shell/**'],
    rules: noImportOf(
      ['cook-app', 'admin-console', ...services],
      'the shell reaches remotes only through Module Federation',
      serverOnlyContracts,
    ),
  },
  {
    files: ['cook-app/**', 'admin-console/**'],
    rules: noImportOf(
      ['shell', 'cook-app', 'admin-console', ...services].filter(Boolean),
      'a remote never imports the shell, another remote or a service',
      serverOnlyContracts,
    ),
  },
  {
    files: ['services/kit/**'],
    rules: noImportOf(
      [...frontEnds, 'design-system', 'auth', 'licensing', 'notifier', 'sync', 'gateway'],
      'kit imports no service and no front end',
    ),
  },
  ...['auth', 'licensing', 'notifier', 'sync', 'gateway'].map((svc) => ({
    files: [`services/${svc}/**`],
    rules: noImportOf(
      [...frontEnds, 'design-system', ...services.filter((s) => s !== 'kit' && s !== svc)],
      'a service imports only kit and contracts; services talk over HTTP or the queue',
    ),
  })),
  {
    files: ['cook-app/src/**', 'admin-console/src/**', 'shell/src/**'],
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...frontEnds.map(featureZones),
            ...frontEnds.flatMap(crossFeatureZones),
            ...frontEnds.map((app) => ({
              target: `./${app}/src/lib`,
              from: [`./${app}/src/features`, `./${app}/src/app`],
              message: 'lib imports nothing from features or app',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['infra/**', 'tests/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+services/`,
              message: "import a service's exported facts by its package name (@pitclock/<service>/...)",
            },
          ],
        },
      ],
    },
  },
  ...[false, true].map((test) => ({
    files: [test ? 'services/*/src/**/*.test.ts' : 'services/*/src/**'],
    ...(test ? {} : { ignores: ['services/*/src/**/*.test.ts'] }),
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: layeredServices.flatMap((svc) => layerZones(svc, { test })) },
      ],
    },
  })),
  // Accessibility of the markup (jsx-a11y; the fork that supports ESLint 10, by import-x's maintainer).
  {
    files: [
      'shell/src/**/*.tsx',
      'cook-app/src/**/*.tsx',
      'admin-console/src/**/*.tsx',
      'design-system/src/**/*.tsx',
    ],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A list styled without bullets loses its list role in Safari unless role="list" says it again.
      'jsx-a11y-x/no-redundant-roles': ['error', { ol: ['list'], ul: ['list'] }],
      // Keys bubble to a form from its fields (Escape cancels an inline edit, Enter submits a dialog's form).
      'jsx-a11y-x/no-noninteractive-element-interactions': [
        'error',
        {
          ...jsxA11y.configs.recommended.rules['jsx-a11y-x/no-noninteractive-element-interactions'][1],
          form: ['onKeyDown'],
        },
      ],
    },
  },
  // Promises are handled (issue 19), in every package: a promise is awaited, returned, caught or marked
  // `void` on purpose, and an async function is never given where a caller ignores what it returns (a
  // form's onSubmit, an http server's handler). These rules need the types, so they read each package's
  // tsconfig (the service worker has its own).
  {
    files: [
      ...[...frontEnds, 'contracts', 'design-system'].flatMap((dir) => [
        `${dir}/src/**/*.ts`,
        `${dir}/src/**/*.tsx`,
      ]),
      'services/*/src/**/*.ts',
      'infra/**/*.ts',
      'tests/**/*.ts',
    ],
    ignores: ['shell/src/sw.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['shell/src/sw.ts'],
    languageOptions: {
      parserOptions: { project: './shell/tsconfig.sw.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
