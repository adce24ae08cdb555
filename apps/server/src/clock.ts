// The app's clock: every rule that reads the time (expiry, locks, trx timestamps) asks it, so tests can
// move time (test/helpers/clock.ts) without waiting. Built into the app's context (context.ts).
export interface Clock {
  now(): number;
}

// Date.now itself, not a function around it: a call of the app's clock goes straight to the runtime.
export const systemClock: Clock = { now: Date.now };
