// Dates and times as the cashier types and reads them in a form field: day first (27.11.2026) and 24-hour
// times with seconds (23:59:59), as the app shows them everywhere, whatever the browser's locale
// (Chromium writes a native date or time input the browser's way, 11/27/2026 12:00:00 AM). The
// fields hold the same values as before, ISO days (2026-11-27) and HH:mm:ss, so what is sent is unchanged.

export type DayTimeKind = 'day' | 'time';

const pad = (n: number) => n.toString().padStart(2, '0');

/** The parts of a day (dd, mm, yyyy) and of a time (HH, mm, ss), each with its width and separator. */
const SHAPE: Record<DayTimeKind, { widths: readonly number[]; separator: string }> = {
  day: { widths: [2, 2, 4], separator: '.' },
  time: { widths: [2, 2, 2], separator: ':' },
};

/**
 * What the field shows as the cashier types or pastes: digits laid into the parts, the separator put in
 * when a part is full and the next digit comes (so backspace is never stuck behind one), a separator the
 * cashier typed ('/', '.', '-', ':' or a space) closing a short part (1/3/2026), digits past the last part
 * dropped. A pasted ISO day (2026-11-27) is turned around.
 */
export function maskDayTimeText(raw: string, kind: DayTimeKind): string {
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(raw);
  if (kind === 'day' && iso) return `${iso[3]}.${iso[2]}.${iso[1]}`;
  const { widths, separator } = SHAPE[kind];
  const parts = [''];
  for (const char of raw) {
    const last = parts.length - 1;
    const current = parts[last] ?? '';
    if (/\d/.test(char)) {
      if (current.length < (widths[last] ?? 0)) parts[last] = current + char;
      else if (last < widths.length - 1) parts.push(char);
    } else if (current !== '' && last < widths.length - 1) {
      parts.push('');
    }
  }
  return parts.join(separator);
}

/** "27.11.2026", "27/11/2026", "1.3.2026" or "27112026" -> "2026-11-27"; null for no such calendar day. */
export function parseDayText(text: string): string | null {
  const match =
    /^(\d{1,2})[./\- ](\d{1,2})[./\- ](\d{4})$/.exec(text.trim()) ??
    /^(\d{2})(\d{2})(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null; // 31.02, 29.02.2027
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** "2026-11-27" -> "27.11.2026"; anything else (a half-typed text) is shown as it is. */
export function formatDayText(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

/** "23:59:59", "9:05" (seconds 00) or "090500" -> "09:05:00"; null for no such time of a 24-hour day. */
export function parseTimeText(text: string): string | null {
  const trimmed = text.trim();
  const match =
    /^(\d{1,2})[:.\- ](\d{1,2})(?:[:.\- ](\d{1,2}))?$/.exec(trimmed) ??
    /^(\d{2})(\d{2})(\d{2})?$/.exec(trimmed);
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? '0')];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** The value a field holds for `text`: the ISO day or HH:mm:ss, '' for an empty field, else the text itself. */
export function dayTimeValue(text: string, kind: DayTimeKind): string {
  if (text.trim() === '') return '';
  return (kind === 'day' ? parseDayText(text) : parseTimeText(text)) ?? text;
}

/** The text reads as a day (or a time) of the kind: 27.11.2026, 1.3.2026, 23:59:59, 9:05. */
export function isDayTimeText(text: string, kind: DayTimeKind): boolean {
  return (kind === 'day' ? parseDayText(text) : parseTimeText(text)) !== null;
}

/** The text a field shows for a value: day first for an ISO day, HH:mm:ss as it is. */
export function dayTimeText(value: string, kind: DayTimeKind): string {
  return kind === 'day' ? formatDayText(value) : (parseTimeText(value) ?? value);
}

/** Every digit of the field typed: a text that is still not a day or a time is wrong, not half-written. */
export function isFullDayTimeText(text: string, kind: DayTimeKind): boolean {
  const { widths } = SHAPE[kind];
  return text.replace(/\D/g, '').length >= widths.reduce((sum, width) => sum + width, 0);
}
