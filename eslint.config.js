// Lint rules for every workspace: typescript-eslint's recommended set plus React hooks in the web app,
// the web app's one-way imports (apps/web/src/README.md): shared floor -> features -> app, a feature
// reached by others only through its index.ts, and no import cycle; the server's house rules
// (apps/server/src/README.md): no import cycle, changes published only through live/'s
// publishAfterCommit, and the tools around it (bench/, e2e/, the device simulator, test-support/) reach
// it only through its entry, @cashdesk/server; and no focused test (`it.only`, `describe.only`, ...)
// anywhere a test can be written. test-support/lint-rules.test.ts checks that these rules fire.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
const web = (...parts) => path.join(WEB_SRC, ...parts);
/** The shared floor: code every feature may use, which never uses a feature or app/. */
const SHARED = ['api', 'components', 'hooks', 'lib', 'i18n', 'store'];
const FEATURES = fs
  .readdirSync(web('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each feature is reached from outside its folder (other features, app/, test/) only through its index.ts. */
const featureEntryZones = FEATURES.map((feature) => ({
  target: [
    web('app'),
    web('test'),
    ...FEATURES.filter((other) => other !== feature).map((other) => web('features', other)),
  ],
  from: web('features', feature),
  except: ['./index.ts'],
  message: `Import the ${feature} feature through its public entry, features/${feature}/index.ts.`,
}));

const layerZones = [
  {
    target: SHARED.map((dir) => web(dir)),
    from: web('features'),
    message: 'Shared code (api, components, hooks, lib, i18n, store) never imports a feature.',
  },
  {
    // Only the store's types come from app/store.ts (store/hooks.ts re-exports them; type-only, see below).
    target: [...SHARED.map((dir) => web(dir)), web('features')],
    from: web('app'),
    except: ['./store.ts'],
    message: 'Only app/ (and main.tsx) composes the app: shared code and features never import app/.',
  },
  {
    target: web('lib'),
    from: SHARED.filter((dir) => dir !== 'lib').map((dir) => web(dir)),
    message: 'lib/ is the bottom of the shared floor: plain helpers that import no other part of the app.',
  },
];

const SERVER = path.join(import.meta.dirname, 'apps/server');

/** The folders that use the server as a package: its entry, never its files. */
const SERVER_CLIENTS = ['bench', 'e2e', 'apps/device-sim', 'test-support'];

const serverEntryZone = {
  target: SERVER_CLIENTS.map((dir) => path.join(import.meta.dirname, dir)),
  from: path.join(SERVER, 'src'),
  // `@cashdesk/server` resolves to this file; the server's test helpers (apps/server/test/helpers/) are
  // fixtures the simulator's integration test shares, not the server's insides.
  except: ['./index.ts'],
  message: 'Use the server through its entry, `@cashdesk/server` (apps/server/src/index.ts).',
};

/** Resolver settings no-restricted-paths and no-cycle need to follow TypeScript imports of `project`. */
const importSettings = (...projects) => ({
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [
    createTypeScriptImportResolver({
      project: projects.map((project) => path.join(import.meta.dirname, project)),
      noWarnOnMultipleProjects: true,
    }),
  ],
});

const noFocusedTests = [
  {
    selector: "MemberExpression[property.name='only']",
    message: 'A focused test (.only) skips every other test: remove it before committing.',
  },
  {
    selector: "MemberExpression[computed=true][property.value='only']",
    message: 'A focused test (.only) skips every other test: remove it before committing.',
  },
];

const PUBLISH_MESSAGE =
  'Publish a change through publishAfterCommit (apps/server/src/live/change-feed.ts), so it goes out only after its transaction commits.';
const publishOnlyInLive = [
  { selector: "MemberExpression[property.name='publish']", message: PUBLISH_MESSAGE },
  { selector: "MemberExpression[computed=true][property.value='publish']", message: PUBLISH_MESSAGE },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/builds/**',
      'data/**',
      'coverage/**',
      'screenshots/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // vitest.config.ts also sets allowOnly: false under CI; this catches a stray `.only` before CI does.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', '**/test/**/*.{ts,tsx}', 'test-support/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noFocusedTests] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/live/**'],
    // A later block's no-restricted-syntax replaces an earlier one's: this one keeps the focused-test
    // selectors for the tests kept beside the server's code.
    rules: { 'no-restricted-syntax': ['error', ...noFocusedTests, ...publishOnlyInLive] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings('apps/server/tsconfig.json'),
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: SERVER_CLIENTS.map((dir) => `${dir}/**/*.ts`),
    plugins: { 'import-x': importX },
    settings: importSettings(...SERVER_CLIENTS.map((dir) => `${dir}/tsconfig.json`)),
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [serverEntryZone] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings('apps/web/tsconfig.json'),
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureEntryZones] }],
      // Runtime cycles only (type-only imports are erased); the web's graph is small enough to walk whole.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // app/store.ts composes the features' slices: what the shared floor and features take from it must be
    // types only, or the store would run before the slices it composes.
    files: ['apps/web/src/{api,components,hooks,lib,i18n,store,features}/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/store'],
              allowTypeImports: true,
              message:
                'Take only types from app/store.ts (store/hooks.ts has them); tests use test/render.tsx.',
            },
          ],
        },
      ],
    },
  },
);
