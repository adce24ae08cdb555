// Lint rules for every workspace: typescript-eslint's recommended set plus React hooks in the web app,
// the web app's one-way imports (apps/web/src/README.md): shared floor -> features -> app, a feature
// reached by others only through its index.ts, and no import cycle; and no focused test (`it.only`,
// `describe.only`, ...) anywhere a test can be written.
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

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='only']",
          message: 'A focused test (.only) skips every other test: remove it before committing.',
        },
        {
          selector: "MemberExpression[computed=true][property.value='only']",
          message: 'A focused test (.only) skips every other test: remove it before committing.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // What no-cycle needs to follow imports through TypeScript files (import-x's typescript settings).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
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
