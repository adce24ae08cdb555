import { reportTotals } from '@cashdesk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketUnit, cashFlow, type CashFlowRow } from './cash-flow-buckets';

const row = (created_at: string, delta: number): CashFlowRow => ({
  created_at,
  data: { total_in: Math.max(delta, 0), total_out: Math.max(-delta, 0) },
});

describe('cash flow buckets', () => {
  it('sum a day at GMT+02:00 by its 24 local hours', () => {
    const flow = cashFlow(
      [
        row('2026-11-20T22:00:00.000Z', 10_00), // 00:00 local
        row('2026-11-20T22:59:59.999Z', -4_01), // still the first hour
        row('2026-11-21T09:30:00.000Z', 2_50), // 11:30
        row('2026-11-21T21:59:59.500Z', 5_01), // 23:59:59.500, inside the last second
      ],
      { from: '2026-11-21T00:00:00+02:00', to: '2026-11-21T23:59:59+02:00' },
    );
    expect(flow.unit).toBe('hour');
    expect(flow.offset).toBe('+02:00');
    expect(flow.buckets).toHaveLength(24);
    expect(flow.buckets[0]).toEqual({
      startMs: Date.parse('2026-11-20T22:00:00Z'),
      localStart: '2026-11-21T00:00',
      deposits: 1,
      deposits_cents: 10_00,
      withdrawals: 1,
      withdrawals_cents: 4_01,
    });
    expect(flow.buckets[11]).toMatchObject({ localStart: '2026-11-21T11:00', deposits_cents: 2_50 });
    expect(flow.buckets[23]).toMatchObject({ localStart: '2026-11-21T23:00', deposits_cents: 5_01 });
  });

  it('cut a partial first hour at the period start and end at its last second', () => {
    const flow = cashFlow([], { from: '2026-11-21T10:30:00+00:00', to: '2026-11-21T12:15:00+00:00' });
    expect(flow.buckets.map((b) => b.localStart)).toEqual([
      '2026-11-21T10:00',
      '2026-11-21T11:00',
      '2026-11-21T12:00',
    ]);
    expect(flow.buckets[0]?.startMs).toBe(Date.parse('2026-11-21T10:30:00Z'));
  });

  it('go by local day past two days and by calendar month past 62 days', () => {
    const days = cashFlow([row('2026-04-01T04:59:59Z', 1_00), row('2026-04-01T05:00:00Z', 2_00)], {
      from: '2026-03-31T00:00:00-05:00',
      to: '2026-04-02T23:59:59-05:00',
    });
    expect(days.unit).toBe('day');
    expect(days.buckets.map((b) => [b.localStart, b.deposits_cents])).toEqual([
      ['2026-03-31T00:00', 1_00], // 23:59:59 local on the 31st
      ['2026-04-01T00:00', 2_00],
      ['2026-04-02T00:00', 0],
    ]);

    const months = cashFlow([row('2025-02-28T23:30:00Z', 7_00)], {
      from: '2024-12-18T00:00:00+01:00',
      to: '2025-03-05T23:59:59+01:00',
    });
    expect(months.unit).toBe('month');
    expect(months.buckets.map((b) => [b.localStart, b.deposits_cents])).toEqual([
      ['2024-12-01T00:00', 0],
      ['2025-01-01T00:00', 0],
      ['2025-02-01T00:00', 0],
      ['2025-03-01T00:00', 7_00], // 1 March 00:30 at GMT+01:00
    ]);
  });

  it('choose the unit by the span: two days by hour, 62 days by day, longer by month', () => {
    const day = 24 * 3_600_000;
    expect(bucketUnit(day)).toBe('hour');
    expect(bucketUnit(2 * day)).toBe('hour');
    expect(bucketUnit(2 * day + 1000)).toBe('day');
    expect(bucketUnit(62 * day)).toBe('day');
    expect(bucketUnit(62 * day + 1000)).toBe('month');
  });

  it("add up to the period's figures, whatever the rows, offset and span", () => {
    const offsets = fc.integer({ min: -12, max: 12 });
    const HISTORY_START = Date.parse('2024-12-18T00:00:00Z');
    const YEAR_MS = 365 * 24 * 3_600_000;
    fc.assert(
      fc.property(
        fc.integer({ min: HISTORY_START, max: HISTORY_START + YEAR_MS }),
        // A second up to a year and a half: every unit, and periods that start and end mid-unit.
        fc.integer({ min: 0, max: Math.floor((1.5 * YEAR_MS) / 1000) }),
        offsets,
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: -1e9, max: 1e9 }))),
        (fromMs, spanSeconds, offsetHours, picks) => {
          const fromSecond = Math.floor(fromMs / 1000) * 1000;
          const toSecond = fromSecond + spanSeconds * 1000;
          const bound = (ms: number) => withOffset(ms, offsetHours);
          const rows = picks
            .filter(([, delta]) => delta !== 0)
            .map(([at, delta]) =>
              row(new Date(fromSecond + Math.floor(at * (toSecond + 999 - fromSecond))).toISOString(), delta),
            );
          const flow = cashFlow(rows, { from: bound(fromSecond), to: bound(toSecond) });
          const totals = reportTotals(rows);
          const sum = (key: 'deposits' | 'deposits_cents' | 'withdrawals' | 'withdrawals_cents') =>
            flow.buckets.reduce((total, bucket) => total + bucket[key], 0);
          expect(sum('deposits_cents')).toBe(totals.income_cents);
          expect(sum('withdrawals_cents')).toBe(totals.outcome_cents);
          expect(sum('deposits') + sum('withdrawals')).toBe(totals.operations);
          // Buckets are in time order, the first at the period start, none empty of time.
          expect(flow.buckets[0]?.startMs).toBe(fromSecond);
          for (let i = 1; i < flow.buckets.length; i += 1) {
            expect(flow.buckets[i]!.startMs).toBeGreaterThan(flow.buckets[i - 1]!.startMs);
            expect(flow.buckets[i]!.startMs).toBeLessThanOrEqual(toSecond);
          }
          expect(flow.buckets.length).toBeLessThanOrEqual(flow.unit === 'month' ? 20 : 63);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** `ms` written as local time at GMT±HH:00, to the second, as reportBounds writes the bounds. */
function withOffset(ms: number, offsetHours: number): string {
  const local = new Date(ms + offsetHours * 3_600_000).toISOString().slice(0, 19);
  const sign = offsetHours < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
}
