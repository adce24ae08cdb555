// Sessions in the database, so every server instance accepts them and sign-out or a password change
// revokes them at once. The cookie carries a random token; only its sha-256 is stored, so a database
// leak does not leak live sessions (session-token.ts).
//
// Lifetime of a session (docs/security.md):
// - absolute: 24 h, or REMEMBER_ME_DAYS (30 days) with "remember me", counted from sign-in and stored
//   in `expires_at_ms`;
// - idle: config.session.idleMs, or rememberIdleMs with "remember me", counted from `last_seen_at_ms`.
// `last_seen_at_ms` is written at most once a minute per session (TOUCH_INTERVAL_MS): the web polls
// every 5 s and must not turn every poll into a write. Idle expiry is therefore exact to within a minute.
import { REMEMBER_ME_DAYS } from '@cashdesk/contract';
import type { Executor } from '../db/database.js';
import type { SessionRow } from '../db/schema.js';
import { hashSessionToken, isWellFormedToken, newSessionToken, type SessionCookie } from './session-token.js';

export type { SessionRow };

const HOUR_MS = 3_600_000;
export const ABSOLUTE_LIFETIME_MS = {
  normal: 24 * HOUR_MS,
  remember: REMEMBER_ME_DAYS * 24 * HOUR_MS,
} as const;
export const TOUCH_INTERVAL_MS = 60_000;

/** How long a session may stay unused; `config.session`. */
export interface IdlePolicy {
  idleMs: number;
  rememberIdleMs: number;
}

export function isSessionExpired(session: SessionRow, policy: IdlePolicy, nowMs: number): boolean {
  const idleMs = session.remember ? policy.rememberIdleMs : policy.idleMs;
  return nowMs >= session.expires_at_ms || nowMs - session.last_seen_at_ms >= idleMs;
}

/** Starts a session; returns the token for the cookie (never stored) and the stored row. */
export async function createSession(
  db: Executor,
  input: { userId: number; remember: boolean },
  nowMs: number,
): Promise<{ token: string; session: SessionRow }> {
  const token = newSessionToken();
  const session = await db
    .insertInto('sessions')
    .values({
      token_hash: hashSessionToken(token),
      user_id: input.userId,
      remember: input.remember ? 1 : 0,
      created_at_ms: nowMs,
      last_seen_at_ms: nowMs,
      expires_at_ms: nowMs + (input.remember ? ABSOLUTE_LIFETIME_MS.remember : ABSOLUTE_LIFETIME_MS.normal),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, session };
}

/**
 * The live session of a cookie's token, or null. An expired session is deleted when found; a live one
 * has its `last_seen_at_ms` moved forward when the last write is a minute old or more.
 */
export async function findActiveSession(
  db: Executor,
  { token, tokenHash }: SessionCookie,
  policy: IdlePolicy,
  nowMs: number,
): Promise<SessionRow | null> {
  if (!isWellFormedToken(token)) return null;
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!session) return null;
  if (isSessionExpired(session, policy, nowMs)) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (nowMs - session.last_seen_at_ms >= TOUCH_INTERVAL_MS) {
    // Not written: a concurrent call of this session wrote first. The time read stays: it is never later
    // than the stored one, which the auth cache relies on (auth-cache.ts).
    if (await touchSession(db, tokenHash, nowMs)) return { ...session, last_seen_at_ms: nowMs };
  }
  return session;
}

/**
 * Records use of a session. The condition makes concurrent requests of one session write once, and
 * never moves `last_seen_at_ms` backwards. True when it wrote (the stored time is now `nowMs`).
 */
export async function touchSession(db: Executor, tokenHash: string, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ last_seen_at_ms: nowMs })
    .where('token_hash', '=', tokenHash)
    .where('last_seen_at_ms', '<=', nowMs - TOUCH_INTERVAL_MS)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Locks (a time) or unlocks (null) the till of a session. Locking an already locked session keeps
 * the time it was first locked; unlocking also forgets the wrong passwords tried on its lock screen.
 * Returns the session as stored now, or undefined if it is gone.
 */
export async function setSessionLock(
  db: Executor,
  tokenHash: string,
  lockedAtMs: number | null,
): Promise<SessionRow | undefined> {
  return db
    .updateTable('sessions')
    .set((eb) =>
      lockedAtMs === null
        ? { locked_at_ms: null, unlock_failures: 0 }
        : { locked_at_ms: eb.fn.coalesce('locked_at_ms', eb.val(lockedAtMs)) },
    )
    .where('token_hash', '=', tokenHash)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Counts one unlock attempt of a session (before its password is checked, so parallel guesses cannot
 * all be checked); returns the count including this one, or undefined if the session is gone.
 */
export async function countUnlockAttempt(db: Executor, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .updateTable('sessions')
    .set((eb) => ({ unlock_failures: eb('unlock_failures', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .returning('unlock_failures')
    .executeTakeFirst();
  return row?.unlock_failures;
}

/** Ends the session with this token hash (too many wrong passwords on its lock screen). */
export async function deleteSessionByHash(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Revokes every session of a user, or every one but `exceptTokenHash` (the caller's own). */
export async function deleteUserSessions(
  db: Executor,
  userId: number,
  options: { exceptTokenHash?: string } = {},
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(options.exceptTokenHash !== undefined, (q) =>
      q.where('token_hash', '<>', options.exceptTokenHash ?? ''),
    )
    .execute();
}

/** How many sessions the user holds (the CLI says how many a password change revoked). */
export async function countUserSessions(db: Executor, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Deletes sessions that can no longer be used: past their absolute expiry, or idle for longer than
 * their kind allows. Sign-in runs it for the signing-in user, so abandoned sessions do not pile up;
 * without `userId` it sweeps the whole table (for a periodic job).
 */
export async function deleteExpiredSessions(
  db: Executor,
  policy: IdlePolicy,
  nowMs: number,
  userId?: number,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId ?? 0))
    .where((eb) =>
      eb.or([
        eb('expires_at_ms', '<=', nowMs),
        eb.and([eb('remember', '=', 0), eb('last_seen_at_ms', '<=', nowMs - policy.idleMs)]),
        eb.and([eb('remember', '=', 1), eb('last_seen_at_ms', '<=', nowMs - policy.rememberIdleMs)]),
      ]),
    )
    .execute();
}
