// The app's clock: every rule that reads the time (expiry, locks, trx timestamps) asks it, so tests can
// move time (test/helpers/clock.ts) without waiting. Built into the app's context (context.ts).
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
