// The daily report in the browser: which gaming day the tab opens on, and the CSV it downloads (the same
// file as `cashdesk report:daily --csv`: the header as name,value lines, a blank line, then the table).
import {
  DAILY_REPORT_COLUMNS,
  dailyReportHeader,
  dailyReportRows,
  gamingDayOf,
  previousDate,
  toCsv,
  wallClockText,
  type Account,
  type DailyReport,
} from '@cashdesk/contract';

/** The gaming day before the one running at `nowMs`, in the venue's clock: the last ended, the one printed. */
export function lastEndedDay(venue: Pick<Account, 'time_zone' | 'day_starts_at'>, nowMs: number): string {
  return previousDate(gamingDayOf(nowMs, venue));
}

export function dailyReportCsv(report: DailyReport): string {
  const [first, ...rest] = dailyReportHeader(report);
  return toCsv(first ?? [], [...rest, [], [...DAILY_REPORT_COLUMNS], ...dailyReportRows(report)]);
}

export function dailyReportFileName(report: DailyReport): string {
  return `daily-report-${report.account_id}-${report.day}.csv`;
}

/**
 * An instant (ISO) on the venue's wall clocks, `2026-03-28 06:00:00`: the times a report and the
 * overview's hours show, by the clock the gaming day is cut by (contract's gaming-day.ts).
 */
export function venueTime(iso: string, timeZone: string): string {
  return wallClockText(Date.parse(iso), timeZone);
}
