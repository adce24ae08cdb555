import { describe, expect, it } from 'vitest';
import { limitOutcome } from './limit-form';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const LATER = '2026-11-30T12:00:00.000Z';

describe('what a limit answer tells the cashier', () => {
  it('a raise waits for its cooling-off: from when', () => {
    expect(limitOutcome(900_00, { limit_raise: { daily_limit: 900_00, at: LATER } }, NOW)).toEqual({
      key: 'limit.raised',
      at: LATER,
    });
  });
  it('a lower limit is in force at once', () => {
    expect(limitOutcome(100_00, { limit_raise: null }, NOW)).toEqual({ key: 'limit.lowered' });
    expect(limitOutcome(100_00, {}, NOW)).toEqual({ key: 'limit.lowered' });
  });
  it("the venue's limit: now, or after the cooling-off when it is higher", () => {
    expect(limitOutcome(null, { limit_raise: null }, NOW)).toEqual({ key: 'limit.venue' });
    expect(limitOutcome(null, { limit_raise: { daily_limit: 0, at: LATER } }, NOW)).toEqual({
      key: 'limit.venueLater',
      at: LATER,
    });
  });
});
