// Mutation testing of the money and access code (`npm run mutation`, not part of `npm test`): StrykerJS
// changes one thing at a time in these files and reruns the tests that cover it; docs/testing.md has
// the score, the runtime and every surviving mutant with the reason it is harmless.

// SQLite only: the PostgreSQL leg would double the runtime and tests the same code paths.
delete globalThis.process.env.TEST_DATABASE_URL;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'apps/server/src/ledger/ledger.service.ts',
    'apps/server/src/ledger/batch.ts',
    'apps/server/src/ledger/batch-read.ts',
    'apps/server/src/ledger/batch-decide.ts',
    'apps/server/src/ledger/batch-write.ts',
    'apps/server/src/ledger/keys.ts',
    'apps/server/src/ledger/invariants.ts',
    'apps/server/src/ledger/group-commit.ts',
    'apps/server/src/ledger/money-rules.ts',
    'apps/server/src/approvals/four-eyes.ts',
    'apps/server/src/ledger/idempotency.ts',
    'apps/server/src/ledger/ledger.repository.ts',
    'apps/server/src/ledger/verify.ts',
    'apps/server/src/accounts/account-blocks.ts',
    'apps/server/src/devices/device-access.ts',
    'apps/server/src/devices/pin-guard.ts',
    'apps/server/src/devices/remote-pin.ts',
    'apps/server/src/auth/guards.ts',
    'apps/server/src/auth/auth-cache.ts',
    'apps/server/src/auth/throttle.ts',
    'apps/server/src/auth/password-policy.ts',
    'apps/server/src/gateway/gateway.service.ts',
    'apps/server/src/shifts/cash-call-shift.ts',
    'apps/server/src/shifts/shifts.service.ts',
  ],
  coverageAnalysis: 'perTest',
  // A mutant reached only while a suite sets up (a beforeAll) would rerun every test file from a fresh
  // process: about 40 s each. Those are listed by `npm run mutation`, and docs/testing.md says which tests
  // hold them; mutants also reached inside a test run just the tests that reach them.
  ignoreStatic: true,
  // Reruns only the mutants whose code or covering tests changed since reports/mutation/incremental.json.
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  concurrency: 2,
  timeoutMS: 10000,
  dryRunTimeoutMinutes: 20,
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // The sandbox needs the server and the contract package only.
  ignorePatterns: ['/apps/web', '/e2e', '/bench', '/docs', '/data', '/screenshots', '/reports'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
