// The closing line of `npm test` and the legs CI insists on (legs.ts).
import { describe, expect, it } from 'vitest';
import { formatSummary, legOf, missingLegs, summarize, type TestOutcome } from './legs';

const test = (project: string, fullName: string, state: TestOutcome['state'] = 'passed'): TestOutcome => ({
  project,
  fullName,
  state,
});

describe('legs of a test run', () => {
  it('puts each test on its leg by project and by the database its describe names', () => {
    expect(legOf(test('server', "ledger rules on 'sqlite' refuses one cent past the overdraft"))).toBe(
      'sqlite',
    );
    expect(legOf(test('server', "ledger rules on 'postgres' refuses one cent past"))).toBe('postgres');
    expect(legOf(test('server', 'PostgreSQL named statements reuse a plan'))).toBe('postgres');
    expect(legOf(test('server', 'password policy refuses common passwords'))).toBe('other');
    expect(legOf(test('e2e', 'live updates shows a deposit'))).toBe('browser');
    expect(legOf(test('web', 'sqlite in a web test name is not a database leg'))).toBe('other');
  });

  it('counts tests that ran (passed or failed) per leg, and skipped ones apart', () => {
    const summary = summarize([
      test('server', 'a on sqlite'),
      test('server', 'a on postgres', 'failed'),
      test('server', 'b on postgres', 'skipped'),
      test('e2e', 'screen'),
      test('web', 'button', 'pending'),
      test('contract', 'schema'),
    ]);
    expect(summary.ran).toEqual({ sqlite: 1, postgres: 1, browser: 1, other: 1 });
    expect([summary.passed, summary.failed, summary.skipped]).toEqual([3, 1, 2]);
    expect(formatSummary(summary)).toBe(
      'tests run: 4 (3 passed, 1 failed, 2 skipped) · on SQLite 1 · on PostgreSQL 1 · in the browser 1 · other 1',
    );
  });

  it('names the legs of the run that ran nothing: PostgreSQL skipped, every browser test skipped', () => {
    const skippedPg = summarize([
      test('server', 'a on sqlite'),
      test('server', 'PostgreSQL torture', 'skipped'),
    ]);
    expect(missingLegs(skippedPg)).toEqual([expect.stringContaining('PostgreSQL')]);
    const skippedBrowser = summarize([test('e2e', 'login', 'skipped'), test('web', 'x')]);
    expect(missingLegs(skippedBrowser)).toEqual([expect.stringContaining('browser')]);
    const emptyE2eFile = summarize([test('web', 'x')], ['web', 'e2e']);
    expect(missingLegs(emptyE2eFile)).toEqual([expect.stringContaining('browser')]);
    // A run of other projects only (`vitest run --project web`) has no leg to miss.
    expect(missingLegs(summarize([test('web', 'x')]))).toEqual([]);
    expect(
      missingLegs(
        summarize([test('server', 'on sqlite'), test('server', 'on postgres'), test('e2e', 'login')]),
      ),
    ).toEqual([]);
  });
});
