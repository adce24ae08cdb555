import { EARLIEST_HISTORY_DATE, GMT_OFFSETS } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  withOffset,
  dateAt,
  dateBounds,
  defaultOffset,
  defaultRange,
  normalizeTime,
  offsetMinutes,
  rangeProblem,
  reportBounds,
  type ReportRange,
} from './range';
import { formatPeriod, offsetLabel } from './range-format';

/** 22 Nov 2026, 23:30 UTC: already the 23rd east of UTC+01:00, still the 22nd west of it. */
const NOW = Date.UTC(2026, 10, 22, 23, 30, 0);

/** A Date whose getTimezoneOffset() is that of a zone `minutesEast` of UTC. */
function inZone(minutesEast: number): Date {
  const date = new Date(NOW);
  date.getTimezoneOffset = () => -minutesEast;
  return date;
}

const range = (patch: Partial<ReportRange> = {}): ReportRange => ({
  offset: '+01:00',
  fromDate: '2026-11-01',
  fromTime: '00:00:00',
  toDate: '2026-11-22',
  toTime: '23:59:59',
  ...patch,
});

describe('the 25 GMT offsets', () => {
  it('run from GMT-12 to GMT+12 in whole hours, written like +01:00', () => {
    expect(GMT_OFFSETS).toHaveLength(25);
    expect(GMT_OFFSETS[0]).toBe('-12:00');
    expect(GMT_OFFSETS[12]).toBe('+00:00');
    expect(GMT_OFFSETS[13]).toBe('+01:00');
    expect(GMT_OFFSETS[24]).toBe('+12:00');
    expect(GMT_OFFSETS.map(offsetMinutes)).toEqual(Array.from({ length: 25 }, (_, i) => (i - 12) * 60));
    expect(offsetLabel('-05:00')).toBe('GMT-05:00');
  });

  it("default to the browser's own offset when it is one of them, else to UTC", () => {
    expect(defaultOffset(inZone(60))).toBe('+01:00');
    expect(defaultOffset(inZone(-300))).toBe('-05:00');
    expect(defaultOffset(inZone(12 * 60))).toBe('+12:00');
    expect(defaultOffset(inZone(330))).toBe('+00:00'); // India: not a whole hour
    expect(defaultOffset(inZone(13 * 60))).toBe('+00:00'); // Tonga: outside the list
  });
});

describe('dates', () => {
  it('take today on the wall clocks of the chosen offset', () => {
    expect(dateAt('+00:00', NOW)).toBe('2026-11-22');
    expect(dateAt('+01:00', NOW)).toBe('2026-11-23');
    expect(dateAt('-12:00', NOW)).toBe('2026-11-22');
    expect(dateBounds('+12:00', NOW)).toEqual({ min: '2024-12-18', max: '2026-11-23' });
    expect(EARLIEST_HISTORY_DATE).toBe('2024-12-18');
  });

  it('default to today, 00:00:00 to 23:59:59', () => {
    expect(defaultRange(NOW, '+01:00')).toEqual({
      offset: '+01:00',
      fromDate: '2026-11-23',
      fromTime: '00:00:00',
      toDate: '2026-11-23',
      toTime: '23:59:59',
    });
    expect(defaultRange(NOW, '-03:00').fromDate).toBe('2026-11-22');
  });
});

describe('withOffset: today follows the chosen offset', () => {
  // 2026-11-27 22:30 at GMT-05:00 (a US browser) is 2026-11-28 06:30 at GMT+03:00: already tomorrow there.
  const lateEveningInNewYork = Date.UTC(2026, 10, 28, 3, 30);

  it("moves today's range to today on the new offset's wall clocks, across midnight", () => {
    const usToday = defaultRange(lateEveningInNewYork, '-05:00');
    expect(usToday.fromDate).toBe('2026-11-27');
    expect(withOffset(usToday, '+03:00', lateEveningInNewYork)).toEqual({
      offset: '+03:00',
      fromDate: '2026-11-28',
      fromTime: '00:00:00',
      toDate: '2026-11-28',
      toTime: '23:59:59',
    });
    // And back: today at -05:00 is the day before, and nothing stays past it.
    const back = withOffset(
      withOffset(usToday, '+03:00', lateEveningInNewYork),
      '-05:00',
      lateEveningInNewYork,
    );
    expect([back.fromDate, back.toDate]).toEqual(['2026-11-27', '2026-11-27']);
  });

  it('keeps the date when both offsets share it, and keeps other dates and the times as written', () => {
    const noon = Date.UTC(2026, 10, 27, 12, 0);
    const range = {
      offset: '+01:00',
      fromDate: '2026-11-20',
      fromTime: '08:00:00',
      toDate: '2026-11-27',
      toTime: '18:00',
    };
    expect(withOffset(range, '+03:00', noon)).toEqual({ ...range, offset: '+03:00' });
    // Late at UTC: at -12:00 it is still the 27th, at +14:00 already the 28th.
    const late = Date.UTC(2026, 10, 27, 23, 0);
    const utcToday = defaultRange(late, '+00:00');
    expect(withOffset(utcToday, '+14:00', late).toDate).toBe('2026-11-28');
    expect(withOffset(utcToday, '-12:00', late).toDate).toBe('2026-11-27');
  });

  it('pulls a date past the new today back to it', () => {
    const early = Date.UTC(2026, 10, 28, 1, 0); // the 28th at +03:00, still the 27th at -05:00
    const range = {
      offset: '+03:00',
      fromDate: '2026-11-26',
      fromTime: '00:00:00',
      toDate: '2026-11-28',
      toTime: '23:59:59',
    };
    expect(withOffset(range, '-05:00', early)).toMatchObject({
      fromDate: '2026-11-26',
      toDate: '2026-11-27',
    });
  });
});

describe('rangeProblem: Save and submit stay disabled until every field is set and valid', () => {
  it('accepts a complete range inside the bounds', () => {
    expect(rangeProblem(range(), NOW)).toBeNull();
    expect(rangeProblem(range({ fromDate: '2024-12-18', toDate: '2026-11-23' }), NOW)).toBeNull();
    expect(rangeProblem(range({ fromTime: '08:15', toTime: '08:15', toDate: '2026-11-01' }), NOW)).toBeNull();
  });

  it.each(['offset', 'fromDate', 'fromTime', 'toDate', 'toTime'] as const)('wants %s', (field) => {
    expect(rangeProblem(range({ [field]: '' }), NOW)).toBe('incomplete');
  });

  it.each([
    ['an offset outside the list', { offset: '+05:30' }],
    ['a date that does not exist', { fromDate: '2026-02-30' }],
    ['a time that does not exist', { toTime: '24:00:00' }],
    ['a time without seconds digits', { fromTime: '7:00' }],
  ])('refuses %s', (_what, patch) => {
    expect(rangeProblem(range(patch), NOW)).toBe('invalid');
  });

  it('refuses dates before 2024-12-18 and after today at the chosen offset', () => {
    expect(rangeProblem(range({ fromDate: '2024-12-17' }), NOW)).toBe('outOfBounds');
    expect(rangeProblem(range({ toDate: '2026-11-24' }), NOW)).toBe('outOfBounds');
    // The 23rd is today at +01:00 but tomorrow at -01:00.
    expect(rangeProblem(range({ toDate: '2026-11-23' }), NOW)).toBeNull();
    expect(rangeProblem(range({ offset: '-01:00', toDate: '2026-11-23' }), NOW)).toBe('outOfBounds');
  });

  it('refuses a from after the to, to the second', () => {
    const sameDay = { fromDate: '2026-11-10', toDate: '2026-11-10' };
    expect(rangeProblem(range({ ...sameDay, fromTime: '10:00:01', toTime: '10:00:00' }), NOW)).toBe(
      'fromAfterTo',
    );
    expect(rangeProblem(range({ ...sameDay, fromTime: '10:00:00', toTime: '10:00:00' }), NOW)).toBeNull();
    expect(rangeProblem(range({ fromDate: '2026-11-11', toDate: '2026-11-10' }), NOW)).toBe('fromAfterTo');
  });
});

describe("the request's from and to", () => {
  it('are local date-times with the chosen offset', () => {
    expect(reportBounds(range())).toEqual({
      from: '2026-11-01T00:00:00+01:00',
      to: '2026-11-22T23:59:59+01:00',
    });
    expect(reportBounds(range({ offset: '-12:00', fromTime: '06:30', toTime: '18:45:09' }))).toEqual({
      from: '2026-11-01T06:30:00-12:00',
      to: '2026-11-22T18:45:09-12:00',
    });
  });

  it('name the same instants as the wall-clock times at that offset', () => {
    const { from, to } = reportBounds(range({ offset: '+03:00' }));
    expect(new Date(from).toISOString()).toBe('2026-10-31T21:00:00.000Z');
    expect(new Date(to).toISOString()).toBe('2026-11-22T20:59:59.000Z');
  });

  it('are never made from an unset time', () => {
    expect(() => reportBounds(range({ toTime: '' }))).toThrow();
  });
});

describe('times and periods on screen', () => {
  it('normalise a time field to HH:mm:ss', () => {
    expect(normalizeTime('09:05')).toBe('09:05:00');
    expect(normalizeTime('23:59:59')).toBe('23:59:59');
    expect(normalizeTime('23:60')).toBeNull();
    expect(normalizeTime('')).toBeNull();
  });

  it('read a period as DD.MM.YYYY HH:mm:ss – DD.MM.YYYY HH:mm:ss', () => {
    expect(formatPeriod(range({ fromTime: '08:00' }))).toBe('01.11.2026 08:00:00 – 22.11.2026 23:59:59');
  });
});
