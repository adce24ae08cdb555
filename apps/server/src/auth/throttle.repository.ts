// Queries of the attempt throttle (table `sign_in_throttle`, auth/throttle.ts): one row per key with its
// failure count, when its window started and until when it is locked.
import { sql, type Selectable } from 'kysely';
import type { DialectName, Executor } from '../db/database.js';
import type { SignInThrottleTable } from '../db/schema.js';

export type ThrottleRow = Selectable<SignInThrottleTable>;
export type KeyState = Omit<ThrottleRow, 'key'>;

/**
 * The rows of `keys`, created where missing (a fresh row counts nothing), each locked for the rest of the
 * transaction, in one statement: an insert that, on a key already there, locks it by a no-op update. On
 * PostgreSQL it waits for a transaction deleting or inserting that key and then takes what remains, so a
 * key deleted meanwhile by a right attempt is written again; locks go in key order (the caller sorts), so
 * attempts never deadlock. SQLite transactions here begin IMMEDIATE: one writer at a time.
 */
export async function lockThrottleRows(
  db: Executor,
  keys: readonly string[],
  nowMs: number,
): Promise<ThrottleRow[]> {
  return db
    .insertInto('sign_in_throttle')
    .values(keys.map((key) => ({ key, failures: 0, window_started_at_ms: nowMs, locked_until_ms: 0 })))
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ key: eb.ref('excluded.key') })))
    .returningAll()
    .execute();
}

/** Writes each key's state, one statement a key, in the order given (the rows' lock order). */
export async function writeThrottleRows(
  db: Executor,
  rows: readonly { key: string; state: KeyState }[],
): Promise<void> {
  for (const { key, state } of rows) {
    await db.updateTable('sign_in_throttle').set(state).where('key', '=', key).execute();
  }
}

/**
 * Takes one counted attempt back from each key, in the order given (the rows' lock order): a key to
 * `clear` is deleted; any other gets one failure less, and the lock the attempt set (if it set one)
 * undone. A window started since belongs to later attempts and is left alone.
 */
export async function giveBackThrottleAttempts(
  db: Executor,
  rows: readonly { key: string; before: KeyState; after: KeyState; clear: boolean }[],
): Promise<void> {
  for (const { key, before, after, clear } of rows) {
    if (clear) {
      await db.deleteFrom('sign_in_throttle').where('key', '=', key).execute();
      continue;
    }
    await db
      .updateTable('sign_in_throttle')
      .set({
        failures: sql<number>`case when failures > 0 then failures - 1 else 0 end`,
        locked_until_ms: sql<number>`case when locked_until_ms = ${after.locked_until_ms}
          then ${before.locked_until_ms} else locked_until_ms end`,
      })
      .where('key', '=', key)
      .where('window_started_at_ms', '=', after.window_started_at_ms)
      .execute();
  }
}

/**
 * Deletes rows whose window and lock both ended before `cutoffMs`, or before the cutoff of the first of
 * `longer` whose prefix the key starts with. On PostgreSQL it skips rows another attempt holds, so it
 * never waits on (or deadlocks with) one.
 */
export async function purgeThrottleRows(
  db: Executor,
  dialect: DialectName,
  cutoffMs: number,
  longer: readonly { prefix: string; cutoffMs: number }[] = [],
): Promise<void> {
  const endedBy = (cutoff: number) => sql`window_started_at_ms <= ${cutoff} and locked_until_ms <= ${cutoff}`;
  const prefixed = longer.map(({ prefix, cutoffMs: cutoff }) => ({
    like: sql`key like ${`${prefix}%`}`,
    cutoff,
  }));
  const others =
    prefixed.length === 0
      ? endedBy(cutoffMs)
      : sql`(not (${sql.join(
          prefixed.map((p) => p.like),
          sql` or `,
        )}) and ${endedBy(cutoffMs)})`;
  const stale = sql.join(
    [...prefixed.map(({ like, cutoff }) => sql`(${like} and ${endedBy(cutoff)})`), others],
    sql` or `,
  );
  if (dialect === 'postgres') {
    await sql`delete from sign_in_throttle where key in (
      select key from sign_in_throttle where ${stale} for update skip locked)`.execute(db);
  } else {
    await sql`delete from sign_in_throttle where ${stale}`.execute(db);
  }
}
