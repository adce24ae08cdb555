import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { isCI } from './test-support/ci.ts';

// Test files at once: every core, and two on a 2-core machine, where Vitest's default (one fewer than the
// cores) would run one file at a time (docs/testing.md, "How long it takes").
const WORKERS = Math.max(2, os.availableParallelism());

// One runner for every workspace; each project keeps its tests beside its code. The last line of a run
// says how many tests ran on SQLite, on PostgreSQL and in the browser (test-support/summary-reporter.ts);
// under CI a stray `.only` fails the run, and so does a leg that ran no test.
export default defineConfig({
  test: {
    allowOnly: !isCI(),
    maxWorkers: WORKERS,
    reporters: ['default', './test-support/summary-reporter.ts'],
    projects: [
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'bench', include: ['bench/src/**/*.test.ts'] } },
      { test: { name: 'test-support', include: ['test-support/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // Under CI: PostgreSQL (TEST_DATABASE_URL) and its tools must be there, or nothing runs.
          globalSetup: ['./apps/server/test/helpers/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 30000,
        },
      },
      {
        test: {
          name: 'device-sim',
          include: ['apps/device-sim/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 30000,
        },
      },
      {
        // Browser tests: the real server in-process, the built web app and Debian's Chromium
        // (e2e/support). After the other projects, so no database-heavy file shares the cores with a
        // screen's timing; two files at once, as a browser file mostly waits for the page.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['./e2e/support/global-setup.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
