// Row access for the ledger service: locking reads in a fixed order (account, then place) and writes.
import { sql, type Insertable } from 'kysely';
import type { DialectName, Tx } from '../db/database.js';
import type { AccountRow, DeviceEventsTable, NewLedgerEntry, PlaceRow } from '../db/schema.js';

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

/** A game event's record beside its ledger rows (cancels look up the place's latest one). */
export async function insertDeviceEvent(tx: Tx, event: Insertable<DeviceEventsTable>): Promise<void> {
  await tx.insertInto('device_events').values(event).execute();
}

/** The PIN fields of a phone, for the remote-PIN rule inside a remote cash call's transaction. */
export async function findDevicePin(tx: Tx, deviceId: number) {
  return tx
    .selectFrom('devices')
    .select(['pin', 'pin_expires_at_ms', 'pin_previous'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
}

/**
 * What a game event of the device books under: its venue and the venue's final-bonus rate and per-event
 * ceiling; undefined for a device linked to no venue (unlinked, or never linked). Read inside the event's
 * transaction, after the place's lock.
 */
export async function findEventRules(tx: Tx, deviceId: number) {
  return tx
    .selectFrom('devices')
    .innerJoin('accounts', 'accounts.id', 'devices.account_id')
    .select(['accounts.id as account_id', 'accounts.final_bonus_rate_bps', 'accounts.max_event_amount_cents'])
    .where('devices.id', '=', deviceId)
    .executeTakeFirst();
}

// ---- Many rows at once, for a batch of operations (ledger/batch.ts) ---------------------------------

export interface PlaceKey {
  device_id: number;
  place: number;
}

/**
 * Locks the accounts in ascending id order (PostgreSQL takes the row locks in the order the sorted rows
 * come out), so two batches in two processes always lock in the same order and cannot deadlock.
 */
export async function lockAccounts(tx: Tx, dialect: DialectName, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .selectFrom('accounts')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .$if(dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .execute();
}

/** Locks the places in (device_id, place) order; after the accounts, as the single-operation path does. */
export async function lockPlaces(tx: Tx, dialect: DialectName, keys: readonly PlaceKey[]) {
  if (keys.length === 0) return [];
  return tx
    .selectFrom('places')
    .selectAll()
    .where((eb) =>
      eb.or(keys.map((k) => eb.and([eb('device_id', '=', k.device_id), eb('place', '=', k.place)]))),
    )
    .orderBy('device_id')
    .orderBy('place')
    .$if(dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .execute();
}

/** findEventRules for many devices: one row per linked device. */
export async function findEventRulesOf(tx: Tx, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return [];
  return tx
    .selectFrom('devices')
    .innerJoin('accounts', 'accounts.id', 'devices.account_id')
    .select([
      'devices.id as device_id',
      'accounts.id as account_id',
      'accounts.final_bonus_rate_bps',
      'accounts.max_event_amount_cents',
    ])
    .where('devices.id', 'in', deviceIds)
    .execute();
}

/** Writes the final balances of many places in one statement. */
export async function setPlacesBalances(
  tx: Tx,
  places: readonly (PlaceKey & { entries_cents: number; final_bonus_cents: number })[],
): Promise<void> {
  if (places.length === 1) {
    const [only] = places as [PlaceKey & { entries_cents: number; final_bonus_cents: number }];
    const { entries_cents, final_bonus_cents } = only;
    return setPlaceBalances(tx, only.device_id, only.place, { entries_cents, final_bonus_cents });
  }
  if (places.length === 0) return;
  // Casts: PostgreSQL types untyped parameters in VALUES as text; SQLite reads the cast as integer affinity.
  const values = sql.join(
    places.map(
      (p) =>
        sql`(cast(${p.device_id} as bigint), cast(${p.place} as bigint), cast(${p.entries_cents} as bigint), cast(${p.final_bonus_cents} as bigint))`,
    ),
  );
  await sql`with v(device_id, place, entries_cents, final_bonus_cents) as (values ${values})
    update places set entries_cents = v.entries_cents, final_bonus_cents = v.final_bonus_cents
    from v where places.device_id = v.device_id and places.place = v.place`.execute(tx);
}

export async function insertDeviceEvents(tx: Tx, events: Insertable<DeviceEventsTable>[]): Promise<void> {
  if (events.length > 0) await tx.insertInto('device_events').values(events).execute();
}
