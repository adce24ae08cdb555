import { describe, expect, it } from 'vitest';
import { dayRange, localDay, offsetOf } from './day-range';

describe('day ranges', () => {
  it('runs from the first to the last second of the local days, with their offset', () => {
    const { from, to } = dayRange('2026-11-22', '2026-11-23');
    expect(from).toMatch(/^2026-11-22T00:00:00[+-]\d{2}:\d{2}$/);
    expect(to).toMatch(/^2026-11-23T23:59:59[+-]\d{2}:\d{2}$/);
    // The instants it names are the local midnight and the local last second.
    expect(new Date(from).getTime()).toBe(new Date(2026, 10, 22, 0, 0, 0).getTime());
    expect(new Date(to).getTime()).toBe(new Date(2026, 10, 23, 23, 59, 59).getTime());
  });

  it('writes offsets as ±HH:MM and days as the date input does', () => {
    expect(offsetOf(new Date())).toMatch(/^[+-]\d{2}:\d{2}$/);
    expect(localDay(new Date(2026, 0, 5, 12))).toBe('2026-01-05');
  });
});
