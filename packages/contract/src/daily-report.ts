// The daily report (docs/product.md section 15): a venue's gaming day, per device and in total, as
// GET /a/manager/account/:id/daily_report, the back office's Daily tab and `cashdesk report:daily` show it.
// A gaming day runs from its date at the venue's `day_starts_at` hour, in the venue's `time_zone`, to the
// same hour of the next date: the instants come from Intl, so a day with a clock change is 23 or 25 hours.
import { z } from 'zod';
import { formatCents } from './money.js';

// ---- the venue's clock: time zone and the hour its gaming day starts ---------------------------------

/** A new venue's time zone. */
export const DEFAULT_TIME_ZONE = 'UTC';
/**
 * A new venue's gaming day starts at 06:00: the night's play, which runs past midnight, belongs to the day
 * it started on, and the early morning is when a venue is closed or quietest.
 */
export const DEFAULT_DAY_STARTS_AT = 6;

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter giving the wall-clock fields of an instant in `timeZone`; throws RangeError for an unknown zone. */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The IANA name Intl knows `name` by ('europe/lisbon' -> 'Europe/Lisbon'), or null when it knows none. */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return null;
  try {
    return wallClock(name).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A venue's time zone: an IANA name (`Europe/Lisbon`, `America/Sao_Paulo`, `UTC`), stored as Intl spells it. */
export const timeZone = z.string().transform((name, ctx) => {
  const canonical = canonicalTimeZone(name);
  if (canonical === null) {
    ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone such as Europe/Lisbon' });
    return z.NEVER;
  }
  return canonical;
});

/** The hour (0-23, in the venue's time zone) its gaming day starts. */
export const dayStartsAt = z.number().int().min(0).max(23);

/** The wall-clock time of `ms` in `zone`, as if it were UTC (so the difference to `ms` is the offset). */
function wallAsUtc(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock(zone).formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/**
 * The instant `date` (YYYY-MM-DD) at `hour`:00 on the wall clocks of `zone`. An hour the clocks skip
 * (spring forward) is the instant they jump; an hour they show twice (fall back) is its later showing.
 */
export function zonedInstant(date: string, hour: number, zone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  const first = wall - (wallAsUtc(wall, zone) - wall);
  return wall - (wallAsUtc(first, zone) - first);
}

/** The date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The instants gaming day `day` covers: from `fromMs` (included) to `toMs` (excluded). */
export function gamingDayBounds(
  day: string,
  venue: { time_zone: string; day_starts_at: number },
): { fromMs: number; toMs: number } {
  return {
    fromMs: zonedInstant(day, venue.day_starts_at, venue.time_zone),
    toMs: zonedInstant(nextDate(day), venue.day_starts_at, venue.time_zone),
  };
}

/** The gaming day (YYYY-MM-DD) instant `ms` belongs to. */
export function gamingDayOf(ms: number, venue: { time_zone: string; day_starts_at: number }): string {
  const wallDate = new Date(wallAsUtc(ms, venue.time_zone)).toISOString().slice(0, 10);
  return ms < zonedInstant(wallDate, venue.day_starts_at, venue.time_zone)
    ? new Date(Date.parse(`${wallDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    : wallDate;
}

// ---- the report --------------------------------------------------------------------------------------

/** `YYYY-MM-DD`, a real calendar date from 2000 on. */
export const gamingDay = z.string().superRefine((s, ctx) => {
  const date = new Date(`${s}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) ctx.addIssue({ code: 'custom', message: 'must be YYYY-MM-DD' });
  else if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== s) {
    ctx.addIssue({ code: 'custom', message: 'is not a real date' });
  } else if (s < '2000-01-01') ctx.addIssue({ code: 'custom', message: 'must be 2000-01-01 or later' });
});

export const dailyReportQuery = z.strictObject({ day: gamingDay });
export type DailyReportQuery = z.input<typeof dailyReportQuery>;

const figures = {
  /** Deposits onto places: how many, and their sum in cents. */
  deposits: z.number(),
  deposit_total: z.number(),
  /** Withdraws that left something on the place (a positive size in cents). */
  withdrawals: z.number(),
  withdrawal_total: z.number(),
  /** Withdraws that left the place at 0, a cash-out call's or a withdraw of everything. */
  cash_outs: z.number(),
  cash_out_total: z.number(),
  /** Corrections made that day (docs/product.md section 13): how many, and what they moved (signed cents). */
  corrections: z.number(),
  correction_total: z.number(),
  /** deposit_total - withdrawal_total - cash_out_total + correction_total: what the day brought into the tills. */
  net: z.number(),
  /** Deposits, withdrawals and cash-outs together (corrections apart). */
  operations: z.number(),
  /** The day's first and last cash operation (null on a day without one). */
  first_trx: z.string().nullable(),
  first_at: z.string().nullable(),
  last_trx: z.string().nullable(),
  last_at: z.string().nullable(),
  /** Four eyes (section 12): requests made that day, and decisions and expiries that fell on it. */
  approvals_requested: z.number(),
  approvals_approved: z.number(),
  approvals_declined: z.number(),
  approvals_expired: z.number(),
};

export const dailyFigures = z.object(figures);
export type DailyFigures = z.infer<typeof dailyFigures>;

export const dailyDevice = z.object({ device_id: z.number(), name: z.string(), ...figures });
export type DailyDevice = z.infer<typeof dailyDevice>;

export const dailyReport = z.object({
  account_id: z.number(),
  venue: z.string(),
  currency: z.string(),
  day: z.string(),
  time_zone: z.string(),
  day_starts_at: z.number(),
  /** The day's first instant and the next day's first instant (excluded), ISO in UTC. */
  from: z.string(),
  to: z.string(),
  /** false while the day is still running: its figures and head can still grow. */
  complete: z.boolean(),
  made_at: z.string(),
  /** The login of who asked for it (`operator` for the CLI). */
  made_by: z.string(),
  /** The venue's hash-chain head at the day's end (or now, for a running day). */
  ledger_head: z.object({ entries: z.number(), hash: z.string() }),
  devices: z.array(dailyDevice),
  total: dailyFigures,
});
export type DailyReport = z.infer<typeof dailyReport>;

// ---- as a table: the CSV of the back office and the CLI -------------------------------------------------

export const DAILY_REPORT_COLUMNS = [
  'device_id',
  'device',
  'deposits',
  'deposit_total',
  'withdrawals',
  'withdrawal_total',
  'cash_outs',
  'cash_out_total',
  'corrections',
  'correction_total',
  'net',
  'operations',
  'first_trx',
  'first_at',
  'last_trx',
  'last_at',
  'approvals_requested',
  'approvals_approved',
  'approvals_declined',
  'approvals_expired',
] as const;

/** One cell: text, a count, or money in cents (written as units). */
export type DailyReportCell = string | number | { cents: number };

function figureCells(f: DailyFigures): DailyReportCell[] {
  return [
    f.deposits,
    { cents: f.deposit_total },
    f.withdrawals,
    { cents: f.withdrawal_total },
    f.cash_outs,
    { cents: f.cash_out_total },
    f.corrections,
    { cents: f.correction_total },
    { cents: f.net },
    f.operations,
    f.first_trx ?? '',
    f.first_at ?? '',
    f.last_trx ?? '',
    f.last_at ?? '',
    f.approvals_requested,
    f.approvals_approved,
    f.approvals_declined,
    f.approvals_expired,
  ];
}

/** The report's rows under DAILY_REPORT_COLUMNS: one per device, then `total` (device_id empty). */
export function dailyReportRows(report: DailyReport): DailyReportCell[][] {
  return [
    ...report.devices.map((d) => [d.device_id, d.name, ...figureCells(d)]),
    ['', 'total', ...figureCells(report.total)],
  ];
}

/** The `name, value` lines a CSV starts with (then a blank line, then the table): the file says what it is. */
export function dailyReportHeader(report: DailyReport): [string, string][] {
  return [
    ['venue', report.venue],
    ['gaming_day', report.day],
    ['from', report.from],
    ['to', report.to],
    ['time_zone', report.time_zone],
    ['currency', report.currency],
    ['made_at', report.made_at],
    ['made_by', report.made_by],
    ['ledger_entries', String(report.ledger_head.entries)],
    ['ledger_hash', report.ledger_head.hash],
    ['complete', report.complete ? 'yes' : 'no'],
  ];
}

/** A cell as text, money as units ("-12.50"). */
export function dailyCellText(cell: DailyReportCell): string {
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return String(cell);
  return formatCents(cell.cents);
}
