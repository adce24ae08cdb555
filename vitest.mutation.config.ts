// The tests `npm run mutation` (stryker.config.mjs) runs against each mutant of the money and access code:
// the server suites that exercise it, on SQLite only (stryker.config.mjs unsets TEST_DATABASE_URL).
import { defineConfig } from 'vitest/config';

/** Server test files that reach the mutated files (stryker.config.mjs `mutate`), fast enough to rerun. */
export const MUTATION_TESTS = [
  'apps/server/test/ledger/*.test.ts',
  'apps/server/test/auth/guards.test.ts',
  'apps/server/test/auth/auth-cache.test.ts',
  'apps/server/test/auth/auth-cache.unit.test.ts',
  'apps/server/test/auth/throttle.test.ts',
  'apps/server/test/auth/attempt-throttle.test.ts',
  'apps/server/test/auth/known-terminals.test.ts',
  'apps/server/test/auth/sign-in.test.ts',
  'apps/server/test/auth/password-policy.test.ts',
  'apps/server/src/auth/password-policy.test.ts',
  'apps/server/src/devices/remote-pin.test.ts',
  'apps/server/test/security/pin-guessing.test.ts',
  'apps/server/test/security/cash-replay.test.ts',
  'apps/server/test/security/hardening.test.ts',
  'apps/server/test/security/permission-matrix.test.ts',
  'apps/server/test/cashier/*.test.ts',
  'apps/server/test/lock/till-lock.test.ts',
  'apps/server/test/back-office/accounts.test.ts',
  'apps/server/test/back-office/reconciliation*.test.ts',
  'apps/server/test/shifts/*.test.ts',
];

export default defineConfig({
  test: {
    include: MUTATION_TESTS,
    testTimeout: 30000,
    hookTimeout: 30000,
  },
});
