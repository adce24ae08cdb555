import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportTotals } from './report-totals.js';

/** A report row of a cashier operation: a deposit (delta > 0) or a withdraw (delta < 0). */
const row = (delta_cents: number) => ({
  data: { total_in: Math.max(delta_cents, 0), total_out: Math.max(-delta_cents, 0) },
});

describe('reportTotals', () => {
  it('counts the operations and sums deposits, withdraws and their difference', () => {
    expect(reportTotals([row(10_00), row(-4_00), row(5_01), row(-1)])).toEqual({
      operations: 4,
      income_cents: 15_01,
      outcome_cents: 4_01,
      delta_cents: 11_00,
    });
  });

  it('is all zeros for an empty report', () => {
    expect(reportTotals([])).toEqual({ operations: 0, income_cents: 0, outcome_cents: 0, delta_cents: 0 });
  });

  it('gives a negative delta when more was withdrawn than deposited', () => {
    expect(reportTotals([row(1_00), row(-3_50)]).delta_cents).toBe(-2_50);
  });

  it('equals the sum of the operations made, to the cent, and adds up over any split of the rows', () => {
    const delta = fc.integer({ min: -500_000_00, max: 500_000_00 }).filter((d) => d !== 0);
    fc.assert(
      fc.property(fc.array(delta, { maxLength: 200 }), fc.nat(), (deltas, cut) => {
        const rows = deltas.map(row);
        const totals = reportTotals(rows);
        expect(totals.delta_cents).toBe(deltas.reduce((sum, d) => sum + d, 0));
        expect(totals.operations).toBe(deltas.length);
        const at = deltas.length === 0 ? 0 : cut % (deltas.length + 1);
        const head = reportTotals(rows.slice(0, at));
        const tail = reportTotals(rows.slice(at));
        expect(head.income_cents + tail.income_cents).toBe(totals.income_cents);
        expect(head.outcome_cents + tail.outcome_cents).toBe(totals.outcome_cents);
      }),
    );
  });

  it('refuses sums past the safe integer range instead of rounding them', () => {
    const huge = { data: { total_in: Number.MAX_SAFE_INTEGER, total_out: 0 } };
    expect(() => reportTotals([huge, huge])).toThrow(RangeError);
  });
});
