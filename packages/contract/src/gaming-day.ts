// A venue's gaming day (docs/product.md section 15): from its date at the venue's `day_starts_at` hour, in
// the venue's `time_zone`, to the same hour of the next date. The instants come from Intl, so a day with a
// clock change is 23 or 25 hours. No zod here: the web's first load takes these without the schemas.

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

/** The wall-clock time of `ms` in `zone`, as if it were UTC (so the difference to `ms` is the offset). */
function wallAsUtc(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClock(zone).formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** Instant `ms` on the wall clocks of `zone`, to the second: `2026-03-28 06:00:00`. */
export function wallClockText(ms: number, zone: string): string {
  return new Date(wallAsUtc(ms, zone)).toISOString().slice(0, 19).replace('T', ' ');
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

/** The date `days` after `date` (YYYY-MM-DD); a negative `days` goes back. */
function datePlus(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  return datePlus(date, 1);
}

/** The date before `date` (YYYY-MM-DD). */
export function previousDate(date: string): string {
  return datePlus(date, -1);
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
    ? previousDate(wallDate)
    : wallDate;
}

/**
 * The gaming day running at `nowMs` and the one before it, each with its instants: what the manager's
 * overview calls today and yesterday (the daily report's days, by the same rule).
 */
export function runningGamingDays(
  nowMs: number,
  venue: { time_zone: string; day_starts_at: number },
): { today: GamingDayWindow; yesterday: GamingDayWindow } {
  const day = gamingDayOf(nowMs, venue);
  const before = previousDate(day);
  return {
    today: { day, ...gamingDayBounds(day, venue) },
    yesterday: { day: before, ...gamingDayBounds(before, venue) },
  };
}

/** One gaming day: its date and its instants, `fromMs` included, `toMs` excluded. */
export interface GamingDayWindow {
  day: string;
  fromMs: number;
  toMs: number;
}
