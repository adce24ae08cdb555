// Attempt throttling, stored in the database (table `sign_in_throttle`) so it holds across server
// processes and restarts. One mechanism for every secret a client may guess: passwords at sign-in (the
// policy below) and device PINs (devices/pin-guard.ts). Policies and figures: docs/security.md.
//
// Failed attempts are counted per key in a window that starts at the key's first failure (the policy's
// window, or the rule's own). The count starts over with a failure that comes a window's length after
// both the window's start and the end of the key's last lock: so waiting out the locks does not reset a
// key's count, and a doubling lock really reaches its cap. From a rule's threshold on, each failure locks its key; while any key of an attempt is
// locked the attempt is answered 429 `too many attempts` with `retry_after` (whole seconds, at least 1)
// without checking the secret, and is not counted, so knocking does not extend a lock.
//
// An attempt is counted as a failure BEFORE its secret is checked, in one transaction with the lock
// check, and taken back when the secret turns out right. Checking first and counting afterwards would let
// a burst of parallel guesses all pass the check.
//
// Sign-in (docs/security.md, "Sign-in throttling"):
//   pair:<login>|<ip>  from the 5th failure locked 30 s, doubling with each further one (60 s,
//                      120 s, ...), capped at 15 min. A successful sign-in clears the key.
//   ip:<ip>            a 1-minute window: from the 90th failure in it (any logins) locked 60 s, doubling
//                      up to 15 min. A growing delay for a flood, never reached by one probe a second
//                      (at most 60 in a window), so a venue behind one NAT address keeps signing in while
//                      someone in it sprays made-up logins.
//   login:<login>      a 24-hour window: from the 20th failure (any addresses) locked 60 s, doubling up
//                      to 30 min. It bounds the password checks of one login from any number of
//                      addresses to 71 in any 24 hours (NIST 800-63B asks fewer than 100; the arithmetic
//                      and its test: test/auth/sign-in-budget.test.ts), and a lock never outlasts an
//                      attack by more than 30 min. Its rows are kept past the window (ROWS_KEPT_BY_PREFIX).
//   device:<nonce>     a terminal that signed in as that login before (auth/device-cookie.ts): ONLY this
//                      key counts and locks its attempts, like a pair. A success clears it.
import { ERR, loginKey } from '@cashdesk/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import type { Clock } from '../clock.js';
import {
  giveBackThrottleAttempts,
  lockThrottleRows,
  purgeThrottleRows,
  writeThrottleRows,
  type KeyState,
} from './throttle.repository.js';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** How long a row is kept after its window and lock ended; no policy may have a longer window. */
export const THROTTLE_ROWS_KEPT_MS = 60 * 60_000;
/** The per-login key's window: its count bounds a login's password checks per day. */
export const LOGIN_WINDOW_MS = 24 * 60 * 60_000;
/**
 * Keys kept longer than THROTTLE_ROWS_KEPT_MS, by prefix (no `%` or `_` in it): a rule whose window is
 * longer than an hour must have its keys here, or the purge would start its count over early. Whichever
 * policy's attempt purges, it keeps these.
 */
export const ROWS_KEPT_BY_PREFIX: readonly { prefix: string; keptMs: number }[] = [
  { prefix: 'login:', keptMs: LOGIN_WINDOW_MS + THROTTLE_ROWS_KEPT_MS },
];
const LONGEST_KEPT_MS = Math.max(THROTTLE_ROWS_KEPT_MS, ...ROWS_KEPT_BY_PREFIX.map((p) => p.keptMs));

export interface ThrottleRule {
  /** The failure count (within the window) from which the key is locked. */
  threshold: number;
  /** Lock length after the `failures`-th failure, for failures >= threshold. */
  lockMs(failures: number): number;
  /** This key's window, if not the policy's. */
  windowMs?: number;
}

export interface ThrottlePolicy<K extends string> {
  windowMs: number;
  rules: Record<K, ThrottleRule>;
}

/** A rule locking `firstMs` at the threshold, doubling with each further failure, at most `capMs`. */
export function doublingRule(threshold: number, firstMs: number, capMs: number): ThrottleRule {
  return { threshold, lockMs: (n) => Math.min(firstMs * 2 ** Math.min(n - threshold, 30), capMs) };
}

export type SignInKind = 'pair' | 'ip' | 'login' | 'device';
/** Kept for the policy's readers: the kinds an unknown client's attempt is counted under. */
export type ThrottleKind = Exclude<SignInKind, 'device'>;

const MAX_LOCK_MS = 15 * 60_000;
export const SIGN_IN_POLICY: ThrottlePolicy<SignInKind> = {
  windowMs: THROTTLE_WINDOW_MS,
  rules: {
    pair: doublingRule(5, 30_000, MAX_LOCK_MS),
    ip: { ...doublingRule(90, 60_000, MAX_LOCK_MS), windowMs: 60_000 },
    login: { ...doublingRule(20, 60_000, 30 * 60_000), windowMs: LOGIN_WINDOW_MS },
    device: doublingRule(5, 30_000, MAX_LOCK_MS),
  },
};
export const THROTTLE_RULES = SIGN_IN_POLICY.rules;

export function throttleKeys(login: string, ip: string): Record<ThrottleKind, string> {
  // By the login's folded form: typing `ADMIN` or `admin ` must not be a fresh set of attempts.
  const key = loginKey(login);
  // An IP never contains '|', so a pair key cannot be mistaken for another login's.
  return { pair: `pair:${key}|${ip}`, ip: `ip:${ip}`, login: `login:${key}` };
}

export type { KeyState };

/** An attempt that passed the check; its failure is already counted. */
export interface ThrottleAttempt<K extends string = SignInKind> {
  keys: Partial<Record<K, string>>;
  /** What each key held before and after this attempt was counted, to take it back on success. */
  counted: { kind: K; key: string; before: KeyState; after: KeyState }[];
}

export type ThrottleDecision<K extends string = SignInKind> =
  { allowed: true; attempt: ThrottleAttempt<K> } | { allowed: false; retryAfterS: number };

/** The 429 of a refused attempt, with its Retry-After header. */
export function tooManyAttempts(reply: FastifyReply, retryAfterS: number): ApiError {
  reply.header('Retry-After', String(retryAfterS));
  return new ApiError(ERR.tooManyAttempts, { retry_after: retryAfterS });
}

/** Counts attempts under a policy's keys; see the top of this file. */
export class AttemptThrottle<K extends string> {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: ThrottlePolicy<K>,
  ) {
    const windows = Object.values<ThrottleRule>(policy.rules).map((rule) => rule.windowMs ?? 0);
    if (policy.windowMs > THROTTLE_ROWS_KEPT_MS || Math.max(...windows) > LONGEST_KEPT_MS) {
      throw new Error('throttle window longer than rows are kept');
    }
  }

  /**
   * Refuses while any of `keys` is locked; otherwise counts this attempt as a failure of each and returns
   * it, to be passed to `succeeded` if the secret is right.
   */
  async begin(keys: Partial<Record<K, string>>): Promise<ThrottleDecision<K>> {
    // Sorted, so concurrent attempts lock shared rows in one order and cannot deadlock. The keys of one
    // attempt are never equal (each kind has its own prefix).
    const entries = (Object.entries(keys) as [K, string | undefined][]).filter(
      (entry): entry is [K, string] => entry[1] !== undefined,
    );
    // Stryker disable next-line EqualityOperator: distinct-keys
    entries.sort((a, b) => (a[1] < b[1] ? -1 : 1));
    const now = this.clock.now();
    const { windowMs, rules } = this.policy;

    const decision = await this.db.kysely.transaction().execute(async (tx): Promise<ThrottleDecision<K>> => {
      const names = entries.map(([, key]) => key);
      const rows = await lockThrottleRows(tx, names, now);

      const lockedUntil = Math.max(0, ...rows.map((r) => r.locked_until_ms));
      if (lockedUntil > now) {
        return { allowed: false, retryAfterS: Math.max(1, Math.ceil((lockedUntil - now) / 1000)) };
      }

      const counted: ThrottleAttempt<K>['counted'] = [];
      for (const [kind, key] of entries) {
        const row = rows.find((r) => r.key === key);
        // Stryker disable next-line ConditionalExpression,StringLiteral: row-just-written
        if (!row) throw new Error(`throttle row ${key} vanished inside its transaction`);
        const before: KeyState = {
          failures: row.failures,
          window_started_at_ms: row.window_started_at_ms,
          locked_until_ms: row.locked_until_ms,
        };
        const rule = rules[kind];
        const windowOver =
          now - Math.max(row.window_started_at_ms, row.locked_until_ms) >= (rule.windowMs ?? windowMs);
        const failures = (windowOver ? 0 : row.failures) + 1;
        const after: KeyState = {
          failures,
          window_started_at_ms: windowOver ? now : row.window_started_at_ms,
          locked_until_ms: failures >= rule.threshold ? now + rule.lockMs(failures) : row.locked_until_ms,
        };
        counted.push({ kind, key, before, after });
      }
      await writeThrottleRows(
        tx,
        counted.map(({ key, after }) => ({ key, state: after })),
      );
      return { allowed: true, attempt: { keys, counted } };
    });

    await purgeThrottleRows(
      this.db.kysely,
      this.db.dialect,
      now - THROTTLE_ROWS_KEPT_MS,
      ROWS_KEPT_BY_PREFIX.map(({ prefix, keptMs }) => ({ prefix, cutoffMs: now - keptMs })),
    );
    return decision;
  }

  /**
   * The secret was right: the keys of the `clear` kinds are deleted, and every other key gets this
   * attempt back (its count, and a lock that this very attempt set).
   */
  async succeeded(attempt: ThrottleAttempt<K>, clear: readonly K[]): Promise<void> {
    const rows = attempt.counted.map(({ kind, key, before, after }) => ({
      key,
      before,
      after,
      clear: clear.includes(kind),
    }));
    await this.db.kysely.transaction().execute((tx) => giveBackThrottleAttempts(tx, rows));
  }
}

/** The sign-in policy: an unknown client by (login, address), a known terminal by its device cookie. */
export class SignInThrottle {
  private readonly throttle: AttemptThrottle<SignInKind>;

  constructor(db: Db, clock: Clock) {
    this.throttle = new AttemptThrottle(db, clock, SIGN_IN_POLICY);
  }

  /** An attempt of an unknown client: the pair, address and login keys. */
  begin(login: string, ip: string): Promise<ThrottleDecision> {
    return this.throttle.begin(throttleKeys(login, ip));
  }

  /**
   * An attempt from a terminal holding a valid device cookie for the login: only the cookie's own key,
   * so neither an attacker's lock on the login nor one on the address keeps it out.
   */
  beginKnownDevice(nonce: string): Promise<ThrottleDecision> {
    return this.throttle.begin({ device: `device:${nonce}` });
  }

  /** The password was right: the pair and device keys are cleared, address and login get it back. */
  succeeded(attempt: ThrottleAttempt): Promise<void> {
    return this.throttle.succeeded(attempt, ['pair', 'device']);
  }
}
