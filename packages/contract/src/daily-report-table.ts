// The daily report as a table (docs/product.md section 15): the rows of the back office's CSV and of
// `cashdesk report:daily --csv`. No zod here, for the same reason as gaming-day.ts.
import type { CsvCell } from './csv.js';
import type { DailyFigures, DailyReport, GamingDayReportHead, LedgerHead } from './daily-report.js';

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
  'approvals_withdrawn',
  'approvals_failed',
  'approvals_waiting_at_start',
  'approvals_waiting_at_end',
] as const;

/** One cell: text, a count, or money in cents (written as units). */
export type DailyReportCell = CsvCell;

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
    f.approvals_withdrawn,
    f.approvals_failed,
    f.approvals_waiting_at_start,
    f.approvals_waiting_at_end,
  ];
}

/** The report's rows under DAILY_REPORT_COLUMNS: one per device, then `total` (device_id empty). */
export function dailyReportRows(report: DailyReport): DailyReportCell[][] {
  return [
    ...report.devices.map((d) => [d.device_id, d.name, ...figureCells(d)]),
    ['', 'total', ...figureCells(report.total)],
  ];
}

/**
 * The `name, value` lines the file of a report of a gaming day starts with (then a blank line, then its
 * tables), the daily report's and the cash report's (cash-report-table.ts): which venue and day, `more`
 * after the currency (the cash report's thresholds), who made it when, the ledger head.
 */
export function dayReportHeader<C extends CsvCell = string>(
  report: GamingDayReportHead & { ledger_head: LedgerHead },
  more: readonly [string, C][] = [],
): [string, string | C][] {
  return [
    ['venue', report.venue],
    ['gaming_day', report.day],
    ['from', report.from],
    ['to', report.to],
    ['time_zone', report.time_zone],
    ['currency', report.currency],
    ...more,
    ['made_at', report.made_at],
    ['made_by', report.made_by],
    ['ledger_entries', String(report.ledger_head.entries)],
    ['ledger_hash', report.ledger_head.hash],
    ['complete', report.complete ? 'yes' : 'no'],
  ];
}

/** The `name, value` lines a CSV starts with (then a blank line, then the table): the file says what it is. */
export function dailyReportHeader(report: DailyReport): [string, string][] {
  return dayReportHeader(report);
}
