// A clock that moves only when a test says so: session expiry and sign-in locks without waiting.
import type { Clock } from '../../src/clock.js';

export class FakeClock implements Clock {
  constructor(private ms: number = Date.UTC(2026, 10, 22, 10, 0, 0)) {}

  now(): number {
    return this.ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  set(ms: number): void {
    this.ms = ms;
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
