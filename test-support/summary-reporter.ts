// A vitest reporter (vitest.config.ts) that ends `npm test` with one line saying how many tests ran on
// SQLite, on PostgreSQL and in the browser, and under CI fails the run when a leg whose project was in the
// run ran no test at all (a PostgreSQL or a browser leg that skipped itself).
import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';
import { isCI } from './ci';
import { formatSummary, missingLegs, summarize, type TestOutcome } from './legs';

function* outcomes(modules: ReadonlyArray<TestModule>): Generator<TestOutcome> {
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      yield { project: module.project.name, fullName: test.fullName, state: test.result().state };
    }
  }
}

export default class LegSummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors: unknown, reason: TestRunEndReason): void {
    const summary = summarize(
      outcomes(modules),
      modules.map((module) => module.project.name),
    );
    console.log(`\n${formatSummary(summary)}`);
    if (!isCI() || reason === 'interrupted') return;
    const missing = missingLegs(summary);
    if (missing.length > 0) {
      console.error(`CI: a leg ran no test, which CI does not allow: ${missing.join('; ')}`);
      process.exitCode = 1;
    }
  }
}
