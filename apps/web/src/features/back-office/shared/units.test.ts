import { describe, expect, it } from 'vitest';
import { formatDateTime, parsePercentToBps, parseUnits, percentText, unitsText } from './units';

describe('units in the console forms', () => {
  it.each([
    ['250', 25000],
    ['12.5', 1250],
    ['12,50', 1250],
    [' 0.01 ', 1],
    ['0', 0],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseUnits(text)).toBe(cents);
  });

  it.each(['', '-5', '1.234', 'abc', '1e3'])('refuses %j', (text) => {
    expect(parseUnits(text)).toBeNull();
  });

  it('reads a percentage as basis points, at most 100 %', () => {
    expect(parsePercentToBps('10')).toBe(1000);
    expect(parsePercentToBps('2.5')).toBe(250);
    expect(parsePercentToBps('100.01')).toBeNull();
    expect(percentText(1000)).toBe('10.00');
    expect(unitsText(-5)).toBe('-0.05');
  });

  it('shows local date and time', () => {
    const iso = new Date(2026, 10, 22, 9, 5, 7).toISOString();
    expect(formatDateTime(iso)).toBe('2026-11-22 09:05:07');
  });
});
