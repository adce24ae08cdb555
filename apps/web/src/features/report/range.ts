// The period of a cashier report, shared by the history page and the statistic modal (docs/product.md section 5):
// one of the 25 whole-hour GMT offsets, from/to dates between 2024-12-18 and today, times HH:mm:ss
// (defaults 00:00:00 and 23:59:59), and the request's from/to as local date-times with that offset.
import { EARLIEST_HISTORY_DATE, GMT_OFFSETS } from '@cashdesk/contract';

export const DEFAULT_FROM_TIME = '00:00:00';
export const DEFAULT_TO_TIME = '23:59:59';
/** Used when the browser's own offset is not one of the 25 (e.g. India's +05:30). */
export const FALLBACK_OFFSET = '+00:00';

export interface ReportRange {
  /** One of GMT_OFFSETS, e.g. "+01:00". */
  offset: string;
  /** YYYY-MM-DD, or '' while not chosen. */
  fromDate: string;
  /** HH:mm:ss (HH:mm is accepted from a time field), or '' while not chosen. */
  fromTime: string;
  toDate: string;
  toTime: string;
}

/** Why a range cannot be sent yet; Save and submit stay disabled while there is one. */
export type RangeProblem = 'incomplete' | 'invalid' | 'outOfBounds' | 'fromAfterTo';

const MS_PER_MINUTE = 60_000;
const pad = (n: number) => n.toString().padStart(2, '0');

/** "+01:00" -> 60, "-12:00" -> -720; null for anything that is not ±HH:MM. */
export function offsetMinutes(offset: string): number | null {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** 60 -> "+01:00", -330 -> "-05:30". */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The browser's offset at `now` when it is one of the 25 whole hours, else UTC. */
export function defaultOffset(now: Date): string {
  const own = formatOffset(-now.getTimezoneOffset());
  return GMT_OFFSETS.includes(own) ? own : FALLBACK_OFFSET;
}

/** The calendar date (YYYY-MM-DD) on the wall clocks of `offset` at the instant `nowMs`. */
export function dateAt(offset: string, nowMs: number): string {
  const shifted = new Date(nowMs + (offsetMinutes(offset) ?? 0) * MS_PER_MINUTE);
  return shifted.toISOString().slice(0, 10);
}

/** The dates a range may use: from the first day of history up to today at `offset`. */
export function dateBounds(offset: string, nowMs: number): { min: string; max: string } {
  return { min: EARLIEST_HISTORY_DATE, max: dateAt(offset, nowMs) };
}

/** Today, 00:00:00 to 23:59:59, at `offset` (by default the browser's own whole-hour offset). */
export function defaultRange(nowMs: number, offset: string = defaultOffset(new Date(nowMs))): ReportRange {
  const today = dateAt(offset, nowMs);
  return { offset, fromDate: today, fromTime: DEFAULT_FROM_TIME, toDate: today, toTime: DEFAULT_TO_TIME };
}

/**
 * The range once the cashier picks another offset: "today" follows the offset. A date that was today on
 * the old offset's wall clocks becomes today on the new one's, and no date stays past the new today, so
 * choosing GMT+03 from a browser at GMT-05 late in the evening (already tomorrow at +03) keeps today's
 * operations in the range instead of asking for the day before. Other dates and the
 * times stay as written: they are wall-clock figures of the chosen offset.
 */
export function withOffset(range: ReportRange, offset: string, nowMs: number): ReportRange {
  const oldToday = dateAt(range.offset || FALLBACK_OFFSET, nowMs);
  const newToday = dateAt(offset || FALLBACK_OFFSET, nowMs);
  const move = (date: string) => (date === oldToday || date > newToday ? newToday : date);
  return { ...range, offset, fromDate: move(range.fromDate), toDate: move(range.toDate) };
}

/** "09:05" -> "09:05:00", "09:05:07" stays; null for anything else (a time field gives either form). */
export function normalizeTime(text: string): string | null {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? '0')];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** A real calendar date written YYYY-MM-DD (no 2025-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export function rangeProblem(range: ReportRange, nowMs: number): RangeProblem | null {
  const { offset, fromDate, fromTime, toDate, toTime } = range;
  if ([offset, fromDate, fromTime, toDate, toTime].some((field) => field === '')) return 'incomplete';
  const from = normalizeTime(fromTime);
  const to = normalizeTime(toTime);
  if (!GMT_OFFSETS.includes(offset) || !isCalendarDate(fromDate) || !isCalendarDate(toDate) || !from || !to) {
    return 'invalid';
  }
  // YYYY-MM-DD and HH:mm:ss compare as text in calendar order; both ends share one offset.
  const { min, max } = dateBounds(offset, nowMs);
  if (fromDate < min || toDate < min || fromDate > max || toDate > max) return 'outOfBounds';
  if (`${fromDate}T${from}` > `${toDate}T${to}`) return 'fromAfterTo';
  return null;
}

/**
 * The request's `from` and `to`: local date-times with the chosen offset, e.g. 2026-11-22T23:59:59+01:00
 * (the server takes a `to` written to the second as the whole second). Only for a range without problems.
 */
export function reportBounds(range: ReportRange): { from: string; to: string } {
  const from = normalizeTime(range.fromTime);
  const to = normalizeTime(range.toTime);
  if (!from || !to) throw new Error(`reportBounds: the range has unset or invalid times`);
  return {
    from: `${range.fromDate}T${from}${range.offset}`,
    to: `${range.toDate}T${to}${range.offset}`,
  };
}
