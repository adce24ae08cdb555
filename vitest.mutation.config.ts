// The tests `npm run mutation` (stryker.config.mjs) runs against each mutant of the money and access code:
// the server suites that exercise it, on SQLite only (stryker.config.mjs unsets TEST_DATABASE_URL).
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Server test files that reach the mutated files (stryker.config.mjs `mutate`), fast enough to rerun. */
export const MUTATION_TESTS = [
  'apps/server/test/ledger/*.test.ts',
  'apps/server/test/approvals/approvals.test.ts',
  'apps/server/test/approvals/approval-edges.test.ts',
  'apps/server/test/approvals/money-safety.test.ts',
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
  'apps/server/test/cash/*.test.ts',
  'apps/server/test/reports/cashier-report.test.ts',
  'apps/server/test/reports/daily-totals.test.ts',
  'apps/server/test/gateway/*.test.ts',
  'apps/server/test/devices/remote-pin-hold.test.ts',
  'apps/server/test/lock/till-lock.test.ts',
  'apps/server/test/back-office/accounts.test.ts',
  'apps/server/test/back-office/reconciliation*.test.ts',
  'apps/server/test/shifts/*.test.ts',
  'apps/server/test/live/live-updates.test.ts',
  'apps/server/test/metrics/metrics-units.test.ts',
];

/**
 * Stryker reruns the test files that reach a mutant one after another and stops at the first failure
 * (bail). Vitest's own order, the longest file first, suits a whole run; here the files that failed on
 * the last mutant go first (a neighbouring mutant is most often killed by the same tests), then the
 * quickest, so a killed mutant costs one file's set-up rather than thirty.
 */
export class QuickestKillFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const key = `${spec.project.name || ''}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const last = this.ctx.cache.getFileTestResults(key);
      return { failed: last?.failed ? 0 : 1, duration: last?.duration ?? Number.MAX_SAFE_INTEGER };
    };
    return [...files].sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return ra.failed - rb.failed || ra.duration - rb.duration;
    });
  }
}

export default defineConfig({
  test: {
    include: MUTATION_TESTS,
    sequence: { sequencer: QuickestKillFirst },
    testTimeout: 30000,
    hookTimeout: 30000,
  },
});
