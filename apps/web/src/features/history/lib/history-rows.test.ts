// The history page's rows: their type (a correction apart), the tabs' counts, filters and order.
import type { ReportEntry } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  countByType,
  DEFAULT_FILTERS,
  deviceOptions,
  isDefaultFilters,
  listedRows,
  operationAmount,
  operationType,
  sortRows,
} from './history-rows';

function entry(trx: string, device_id: number, delta: number, created_at: string): ReportEntry {
  return {
    device_id,
    device_name: device_id === 1 ? 'Rocket Game' : 'Fruit Game',
    place: 1,
    trx,
    created_at,
    currency: 'EUR',
    user_idx: 7,
    user_name: 'Demo Cashier',
    data: { total_in: Math.max(delta, 0), total_out: Math.max(-delta, 0) },
  };
}

// As the server answers: newest first; b and c share a millisecond (c was booked after b).
const rows = [
  entry('d', 2, -3_00, '2026-11-22T10:00:03.000Z'),
  entry('c', 1, 5_00, '2026-11-22T10:00:02.000Z'),
  entry('b', 2, 2_50, '2026-11-22T10:00:02.000Z'),
  entry('a', 1, -1_00, '2026-11-22T10:00:01.000Z'),
];
const trxs = (list: ReportEntry[]) => list.map((row) => row.trx);

describe('history rows', () => {
  it('tell deposits from withdraws, with a positive amount', () => {
    expect(operationType(rows[0]!)).toBe('withdraw');
    expect(operationAmount(rows[0]!)).toBe(3_00);
    expect(operationType(rows[1]!)).toBe('deposit');
    expect(operationAmount(rows[1]!)).toBe(5_00);
  });

  it('count the tabs All / Deposit / Withdraw', () => {
    expect(countByType(rows)).toEqual({ all: 4, deposit: 2, withdraw: 2 });
    expect(countByType([])).toEqual({ all: 0, deposit: 0, withdraw: 0 });
  });

  it("tell a manager's correction (it names the operation it reverses) from the cashier's own, listed under All only", () => {
    const correction = { ...entry('k', 1, -5_00, '2026-11-22T10:00:04.000Z'), corrects: 'c' };
    expect(operationType(correction)).toBe('correction');
    expect(operationAmount(correction)).toBe(5_00);
    const withIt = [correction, ...rows];
    expect(countByType(withIt)).toEqual({ all: 5, deposit: 2, withdraw: 2 });
    expect(trxs(listedRows(withIt, DEFAULT_FILTERS))).toContain('k');
    expect(trxs(listedRows(withIt, { ...DEFAULT_FILTERS, tab: 'withdraw' }))).not.toContain('k');
  });

  it('sort newest or oldest first, rows of the same moment in booking order', () => {
    expect(trxs(sortRows(rows, 'newest'))).toEqual(['d', 'c', 'b', 'a']);
    expect(trxs(sortRows(rows, 'oldest'))).toEqual(['a', 'b', 'c', 'd']);
    expect(trxs(sortRows([...rows].reverse(), 'newest'))).toEqual(['d', 'b', 'c', 'a']);
  });

  it('list one type of one device in the chosen order', () => {
    expect(trxs(listedRows(rows, DEFAULT_FILTERS))).toEqual(['d', 'c', 'b', 'a']);
    expect(trxs(listedRows(rows, { ...DEFAULT_FILTERS, tab: 'deposit' }))).toEqual(['c', 'b']);
    expect(trxs(listedRows(rows, { ...DEFAULT_FILTERS, tab: 'withdraw', sort: 'oldest' }))).toEqual([
      'a',
      'd',
    ]);
    expect(trxs(listedRows(rows, { tab: 'all', sort: 'oldest', deviceId: 2 }))).toEqual(['b', 'd']);
    expect(trxs(listedRows(rows, { tab: 'deposit', sort: 'newest', deviceId: 1 }))).toEqual(['c']);
    expect(listedRows(rows, { ...DEFAULT_FILTERS, deviceId: 99 })).toEqual([]);
  });

  it('know when the filters are at their defaults', () => {
    expect(isDefaultFilters(DEFAULT_FILTERS)).toBe(true);
    expect(isDefaultFilters({ ...DEFAULT_FILTERS, sort: 'oldest' })).toBe(false);
    expect(isDefaultFilters({ ...DEFAULT_FILTERS, deviceId: 1 })).toBe(false);
    expect(isDefaultFilters({ ...DEFAULT_FILTERS, tab: 'withdraw' })).toBe(false);
  });

  it('offer every listed device and every device the report names, once, by name', () => {
    const listed = [
      { id: 3, name: 'Rocket Game' },
      { id: 1, name: 'Rocket Game' },
    ];
    const phone = { ...entry('e', 9, 1_00, '2026-11-22T10:00:04.000Z'), device_name: 'Home play' };
    expect(deviceOptions(listed, [...rows, phone])).toEqual([
      { id: 2, name: 'Fruit Game' },
      { id: 9, name: 'Home play' },
      { id: 1, name: 'Rocket Game' },
      { id: 3, name: 'Rocket Game' },
    ]);
  });
});
