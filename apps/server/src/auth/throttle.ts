// Sign-in throttling, stored in the database (table `sign_in_throttle`) so it holds across server
// processes and restarts. Policy (also in docs/security.md):
//
// Failed password checks are counted per key in a 15-minute window that starts at the key's first
// failure. The count starts over with a failure that comes 15 minutes after both the window's start
// and the end of the key's last lock: so waiting out the locks does not reset a key's count, and the
// doubling below really reaches its 15-minute cap (30+60+120+240+480 s of locks already outlast one
// plain 15-minute window).
//   pair:<login>|<ip>  from the 5th failure locked 30 s, doubling with each further one (60 s,
//                      120 s, ...), capped at 15 min. A successful sign-in clears the key.
//   ip:<ip>            from the 30th failure (any logins) locked 15 min: one address spraying logins.
//   login:<login>      from the 20th failure (any addresses) locked only 60 s: enough to slow a
//                      distributed guesser down, too short to lock the real cashier out for long.
// While any of the three keys is locked the attempt is answered 429 `too many attempts` with
// `retry_after` (whole seconds, at least 1) without checking the password, and is not counted.
//
// An attempt is counted as a failure BEFORE its password is checked, in one transaction with the lock
// check, and taken back when the password turns out right. Checking first and counting after the
// ~50 ms Argon2 verification would let a burst of parallel guesses all pass the check.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Clock } from '../ledger/ledger.service.js';

export const THROTTLE_WINDOW_MS = 15 * 60_000;

export type ThrottleKind = 'pair' | 'ip' | 'login';

interface Rule {
  /** The failure count (within the window) from which the key is locked. */
  threshold: number;
  /** Lock length after the `failures`-th failure, for failures >= threshold. */
  lockMs(failures: number): number;
}

const MAX_LOCK_MS = 15 * 60_000;
export const THROTTLE_RULES: Record<ThrottleKind, Rule> = {
  pair: { threshold: 5, lockMs: (n) => Math.min(30_000 * 2 ** Math.min(n - 5, 20), MAX_LOCK_MS) },
  ip: { threshold: 30, lockMs: () => MAX_LOCK_MS },
  login: { threshold: 20, lockMs: () => 60_000 },
};

export function throttleKeys(login: string, ip: string): Record<ThrottleKind, string> {
  // An IP never contains '|', so a pair key cannot be mistaken for another login's.
  return { pair: `pair:${login}|${ip}`, ip: `ip:${ip}`, login: `login:${login}` };
}

interface KeyState {
  failures: number;
  window_started_at_ms: number;
  locked_until_ms: number;
}

/** An attempt that passed the check; its failure is already counted. */
export interface ThrottleAttempt {
  keys: Record<ThrottleKind, string>;
  /** What each key held before and after this attempt was counted, to take it back on success. */
  counted: { kind: ThrottleKind; key: string; before: KeyState; after: KeyState }[];
}

export type ThrottleDecision =
  { allowed: true; attempt: ThrottleAttempt } | { allowed: false; retryAfterS: number };

export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Refuses while any key of (login, ip) is locked; otherwise counts this attempt as a failure and
   * returns it, to be passed to `succeeded` if the password is right.
   */
  async begin(login: string, ip: string): Promise<ThrottleDecision> {
    const keys = throttleKeys(login, ip);
    // Sorted, so concurrent attempts lock shared rows in one order and cannot deadlock.
    const entries = (Object.entries(keys) as [ThrottleKind, string][]).sort((a, b) =>
      a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0,
    );
    const now = this.clock.now();

    const decision = await this.db.kysely.transaction().execute(async (tx): Promise<ThrottleDecision> => {
      // Rows must exist before they can be locked; a fresh row counts nothing yet.
      await tx
        .insertInto('sign_in_throttle')
        .values(
          entries.map(([, key]) => ({ key, failures: 0, window_started_at_ms: now, locked_until_ms: 0 })),
        )
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      // SQLite transactions here begin IMMEDIATE (one writer at a time); PostgreSQL needs row locks.
      const rows = await tx
        .selectFrom('sign_in_throttle')
        .selectAll()
        .where(
          'key',
          'in',
          entries.map(([, key]) => key),
        )
        .orderBy('key')
        .$if(this.db.dialect === 'postgres', (q) => q.forUpdate())
        .execute();

      const lockedUntil = Math.max(0, ...rows.map((r) => r.locked_until_ms));
      if (lockedUntil > now) {
        return {
          allowed: false,
          retryAfterS: Math.max(1, Math.ceil((lockedUntil - now) / 1000)),
        };
      }

      const counted: ThrottleAttempt['counted'] = [];
      for (const [kind, key] of entries) {
        const row = rows.find((r) => r.key === key);
        if (!row) throw new Error(`throttle row ${key} vanished inside its transaction`);
        const before: KeyState = {
          failures: row.failures,
          window_started_at_ms: row.window_started_at_ms,
          locked_until_ms: row.locked_until_ms,
        };
        const windowOver =
          now - Math.max(row.window_started_at_ms, row.locked_until_ms) >= THROTTLE_WINDOW_MS;
        const failures = (windowOver ? 0 : row.failures) + 1;
        const rule = THROTTLE_RULES[kind];
        const after: KeyState = {
          failures,
          window_started_at_ms: windowOver ? now : row.window_started_at_ms,
          locked_until_ms: failures >= rule.threshold ? now + rule.lockMs(failures) : row.locked_until_ms,
        };
        await tx.updateTable('sign_in_throttle').set(after).where('key', '=', key).execute();
        counted.push({ kind, key, before, after });
      }
      return { allowed: true, attempt: { keys, counted } };
    });

    await this.purgeStale(now);
    return decision;
  }

  /**
   * The password was right: the pair key is cleared, and the ip and login keys get this attempt back
   * (its count, and a lock that this very attempt set).
   */
  async succeeded(attempt: ThrottleAttempt): Promise<void> {
    await this.db.kysely.transaction().execute(async (tx) => {
      await tx.deleteFrom('sign_in_throttle').where('key', '=', attempt.keys.pair).execute();
      for (const { kind, key, before, after } of attempt.counted) {
        if (kind === 'pair') continue;
        await tx
          .updateTable('sign_in_throttle')
          .set({
            failures: sql<number>`case when failures > 0 then failures - 1 else 0 end`,
            locked_until_ms: sql<number>`case when locked_until_ms = ${after.locked_until_ms}
              then ${before.locked_until_ms} else locked_until_ms end`,
          })
          // A window started since belongs to later attempts: leave it alone.
          .where('key', '=', key)
          .where('window_started_at_ms', '=', after.window_started_at_ms)
          .execute();
      }
    });
  }

  /**
   * Drops rows whose count would start over anyway (see the policy above), so logins sprayed by an
   * attacker do not pile up.
   * On PostgreSQL it skips rows another attempt holds, so it never waits on (or deadlocks with) one.
   */
  private async purgeStale(now: number): Promise<void> {
    const cutoff = now - THROTTLE_WINDOW_MS;
    const stale = sql`window_started_at_ms <= ${cutoff} and locked_until_ms <= ${cutoff}`;
    if (this.db.dialect === 'postgres') {
      await sql`delete from sign_in_throttle where key in (
        select key from sign_in_throttle where ${stale} for update skip locked)`.execute(this.db.kysely);
    } else {
      await sql`delete from sign_in_throttle where ${stale}`.execute(this.db.kysely);
    }
  }
}
