import { describe, expect, it } from 'vitest';
import { transferProblem } from './transfer';

const FROM = { device_id: 12, place: 1, entries: 50_00 };

describe('a transfer between seats, checked on the till', () => {
  it.each([
    ['no seat to go to', { to: null, amount: 10_00 }, 'noTarget'],
    ['the seat it leaves', { to: { device_id: 12, place: 1 }, amount: 10_00 }, 'sameSeat'],
    ['no amount', { to: { device_id: 12, place: 2 }, amount: 0 }, 'noAmount'],
    ['not an amount', { to: { device_id: 12, place: 2 }, amount: null }, 'noAmount'],
    ['more than the seat holds', { to: { device_id: 14, place: 1 }, amount: 50_01 }, 'tooMuch'],
    ['the whole seat to another device', { to: { device_id: 14, place: 1 }, amount: 50_00 }, null],
    ['part of it to another place of the same device', { to: { device_id: 12, place: 3 }, amount: 1 }, null],
  ] as const)('%s', (_name, given, problem) => {
    expect(transferProblem({ from: FROM, ...given })).toBe(problem);
  });
});
