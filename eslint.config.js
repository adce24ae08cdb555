// Lint rules for every workspace: typescript-eslint's recommended set plus React hooks in the web app,
// the web app's one-way imports (apps/web/src/README.md): shared floor -> features -> app, a feature
// reached by others only through its index.ts (and so is each subject of the back office), and no import
// cycle; the server's house rules (apps/server/src/README.md): its layers (a floor that imports no
// domain, a domain reached by another only through its index.ts or, for the ledger, by path), no import
// cycle even through type imports, changes published only through live/'s publishAfterCommit, and the
// tools around it (bench/, e2e/, the device simulator, test-support/) reach it only through its entry,
// @cashdesk/server; and no focused test (`it.only`, `describe.only`, ...) anywhere a test can be
// written. test-support/lint-rules.test.ts checks that these rules fire.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importCycle from './eslint-rules/import-cycle.js';

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

// The back office, the web's biggest feature, is held the same way inside (apps/web/src/README.md): one
// folder per subject (overview, approvals, accounts, ...), reached by another subject and by the
// console's frame (its top-level files: back-office-app.tsx, back-office-layout.tsx) only through the
// subject's index.ts; shared/ is its floor, which imports no subject and nothing of the frame.
const BACK_OFFICE = web('features', 'back-office');
const backOffice = (...parts) => path.join(BACK_OFFICE, ...parts);
const BACK_OFFICE_FLOOR = 'shared';
const BACK_OFFICE_SUBJECTS = fs
  .readdirSync(BACK_OFFICE, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== BACK_OFFICE_FLOOR)
  .map((entry) => entry.name);
/** The console's frame: the files at the top of back-office/ (a glob, so a new one is held too). */
const BACK_OFFICE_FRAME = backOffice('*.{ts,tsx}');

const backOfficeZones = [
  ...BACK_OFFICE_SUBJECTS.map((subject) => ({
    target: [
      BACK_OFFICE_FRAME,
      ...BACK_OFFICE_SUBJECTS.filter((other) => other !== subject).map((other) => backOffice(other)),
    ],
    from: backOffice(subject),
    except: ['./index.ts'],
    message: `Import the back office's ${subject} through its public entry, features/back-office/${subject}/index.ts.`,
  })),
  // Two zones, as one zone's `from` cannot mix a folder and a glob.
  ...[BACK_OFFICE_SUBJECTS.map((subject) => backOffice(subject)), BACK_OFFICE_FRAME].map((from) => ({
    target: backOffice(BACK_OFFICE_FLOOR),
    from,
    message: `The back office's ${BACK_OFFICE_FLOOR}/ is what its subjects use: it never imports a subject or the console's frame.`,
  })),
];

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
const SERVER_SRC = path.join(SERVER, 'src');
const server = (...parts) => path.join(SERVER_SRC, ...parts);

// The server's layers (apps/server/src/README.md, docs/architecture.md "Layers"): a floor of shared
// machinery, one folder per domain, and the composition that builds the app from them.
/** The floor: what every domain uses, which never uses a domain or the composition. */
const SERVER_FLOOR = ['db', 'http', 'live', 'clock.ts', 'config.ts', 'bounded-map.ts', 'background-jobs.ts'];
/** The composition, and the tools built on the domains (cli/, demo/): may import anything. */
const SERVER_COMPOSITION = [
  'app.ts',
  'context.ts',
  'main.ts',
  'index.ts',
  'build-hash.ts',
  'openapi-snapshot.ts',
  'cli',
  'demo',
  'startup',
  'workers',
];
/** Every other folder of src/ is a domain: a new folder is one until it is listed above. */
const SERVER_DOMAINS = fs
  .readdirSync(SERVER_SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => !SERVER_FLOOR.includes(name) && !SERVER_COMPOSITION.includes(name));
/** The domain every other domain may import by path: the only code that changes a balance. */
const SERVER_OPEN_DOMAIN = 'ledger';

const serverFloorZones = [
  {
    target: SERVER_FLOOR.map((part) => server(part)),
    from: SERVER_DOMAINS.map((domain) => server(domain)),
    message:
      'The floor (db/, http/, live/, clock.ts, config.ts, bounded-map.ts, background-jobs.ts) never imports a domain folder: take what it needs as a parameter, or a type of its own that the domain fits.',
  },
  {
    target: SERVER_FLOOR.map((part) => server(part)),
    from: SERVER_COMPOSITION.map((part) => server(part)),
    message:
      'The floor never imports the composition (app.ts, context.ts, main.ts, index.ts, cli/, demo/, startup/, workers/).',
  },
];

/** Each domain but the ledger is reached from another domain only through its index.ts. */
const serverEntryZones = SERVER_DOMAINS.filter((domain) => domain !== SERVER_OPEN_DOMAIN).map((domain) => ({
  target: SERVER_DOMAINS.filter((other) => other !== domain).map((other) => server(other)),
  from: server(domain),
  except: ['./index.ts'],
  message: `Import the ${domain} domain through its entry, ${domain}/index.ts (export there what you need); only ledger/ is imported by path.`,
}));

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
    plugins: { 'import-x': importX, cashdesk: { rules: { 'import-cycle': importCycle } } },
    settings: importSettings('apps/server/tsconfig.json'),
    rules: {
      // No import cycle, type-only imports counted (eslint-rules/import-cycle.js says why not import-x's).
      'cashdesk/import-cycle': ['error', { root: SERVER_SRC }],
      'import-x/no-restricted-paths': ['error', { zones: [...serverFloorZones, ...serverEntryZones] }],
    },
  },
  {
    // The ledger reads one way and in small steps (docs/architecture.md): no function over 50 lines.
    files: ['apps/server/src/ledger/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 50, skipBlankLines: true, skipComments: true }] },
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
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...layerZones, ...featureEntryZones, ...backOfficeZones] },
      ],
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
