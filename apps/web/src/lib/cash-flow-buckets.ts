// Deposits and withdrawals of a report period summed per hour, day or month on the wall clocks of the
// period's GMT offset, for the cash-flow chart of the history page and the Statistic modal. The report
// call answers rows only, so the sums are made here, from the same rows the figures are summed from.
import { assertCents } from '@cashdesk/contract';

/** One bar pair of the chart. */
export interface CashFlowBucket {
  /** The bucket's first instant (UTC ms); it ends where the next one starts (or at the period's end). */
  startMs: number;
  /** Its start on the wall clocks of the period's offset, YYYY-MM-DDTHH:mm (a month: the 1st, 00:00). */
  localStart: string;
  deposits: number;
  deposits_cents: number;
  withdrawals: number;
  /** A positive magnitude, as a report row's `total_out`. */
  withdrawals_cents: number;
}

export type BucketUnit = 'hour' | 'day' | 'month';

export interface CashFlow {
  unit: BucketUnit;
  /** The period's offset as written in its bounds, e.g. "+02:00". */
  offset: string;
  buckets: CashFlowBucket[];
}

/** What a bucket needs of a report row (ReportEntry has it). */
export interface CashFlowRow {
  created_at: string;
  data: { total_in: number; total_out: number };
}

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;
const MS_PER_DAY = 24 * MS_PER_HOUR;
/**
 * Up to two days: by hour (at most 48 bars). Up to about two months: by day (at most 62). Longer (the
 * history reaches back to 2024-12-18): by calendar month, so a bar stays wide enough to see on a phone.
 */
export const HOURLY_UP_TO_MS = 2 * MS_PER_DAY;
export const DAILY_UP_TO_MS = 62 * MS_PER_DAY;

/** The unit of a period `spanMs` long. */
export function bucketUnit(spanMs: number): BucketUnit {
  if (spanMs <= HOURLY_UP_TO_MS) return 'hour';
  if (spanMs <= DAILY_UP_TO_MS) return 'day';
  return 'month';
}

/** "2026-11-21T00:00:00+02:00" -> { ms, offset: "+02:00", offsetMs }; a "Z" is "+00:00". */
function parseBound(bound: string): { ms: number; offset: string; offsetMs: number } {
  const match = /([+-])(\d{2}):(\d{2})$|Z$/.exec(bound);
  const ms = Date.parse(bound);
  if (!match || Number.isNaN(ms)) throw new Error(`cash flow: not a date-time with an offset: ${bound}`);
  if (match[0] === 'Z') return { ms, offset: '+00:00', offsetMs: 0 };
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return { ms, offset: match[0], offsetMs: (match[1] === '-' ? -minutes : minutes) * MS_PER_MINUTE };
}

/** The start of the unit containing `ms`, on the wall clocks `offsetMs` ahead of UTC. */
function unitStart(ms: number, unit: BucketUnit, offsetMs: number): number {
  const local = ms + offsetMs;
  if (unit === 'hour') return Math.floor(local / MS_PER_HOUR) * MS_PER_HOUR - offsetMs;
  if (unit === 'day') return Math.floor(local / MS_PER_DAY) * MS_PER_DAY - offsetMs;
  const date = new Date(local);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) - offsetMs;
}

function nextUnitStart(start: number, unit: BucketUnit, offsetMs: number): number {
  if (unit === 'hour') return start + MS_PER_HOUR;
  if (unit === 'day') return start + MS_PER_DAY;
  const date = new Date(start + offsetMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - offsetMs;
}

/**
 * The period's rows summed per bucket. `period` is the report request's bounds (reportBounds): `to`
 * written to the second covers that whole second, as the server reads it. Every row lands in a bucket
 * (one outside the period, which the server does not send, in the nearest), so the buckets always add
 * up to the figures summed from the same rows.
 */
export function cashFlow(rows: readonly CashFlowRow[], period: { from: string; to: string }): CashFlow {
  const from = parseBound(period.from);
  const to = parseBound(period.to);
  const endMs = Math.max(to.ms + 1000, from.ms + 1);
  const unit = bucketUnit(endMs - from.ms);
  const offsetMs = from.offsetMs;

  const buckets: CashFlowBucket[] = [];
  for (let start = unitStart(from.ms, unit, offsetMs); start < endMs;) {
    const startMs = Math.max(start, from.ms);
    buckets.push({
      startMs,
      localStart: new Date(start + offsetMs).toISOString().slice(0, 16),
      deposits: 0,
      deposits_cents: 0,
      withdrawals: 0,
      withdrawals_cents: 0,
    });
    start = nextUnitStart(start, unit, offsetMs);
  }

  for (const row of rows) {
    const bucket = buckets[bucketIndex(buckets, Date.parse(row.created_at))];
    if (!bucket) continue; // unreachable: there is always at least one bucket
    // Counted as the history tells types apart (money in: a deposit); summed as reportTotals sums, so
    // the bars add up to the figures whatever a row holds.
    if (row.data.total_in > 0) bucket.deposits += 1;
    else bucket.withdrawals += 1;
    bucket.deposits_cents += row.data.total_in;
    bucket.withdrawals_cents += row.data.total_out;
  }
  for (const bucket of buckets) {
    assertCents(bucket.deposits_cents);
    assertCents(bucket.withdrawals_cents);
  }
  return { unit, offset: from.offset, buckets };
}

/** The last bucket starting at or before `ms` (the first for anything earlier or unreadable). */
function bucketIndex(buckets: readonly CashFlowBucket[], ms: number): number {
  let low = 0;
  let high = buckets.length - 1;
  if (Number.isNaN(ms)) return 0;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((buckets[middle]?.startMs ?? Infinity) <= ms) low = middle;
    else high = middle - 1;
  }
  return low;
}
