// Test helper: every test of the file runs at the same wall-clock moment (only Date is faked, so timers
// and promises run as usual), and the stubbed globals are put back after each test.
import { afterEach, beforeEach, vi } from 'vitest';

export function runAtFixedTime(iso: string): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
