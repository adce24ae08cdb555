// How a report period reads on screen and on paper: 22.11.2026 00:00:00 – 22.11.2026 23:59:59, GMT+01:00.
import { normalizeTime, type ReportRange } from './range';

/** "2026-11-22" -> "22.11.2026". */
export function formatDay(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}.${month}.${year}` : date;
}

/** "+01:00" -> "GMT+01:00", as the offset list and the login clock name offsets. */
export function offsetLabel(offset: string): string {
  return `GMT${offset}`;
}

export function formatPeriod(range: ReportRange): string {
  const from = `${formatDay(range.fromDate)} ${normalizeTime(range.fromTime) ?? range.fromTime}`;
  const to = `${formatDay(range.toDate)} ${normalizeTime(range.toTime) ?? range.toTime}`;
  return `${from} – ${to}`;
}
