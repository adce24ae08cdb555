import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  DAILY_REPORT_COLUMNS,
  dailyReportRows,
  gamingDay,
  gamingDayBounds,
  gamingDayOf,
  previousDate,
  runningGamingDays,
  timeZone,
  wallClockText,
  type DailyFigures,
  type DailyReport,
} from './index.js';

const HOUR = 3_600_000;
const berlin = { time_zone: 'Europe/Berlin', day_starts_at: 6 };
const iso = (ms: number) => new Date(ms).toISOString();

describe('a gaming day', () => {
  it('runs from its hour to the same hour of the next date, in the venue time zone', () => {
    const { fromMs, toMs } = gamingDayBounds('2026-07-10', berlin);
    expect([iso(fromMs), iso(toMs)]).toEqual(['2026-07-10T04:00:00.000Z', '2026-07-11T04:00:00.000Z']);
    const utcMidnight = gamingDayBounds('2026-07-10', { time_zone: 'UTC', day_starts_at: 0 });
    expect(iso(utcMidnight.fromMs)).toBe('2026-07-10T00:00:00.000Z');
    const saoPaulo = gamingDayBounds('2026-07-10', { time_zone: 'America/Sao_Paulo', day_starts_at: 23 });
    expect(iso(saoPaulo.fromMs)).toBe('2026-07-11T02:00:00.000Z');
  });

  it('lasts 23 hours when the clocks go forward and 25 when they go back', () => {
    const spring = gamingDayBounds('2026-03-28', berlin);
    expect((spring.toMs - spring.fromMs) / HOUR).toBe(23);
    const autumn = gamingDayBounds('2026-10-24', berlin);
    expect([iso(autumn.fromMs), iso(autumn.toMs)]).toEqual([
      '2026-10-24T04:00:00.000Z',
      '2026-10-25T05:00:00.000Z',
    ]);
    // Starting at an hour the clocks skip: the day starts when they jump (02:00 -> 03:00 on 29 March).
    const skipped = gamingDayBounds('2026-03-29', { time_zone: 'Europe/Berlin', day_starts_at: 2 });
    expect(iso(skipped.fromMs)).toBe('2026-03-29T01:00:00.000Z');
  });

  it('takes an instant before the day starts into the day before', () => {
    expect(gamingDayOf(Date.parse('2026-03-28T04:59:59.999Z'), berlin)).toBe('2026-03-27');
    expect(gamingDayOf(Date.parse('2026-03-28T05:00:00.000Z'), berlin)).toBe('2026-03-28');
    expect(gamingDayOf(Date.parse('2026-03-29T03:59:59.999Z'), berlin)).toBe('2026-03-28');
    expect(gamingDayOf(Date.parse('2026-03-29T04:00:00.000Z'), berlin)).toBe('2026-03-29');
  });

  it("names the day running now and the one before it, each with its instants (the overview's today)", () => {
    const madrid = { time_zone: 'Europe/Madrid', day_starts_at: 6 };
    // 06:00 in Madrid in winter is 05:00Z: a minute before, yesterday is still running.
    const before = runningGamingDays(Date.parse('2026-11-28T04:59:00.000Z'), madrid);
    expect(before.today.day).toBe('2026-11-27');
    expect(before.yesterday.day).toBe('2026-11-26');
    const after = runningGamingDays(Date.parse('2026-11-28T05:01:00.000Z'), madrid);
    expect(after.today).toEqual({
      day: '2026-11-28',
      fromMs: Date.parse('2026-11-28T05:00:00.000Z'),
      toMs: Date.parse('2026-11-29T05:00:00.000Z'),
    });
    expect(after.yesterday).toEqual({ day: '2026-11-27', ...gamingDayBounds('2026-11-27', madrid) });
    // The day after the clocks went back is 25 hours; the one before it ends where the next begins.
    const autumn = runningGamingDays(Date.parse('2026-10-25T12:00:00.000Z'), berlin);
    expect((autumn.yesterday.toMs - autumn.yesterday.fromMs) / HOUR).toBe(25);
    expect(autumn.yesterday.toMs).toBe(autumn.today.fromMs);
    expect(previousDate('2026-03-01')).toBe('2026-02-28');
    expect(previousDate('2000-01-01')).toBe('1999-12-31');
  });

  it('is a real date from 2000 on', () => {
    expect(gamingDay.safeParse('2026-02-28').success).toBe(true);
    for (const bad of ['2026-02-29', '2026-2-28', '28.02.2026', '1999-12-31', '']) {
      expect(gamingDay.safeParse(bad).success).toBe(false);
    }
  });

  it('ends at 9999-12-29, the last day every venue can write the end of', () => {
    expect(gamingDay.safeParse('9999-12-29').success).toBe(true);
    for (const late of ['9999-12-30', '9999-12-31']) {
      expect(gamingDay.safeParse(late).error?.issues.map((i) => i.message)).toEqual([
        'must be 9999-12-29 or earlier',
      ]);
    }
    // The latest end of its last day, anywhere: 23:00 at UTC-12 on the next date, still in year 9999.
    const latest = gamingDayBounds('9999-12-29', { time_zone: 'Etc/GMT+12', day_starts_at: 23 });
    expect(new Date(latest.toMs).toISOString()).toBe('9999-12-31T11:00:00.000Z');
    // And the earliest start of its first day: midnight at UTC+14.
    const earliest = gamingDayBounds('2000-01-01', { time_zone: 'Pacific/Kiritimati', day_starts_at: 0 });
    expect(new Date(earliest.fromMs).toISOString()).toBe('1999-12-31T10:00:00.000Z');
  });
});

describe('a time zone', () => {
  it('is an IANA name Intl knows, kept as Intl spells it', () => {
    expect(canonicalTimeZone('europe/lisbon')).toBe('Europe/Lisbon');
    expect(timeZone.parse('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', '', 'Europe/Lisbon; drop table', '../etc/passwd']) {
      expect(timeZone.safeParse(bad).success).toBe(false);
    }
  });
});

describe('a wall clock', () => {
  it("tells an instant as the venue's clocks show it, to the second, across a change of the clocks", () => {
    // Berlin springs forward at 01:00 UTC on 2026-03-29 (02:00 -> 03:00) and falls back on 2026-10-25.
    expect(wallClockText(Date.UTC(2026, 2, 29, 0, 59, 59, 999), 'Europe/Berlin')).toBe('2026-03-29 01:59:59');
    expect(wallClockText(Date.UTC(2026, 2, 29, 1), 'Europe/Berlin')).toBe('2026-03-29 03:00:00');
    expect(wallClockText(Date.UTC(2026, 9, 25, 0, 30), 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
    expect(wallClockText(Date.UTC(2026, 9, 25, 1, 30), 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
    expect(wallClockText(Date.UTC(2026, 0, 1, 0), 'Asia/Kathmandu')).toBe('2026-01-01 05:45:00');
    expect(wallClockText(Date.UTC(2026, 0, 1, 0), 'UTC')).toBe('2026-01-01 00:00:00');
  });
});

describe('the report as a table', () => {
  it('has one row per device and a total row, each cell under its column', () => {
    const figures: DailyFigures = {
      deposits: 2,
      deposit_total: 150_00,
      withdrawals: 1,
      withdrawal_total: 20_00,
      cash_outs: 1,
      cash_out_total: 30_00,
      corrections: 1,
      correction_total: -5_00,
      net: 95_00,
      operations: 4,
      first_trx: 'trx-first',
      first_at: '2026-03-28T05:00:00.000Z',
      last_trx: 'trx-last',
      last_at: '2026-03-28T09:00:00.000Z',
      approvals_requested: 3,
      approvals_approved: 1,
      approvals_declined: 1,
      approvals_expired: 1,
      approvals_withdrawn: 1,
      approvals_failed: 0,
      approvals_waiting_at_start: 1,
      approvals_waiting_at_end: 1,
    };
    const rows = dailyReportRows({
      devices: [{ device_id: 7, name: 'Cabinet 7', ...figures }],
      total: figures,
    } as DailyReport);
    expect(rows).toHaveLength(2);
    const cell = (row: number, column: (typeof DAILY_REPORT_COLUMNS)[number]) =>
      rows[row]![DAILY_REPORT_COLUMNS.indexOf(column)];
    expect(rows[0]).toHaveLength(DAILY_REPORT_COLUMNS.length);
    expect(cell(0, 'device')).toBe('Cabinet 7');
    expect(cell(0, 'net')).toEqual({ cents: 95_00 });
    expect(cell(0, 'correction_total')).toEqual({ cents: -5_00 });
    expect(cell(0, 'approvals_expired')).toBe(1);
    expect(cell(0, 'approvals_withdrawn')).toBe(1);
    expect(cell(0, 'approvals_waiting_at_end')).toBe(1);
    expect(cell(1, 'device')).toBe('total');
  });
});
