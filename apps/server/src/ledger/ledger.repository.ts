// Row access for the ledger service: locking reads in a fixed order (account, then place) and writes.
import type { DialectName } from '../db/database.js';
import type { AccountRow, NewLedgerEntry, PlaceRow } from '../db/schema.js';
import type { Tx } from './idempotency.js';

/**
 * SQLite holds the write lock from BEGIN IMMEDIATE; PostgreSQL needs row locks. They are FOR NO KEY
 * UPDATE, the lock an UPDATE of non-key columns takes anyway: FOR UPDATE would also block the KEY SHARE
 * locks that inserts referencing the row take (operations.account_id, ledger_entries.account_id), so a
 * game event holding its place while inserting rows of the account deadlocked with a cash call holding
 * the account while waiting for that place.
 */
export async function lockAccount(
  tx: Tx,
  dialect: DialectName,
  accountId: number,
): Promise<AccountRow | undefined> {
  return tx
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', accountId)
    .$if(dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
}

export async function lockPlace(
  tx: Tx,
  dialect: DialectName,
  deviceId: number,
  place: number,
): Promise<PlaceRow | undefined> {
  return tx
    .selectFrom('places')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('place', '=', place)
    .$if(dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
}

export async function setFloatBalance(tx: Tx, accountId: number, balanceCents: number): Promise<void> {
  await tx.updateTable('accounts').set({ balance_cents: balanceCents }).where('id', '=', accountId).execute();
}

export async function setPlaceBalances(
  tx: Tx,
  deviceId: number,
  place: number,
  balances: { entries_cents: number; final_bonus_cents: number },
): Promise<void> {
  await tx
    .updateTable('places')
    .set(balances)
    .where('device_id', '=', deviceId)
    .where('place', '=', place)
    .execute();
}

export async function insertLedgerEntries(tx: Tx, entries: NewLedgerEntry[]): Promise<void> {
  if (entries.length > 0) await tx.insertInto('ledger_entries').values(entries).execute();
}

/** The latest game event of a place (cancels must follow the bet they cancel). */
export async function lastDeviceEvent(tx: Tx, deviceId: number, place: number) {
  return tx
    .selectFrom('device_events')
    .select(['type', 'amount_cents'])
    .where('device_id', '=', deviceId)
    .where('place', '=', place)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
