import { describe, expect, it } from 'vitest';
import {
  dayTimeText,
  dayTimeValue,
  formatDayText,
  isDayTimeText,
  isFullDayTimeText,
  maskDayTimeText,
  parseDayText,
  parseTimeText,
} from './day-time-text';

describe('day and time texts, day first and 24-hour', () => {
  it('formats an ISO day day first and parses it back', () => {
    for (const day of ['2024-12-18', '2026-01-01', '2026-11-27', '2026-12-31', '2028-02-29']) {
      expect(parseDayText(formatDayText(day))).toBe(day);
    }
    expect(formatDayText('2026-11-27')).toBe('27.11.2026');
  });

  it('reads a day written with slashes, dashes, short parts or digits only', () => {
    expect(parseDayText('27/11/2026')).toBe('2026-11-27');
    expect(parseDayText('27-11-2026')).toBe('2026-11-27');
    expect(parseDayText('1.3.2026')).toBe('2026-03-01');
    expect(parseDayText('27112026')).toBe('2026-11-27');
  });

  it('refuses days that do not exist and US month-first dates past the 12th', () => {
    expect(parseDayText('29.02.2028')).toBe('2028-02-29');
    expect(parseDayText('29.02.2027')).toBeNull();
    expect(parseDayText('29.02.2100')).toBeNull(); // a century, not a leap year
    expect(parseDayText('29.02.2000')).toBe('2000-02-29');
    expect(parseDayText('31.04.2026')).toBeNull();
    expect(parseDayText('00.01.2026')).toBeNull();
    expect(parseDayText('11/27/2026')).toBeNull();
    expect(parseDayText('27.11.26')).toBeNull();
    expect(parseDayText('')).toBeNull();
  });

  it('reads 24-hour times, seconds optional, and refuses the rest', () => {
    expect(parseTimeText('23:59:59')).toBe('23:59:59');
    expect(parseTimeText('9:05')).toBe('09:05:00');
    expect(parseTimeText('000000')).toBe('00:00:00');
    expect(parseTimeText('24:00:00')).toBeNull();
    expect(parseTimeText('12:60')).toBeNull();
    expect(parseTimeText('12:00:00 AM')).toBeNull();
    expect(parseTimeText('12')).toBeNull();
  });

  it('masks digits into the parts as they are typed, the separator coming with the next digit', () => {
    const typed = (keys: string, kind: 'day' | 'time') =>
      [...keys].reduce((text, key) => maskDayTimeText(text + key, kind), '');
    expect(typed('27112026', 'day')).toBe('27.11.2026');
    expect(maskDayTimeText('27', 'day')).toBe('27');
    expect(maskDayTimeText('271', 'day')).toBe('27.1');
    expect(maskDayTimeText('27.', 'day')).toBe('27.'); // backspace from "27.1" is not stuck
    expect(maskDayTimeText('1/3/2026', 'day')).toBe('1.3.2026');
    expect(maskDayTimeText('27.11.20261', 'day')).toBe('27.11.2026');
    expect(maskDayTimeText('2026-11-27', 'day')).toBe('27.11.2026');
    expect(typed('093000', 'time')).toBe('09:30:00');
    expect(maskDayTimeText('9:5', 'time')).toBe('9:5');
    expect(maskDayTimeText('ab', 'time')).toBe('');
  });

  it('holds the ISO value of a good text, the text of a bad one, and tells a fully typed text', () => {
    expect(dayTimeValue('27.11.2026', 'day')).toBe('2026-11-27');
    expect(dayTimeValue('31.11.2026', 'day')).toBe('31.11.2026');
    expect(dayTimeValue('  ', 'day')).toBe('');
    expect(dayTimeValue('9:05', 'time')).toBe('09:05:00');
    expect(dayTimeText('2026-11-27', 'day')).toBe('27.11.2026');
    expect(dayTimeText('09:05', 'time')).toBe('09:05:00');
    expect(isFullDayTimeText('31.11.2026', 'day')).toBe(true);
    expect(isFullDayTimeText('31.11.20', 'day')).toBe(false);
    expect(isFullDayTimeText('25:00:00', 'time')).toBe(true);
  });

  it('tells a text that reads as a day or a time, whether or not it is written as its value', () => {
    expect(isDayTimeText('00:00:00', 'time')).toBe(true);
    expect(isDayTimeText('23:59:59', 'time')).toBe(true);
    expect(isDayTimeText('9:05', 'time')).toBe(true);
    expect(isDayTimeText('24:00:00', 'time')).toBe(false);
    expect(isDayTimeText('23:', 'time')).toBe(false);
    expect(isDayTimeText('27.11.2026', 'day')).toBe(true);
    expect(isDayTimeText('31.11.2026', 'day')).toBe(false);
    expect(isDayTimeText('27.11.2026', 'time')).toBe(false);
  });
});
