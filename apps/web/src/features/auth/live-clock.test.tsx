import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { formatClock, formatGmtOffset, LiveClock } from './live-clock';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function at(hours: number, minutes: number, seconds: number, timezoneOffsetMin: number): Date {
  const date = new Date(2026, 0, 15, hours, minutes, seconds);
  vi.spyOn(date, 'getTimezoneOffset').mockReturnValue(timezoneOffsetMin);
  return date;
}

describe('formatClock', () => {
  it.each([
    [[14, 3, 7, -60], '14:03:07 (GMT+01:00)'],
    [[0, 0, 0, 0], '00:00:00 (GMT+00:00)'],
    [[23, 59, 59, 300], '23:59:59 (GMT-05:00)'],
    [[9, 5, 1, -330], '09:05:01 (GMT+05:30)'],
    [[9, 5, 1, 570], '09:05:01 (GMT-09:30)'],
  ] as const)('%j -> %s', ([h, m, s, offset], text) => {
    expect(formatClock(at(h, m, s, offset))).toBe(text);
  });

  it('takes the offset of the date itself (daylight saving time)', () => {
    expect(formatGmtOffset(at(12, 0, 0, -120))).toBe('GMT+02:00');
  });
});

describe('LiveClock', () => {
  it('moves on every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 0, 15, 10, 0, 0));
    renderWithProviders(<LiveClock />);
    expect(screen.getByText(/^10:00:00 \(GMT[+-]\d\d:\d\d\)$/)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText(/^10:00:01 /)).toBeTruthy();
  });
});
