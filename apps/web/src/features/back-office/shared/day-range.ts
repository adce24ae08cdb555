// Date inputs give local calendar days ("2026-11-22"); the API takes times with their UTC offset. A day
// runs from 00:00:00 to 23:59:59 local time, with the offset that day has (summer time included).

const pad = (n: number) => String(n).padStart(2, '0');

/** "+05:30" for a date whose local clock is 5 h 30 ahead of UTC. */
export function offsetOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Today as the date input shows it. */
export function localDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function atLocal(day: string, time: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number];
  return `${day}T${time}${offsetOf(new Date(y, m - 1, d, hh, mm, ss))}`;
}

/** From the start of `fromDay` to the end of `toDay`, local time. */
export function dayRange(fromDay: string, toDay: string): { from: string; to: string } {
  return { from: atLocal(fromDay, '00:00:00'), to: atLocal(toDay, '23:59:59') };
}

export const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
