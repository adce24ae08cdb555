// The cash report in the browser: the CSV it downloads, the same file as `cashdesk report:cash --csv`
// (packages/contract/src/cash-report-table.ts: the header as name,value lines, then the log and the
// reports, each a table under its name), written by the one CSV writer with the BOM a spreadsheet needs.
import { cashReportLines, csvLines, UTF8_BOM, type CashReport } from '@cashdesk/contract';

export function cashReportCsv(report: CashReport): string {
  return `${UTF8_BOM}${csvLines(cashReportLines(report))}`;
}

export function cashReportFileName(report: CashReport): string {
  return `cash-report-${report.account_id}-${report.day}.csv`;
}
