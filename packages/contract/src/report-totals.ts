// The figures of a cashier report: statistics and the history page both sum report rows with this one
// function, so the two screens agree to the cent for the same rows.
import { assertCents } from './money.js';
import type { ReportEntry } from './schemas.js';

export interface ReportTotals {
  /** How many deposits and withdraws. */
  operations: number;
  /** What the deposits put onto places (sum of `total_in`). */
  income_cents: number;
  /** What the withdraws took off places, a positive magnitude (sum of `total_out`). */
  outcome_cents: number;
  /** income − outcome: what the rows moved from the float onto the places, signed. */
  delta_cents: number;
}

export function reportTotals(entries: readonly Pick<ReportEntry, 'data'>[]): ReportTotals {
  let income_cents = 0;
  let outcome_cents = 0;
  for (const { data } of entries) {
    income_cents += data.total_in;
    outcome_cents += data.total_out;
  }
  // Integer cents add exactly below 2^53; past that the figures would be wrong, so refuse them loudly.
  assertCents(income_cents);
  assertCents(outcome_cents);
  return {
    operations: entries.length,
    income_cents,
    outcome_cents,
    delta_cents: income_cents - outcome_cents,
  };
}
