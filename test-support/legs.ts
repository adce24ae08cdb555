// What ran where: counts the tests of a run by leg (SQLite, PostgreSQL, the browser, the rest) for the
// closing line of `npm test`, and names the legs that ran no test although their project was in the run.

/** One test as the summary needs it: its project, its full name (describe titles included), its state. */
export interface TestOutcome {
  project: string;
  fullName: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
}

export type Leg = 'sqlite' | 'postgres' | 'browser' | 'other';

export interface LegSummary {
  ran: Record<Leg, number>;
  passed: number;
  failed: number;
  skipped: number;
  /** Projects that had test files in this run, whether or not any test of them ran. */
  projects: Set<string>;
}

/** The projects whose tests are run per database: describe.each(testDatabases)('... on $name'). */
const DATABASE_PROJECTS = new Set(['server']);

/**
 * The leg of a test. Server suites name their database in a describe title (`on sqlite`, `on postgres`,
 * `PostgreSQL named statements`); a server test naming none is counted with the rest.
 */
export function legOf(test: Pick<TestOutcome, 'project' | 'fullName'>): Leg {
  if (test.project === 'e2e') return 'browser';
  if (!DATABASE_PROJECTS.has(test.project)) return 'other';
  if (/postgres/i.test(test.fullName)) return 'postgres';
  if (/sqlite/i.test(test.fullName)) return 'sqlite';
  return 'other';
}

export function summarize(tests: Iterable<TestOutcome>, projects: Iterable<string> = []): LegSummary {
  const summary: LegSummary = {
    ran: { sqlite: 0, postgres: 0, browser: 0, other: 0 },
    passed: 0,
    failed: 0,
    skipped: 0,
    projects: new Set(projects),
  };
  for (const test of tests) {
    summary.projects.add(test.project);
    if (test.state === 'passed' || test.state === 'failed') {
      summary.ran[legOf(test)]++;
      summary[test.state]++;
    } else {
      summary.skipped++;
    }
  }
  return summary;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The closing line: how many tests ran, and on which leg. */
export function formatSummary(summary: LegSummary): string {
  const { ran } = summary;
  const total = summary.passed + summary.failed;
  return (
    `tests run: ${count(total)} (${count(summary.passed)} passed, ${count(summary.failed)} failed, ` +
    `${count(summary.skipped)} skipped) · on SQLite ${count(ran.sqlite)} · on PostgreSQL ${count(ran.postgres)} · ` +
    `in the browser ${count(ran.browser)} · other ${count(ran.other)}`
  );
}

/**
 * The legs that ran no test although their project had files in the run: the server project must run
 * tests on SQLite and on PostgreSQL, the e2e project in the browser. CI fails on any of them.
 */
export function missingLegs(summary: LegSummary): string[] {
  const missing: string[] = [];
  if (summary.projects.has('server')) {
    if (summary.ran.sqlite === 0) missing.push('SQLite (no server test ran on it)');
    if (summary.ran.postgres === 0)
      missing.push('PostgreSQL (no server test ran on it: is TEST_DATABASE_URL set?)');
  }
  if (summary.projects.has('e2e') && summary.ran.browser === 0) {
    missing.push('the browser (no e2e test ran: E2E_SKIP, or no Chromium?)');
  }
  return missing;
}
