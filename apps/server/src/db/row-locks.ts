// Row locks of a transaction that reads rows before it writes them. SQLite holds the database's write
// lock from BEGIN IMMEDIATE (db/database.ts), so only PostgreSQL needs them. One helper, so every
// repository locks the same way and the reason for the lock's strength is written once.

import type { DialectName } from './database.js';

/**
 * How strongly a read locks its rows. 'no key update' is the lock an UPDATE of non-key columns takes
 * anyway, and the one to take before such an update: FOR UPDATE would also block the KEY SHARE locks that
 * inserts referencing the row take (operations.account_id, ledger_entries.account_id, device_events
 * .device_id), so a game event holding its place while inserting rows of the account or device would
 * deadlock with a call holding that account or device while waiting for the place
 * (ledger/ledger.repository.ts). 'update', the stronger lock, where the call holds the row against every
 * other writer: a user under a back-office change, a throttle key, a shift being closed. 'share', where
 * many transactions may hold the row at once but none may change it until they end: the ledger batches
 * holding their cashiers' open shifts, so a close waits for them (shifts/cash-call-shift.ts).
 */
export type LockStrength = 'no key update' | 'update' | 'share';

interface Lockable<Q> {
  forNoKeyUpdate(): Q;
  forUpdate(): Q;
  forShare(): Q;
}

/**
 * For a select's `$call`: on PostgreSQL its rows stay locked until the transaction ends; on SQLite the
 * select is unchanged.
 */
export function lockedOn(dialect: DialectName, strength: LockStrength = 'no key update') {
  return <Q extends Lockable<Q>>(query: Q): Q => {
    if (dialect !== 'postgres') return query;
    if (strength === 'share') return query.forShare();
    return strength === 'update' ? query.forUpdate() : query.forNoKeyUpdate();
  };
}
