// The daily report (docs/product.md section 15): a venue's gaming day, per device and in total, as
// GET /a/manager/account/:id/daily_report, the back office's Daily tab and `cashdesk report:daily` show it.
// The gaming day's instants: gaming-day.ts; the report as a table: daily-report-table.ts.
import { z } from 'zod';
import { canonicalTimeZone } from './gaming-day.js';

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

// ---- the report --------------------------------------------------------------------------------------

/** The first gaming day a report is made for. */
export const FIRST_GAMING_DAY = '2000-01-01';
/**
 * The last gaming day a report can represent, for any venue. A report names its day and the instants it
 * covers (`from`, `to`: ISO in UTC, 4-digit years). A day ends at the next date's start hour, which in
 * UTC can be 35 hours after that date began (23:00 at UTC-12, Etc/GMT+12, is 11:00 UTC the day after).
 * So 9999-12-29 is the last day whose end every venue can write (9999-12-31T11:00Z at the latest); a
 * later one can end in year 10000, and after 9999-12-31 the next date is no YYYY-MM-DD at all (that day
 * answered 500). Decided here, so the API and the CLI's `report:daily` refuse the same days.
 */
export const LAST_GAMING_DAY = '9999-12-29';

/** `YYYY-MM-DD`, a real calendar date from FIRST_GAMING_DAY to LAST_GAMING_DAY. */
export const gamingDay = z.string().superRefine((s, ctx) => {
  const date = new Date(`${s}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) ctx.addIssue({ code: 'custom', message: 'must be YYYY-MM-DD' });
  else if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== s) {
    ctx.addIssue({ code: 'custom', message: 'is not a real date' });
  } else if (s < FIRST_GAMING_DAY) {
    ctx.addIssue({ code: 'custom', message: `must be ${FIRST_GAMING_DAY} or later` });
  } else if (s > LAST_GAMING_DAY) {
    ctx.addIssue({ code: 'custom', message: `must be ${LAST_GAMING_DAY} or earlier` });
  }
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
  /**
   * Four eyes (section 12), each event on the day it happened, so the counts add up:
   * waiting_at_start + requested = approved + declined + withdrawn + expired + waiting_at_end.
   * Requests made that day; approved, declined, withdrawn by the cashier, and expired unanswered, that
   * day (`failed`: of the approved, those the ledger then refused, so nothing was paid); and the
   * requests waiting when the day began and when it ended (now, for a day still running).
   */
  approvals_requested: z.number(),
  approvals_approved: z.number(),
  approvals_declined: z.number(),
  approvals_expired: z.number(),
  approvals_withdrawn: z.number(),
  approvals_failed: z.number(),
  approvals_waiting_at_start: z.number(),
  approvals_waiting_at_end: z.number(),
};

export const dailyFigures = z.object(figures);
export type DailyFigures = z.infer<typeof dailyFigures>;

export const dailyDevice = z.object({ device_id: z.number(), name: z.string(), ...figures });
export type DailyDevice = z.infer<typeof dailyDevice>;

/**
 * What a report of a venue's gaming day says of itself, first in its answer: the daily report's (below)
 * and the cash report's (players.ts). Its CSV header lines: daily-report-table.ts dayReportHeader.
 */
export const gamingDayReportHead = {
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
};
export type GamingDayReportHead = z.infer<z.ZodObject<typeof gamingDayReportHead>>;

/**
 * A venue's hash-chain head: how many ledger rows its chain holds, and the last one's SHA-256 (hex). A
 * day's report carries the head at the day's end (or now, for a running day).
 */
export const ledgerHead = z.object({ entries: z.number(), hash: z.string() });
export type LedgerHead = z.infer<typeof ledgerHead>;

export const dailyReport = z.object({
  ...gamingDayReportHead,
  ledger_head: ledgerHead,
  devices: z.array(dailyDevice),
  total: dailyFigures,
});
export type DailyReport = z.infer<typeof dailyReport>;
