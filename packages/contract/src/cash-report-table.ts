// The cash report as a file (docs/product.md section 19), laid out as the daily report's
// (daily-report-table.ts): the header as `name,value` lines with the ledger head, then the log and the
// reports, each a table under its own name. The back office's CSV and `cashdesk report:cash --csv` both
// write these rows with the one CSV writer (csv.ts). No zod here, for the same reason as gaming-day.ts.
import type { CsvCell } from './csv.js';
import { dayReportHeader } from './daily-report-table.js';
import type { CashReport } from './players.js';

export const CASH_LOG_COLUMNS = [
  'at',
  'player_id',
  'card',
  'name',
  'kind',
  'amount',
  'device_id',
  'place',
  'cashier',
  'trx',
  'corrected_by',
] as const;

export const CASH_REPORT_COLUMNS = [
  'player_id',
  'card',
  'name',
  'document_kind',
  'document_number',
  'birth_date',
  'cash_in',
  'cash_out',
  'transactions',
] as const;

/** A threshold as a header value: money in units, or `off`. */
const threshold = (cents: number | null): CsvCell => (cents === null ? 'off' : { cents });

/** The `name, value` lines the file starts with: which venue and day, the thresholds, the ledger head. */
export function cashReportHeader(report: CashReport): [string, CsvCell][] {
  return dayReportHeader<CsvCell>(report, [
    ['log_above', threshold(report.log_above)],
    ['report_above', threshold(report.report_above)],
  ]);
}

/** The log's rows under CASH_LOG_COLUMNS, in the order the ledger wrote them. */
export function cashLogRows(report: CashReport): CsvCell[][] {
  return report.log.map((line) => [
    line.at,
    line.player_id,
    line.card,
    line.name ?? '',
    line.kind,
    { cents: line.amount },
    line.device_id,
    line.place,
    line.cashier ?? '',
    line.trx,
    line.corrected_by ?? '',
  ]);
}

/** The reports' rows under CASH_REPORT_COLUMNS, one per player. */
export function cashReportRows(report: CashReport): CsvCell[][] {
  return report.reports.map((line) => [
    line.player_id,
    line.card,
    line.name ?? '',
    line.document_kind ?? '',
    line.document_number ?? '',
    line.birth_date ?? '',
    { cents: line.cash_in },
    { cents: line.cash_out },
    line.transactions,
  ]);
}

/**
 * Every line of the file, for the one CSV writer: the header, a blank line, `log` and its table, a blank
 * line, `reports` and its table. A table without rows keeps its column names, so an empty day reads as
 * one.
 */
export function cashReportLines(report: CashReport): CsvCell[][] {
  return [
    ...cashReportHeader(report),
    [],
    ['log'],
    [...CASH_LOG_COLUMNS],
    ...cashLogRows(report),
    [],
    ['reports'],
    [...CASH_REPORT_COLUMNS],
    ...cashReportRows(report),
  ];
}
