// Row access for the ledger service: locking reads in a fixed order (account, then place) and writes.
import { MAX_APPROVAL_WINDOW_MINUTES } from '@cashdesk/contract';
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { DialectName, Executor, Tx } from '../db/database.js';
import { shapedStatement, shapedRowsStatement } from '../db/query-shapes.js';
import { lockedOn } from '../db/row-locks.js';
import type { AccountRow, Database, DeviceEventsTable, NewLedgerEntry } from '../db/schema.js';

/** The account, locked for the transaction (db/row-locks.ts says why FOR NO KEY UPDATE). */
export async function lockAccount(
  tx: Tx,
  dialect: DialectName,
  accountId: number,
): Promise<AccountRow | undefined> {
  return tx
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', accountId)
    .$call(lockedOn(dialect))
    .executeTakeFirst();
}

export function setFloatBalanceBuilder(db: Executor, accountId: number, balanceCents: number) {
  return db.updateTable('accounts').set({ balance_cents: balanceCents }).where('id', '=', accountId);
}

/** setFloatBalanceBuilder compiled by shape (db/query-shapes.ts), for a batch. */
export function setFloatBalanceStatement(db: Executor, accountId: number, balanceCents: number) {
  return shapedStatement(db, 'setFloatBalance', [accountId, balanceCents], ([id, balance]) =>
    setFloatBalanceBuilder(db, id as number, balance as number).compile(),
  );
}

export async function setFloatBalance(tx: Tx, accountId: number, balanceCents: number): Promise<void> {
  await setFloatBalanceBuilder(tx, accountId, balanceCents).execute();
}

/** At least one posting, each on its chain already (db/ledger-chain.ts). */
export function insertPostingsBuilder(db: Executor, postings: readonly NewLedgerEntry[]) {
  return db.insertInto('ledger_entries').values([...postings]);
}

/** insertPostingsBuilder compiled by shape (db/query-shapes.ts), for a batch; at least one posting. */
export function insertPostingsStatement(db: Executor, postings: readonly NewLedgerEntry[]) {
  return shapedRowsStatement(db, 'insertLedgerEntries', postings, (rows) =>
    insertPostingsBuilder(db, rows).compile(),
  );
}

export async function insertPostings(tx: Tx, postings: NewLedgerEntry[]): Promise<void> {
  if (postings.length > 0) await insertPostingsBuilder(tx, postings).execute();
}

// ---- Many rows at once, for a batch of operations (ledger/batch.ts) ---------------------------------

export interface PlaceKey {
  device_id: number;
  place: number;
}

// Each returns a compiled statement for a pipelined transaction (db/pipelined-transaction.ts); lists are
// never empty (the batch leaves out a statement with nothing to do).

/**
 * Locks the accounts in ascending id order (PostgreSQL takes the row locks in the order the sorted rows
 * come out), so two batches in two processes always lock in the same order and cannot deadlock.
 */
export function lockAccountsStatement(db: Executor, dialect: DialectName, ids: readonly number[]) {
  return shapedStatement(db, `lockAccounts/${ids.length}`, ids, (placeholders) =>
    db
      .selectFrom('accounts')
      .selectAll()
      .where('id', 'in', placeholders as number[])
      .orderBy('id')
      .$call(lockedOn(dialect))
      .compile(),
  );
}

/** Locks the places in (device_id, place) order, after the accounts: the one lock order of every batch. */
export function lockPlacesStatement(db: Executor, dialect: DialectName, keys: readonly PlaceKey[]) {
  return shapedRowsStatement(db, 'lockPlaces', keys, (rows) =>
    db
      .selectFrom('places')
      .selectAll()
      .where((eb) => eb.or(rows.map((k) => placeIs(eb, k))))
      .orderBy('device_id')
      .orderBy('place')
      .$call(lockedOn(dialect))
      .compile(),
  );
}

/** The condition that picks one place. */
function placeIs(eb: ExpressionBuilder<Database, 'places'>, k: PlaceKey) {
  // Stryker disable next-line ArrayDeclaration: more-rows-read
  return eb.and([eb('device_id', '=', k.device_id), eb('place', '=', k.place)]);
}

/**
 * What game events of these devices book under: each linked device's venue and the venue's final-bonus
 * rate and per-event ceiling; a device linked to no venue (unlinked, or never linked) has no row. Read
 * inside the events' transaction, after the places' locks.
 */
export function eventRulesStatement(db: Executor, deviceIds: readonly number[]) {
  return shapedStatement(db, `eventRules/${deviceIds.length}`, deviceIds, (placeholders) =>
    db
      .selectFrom('devices')
      .innerJoin('accounts', 'accounts.id', 'devices.account_id')
      .select([
        'devices.id as device_id',
        'accounts.id as account_id',
        'accounts.final_bonus_rate_bps',
        'accounts.max_event_amount_cents',
      ])
      .where('devices.id', 'in', placeholders as number[])
      .compile(),
  );
}

/**
 * The venue each device belongs to now (null: linked to none), read after the batch has locked the
 * devices' places: a device is unlinked (and so linked elsewhere) only under its places' locks, so what
 * this reads holds until the batch commits. The venue invariant (invariants.ts) is checked against it.
 */
export function deviceVenuesStatement(db: Executor, deviceIds: readonly number[]) {
  return shapedStatement(db, `deviceVenues/${deviceIds.length}`, deviceIds, (placeholders) =>
    db
      .selectFrom('devices')
      .select(['id', 'account_id'])
      .where('id', 'in', placeholders as number[])
      .compile(),
  );
}

/** A seat as four eyes counts it: a place, within the venue whose payouts are counted. */
export interface SeatKey extends PlaceKey {
  account_id: number;
}

/**
 * What each seat paid out (withdrawals and cash-outs, cents) within its venue's four-eyes window before
 * `nowMs` (accounts.approval_window_minutes): the payouts four eyes counts together (money-rules.ts
 * needsApproval). Only the rows booked to the seat's venue count: a cabinet's payouts at the venue it
 * left (before it moved) are that venue's, not this one's.
 */
export function seatPayoutsStatement(db: Executor, nowMs: number, keys: readonly SeatKey[]) {
  const values = [nowMs, ...keys.flatMap((k) => [k.account_id, k.device_id, k.place])];
  return shapedStatement(db, `seatPayouts/${keys.length}`, values, ([now, ...triples]) =>
    db
      .selectFrom('ledger_entries as l')
      .innerJoin('accounts as a', 'a.id', 'l.account_id')
      .select((eb) => [
        'l.account_id',
        'l.device_id',
        'l.place',
        eb.fn.sum<number>(eb.neg(eb.ref('l.amount_cents'))).as('paid'),
      ])
      .where((eb) =>
        eb.or(
          keys.map((_, i) =>
            eb.and([
              eb('l.device_id', '=', triples[3 * i + 1] as number),
              eb('l.place', '=', triples[3 * i + 2] as number),
              // In the partial index (migration 017), beside the time: the query still reads payout rows only.
              eb('l.account_id', '=', triples[3 * i] as number),
            ]),
          ),
        ),
      )
      // Literals, not parameters: they must match the partial index's own (migration 017), or SQLite
      // cannot tell the index covers the query.
      .where(sql<boolean>`l.kind = 'withdraw' and l.line = 'entries'`)
      // The longest window bounds the index's range; the venue's own window then narrows it. The casts:
      // PostgreSQL would type an untyped parameter here as the integer beside it.
      .where(
        'l.created_at_ms',
        '>',
        sql<number>`cast(${now} as bigint) - ${sql.lit(MAX_APPROVAL_WINDOW_MINUTES * 60_000)}`,
      )
      .where('l.created_at_ms', '>', sql<number>`cast(${now} as bigint) - a.approval_window_minutes * 60000`)
      .groupBy(['l.account_id', 'l.device_id', 'l.place'])
      .compile(),
  );
}

/** The PIN fields of phones, for the remote-PIN rule inside a remote cash call's transaction. */
export function devicePinsStatement(db: Executor, deviceIds: readonly number[]) {
  return shapedStatement(db, `devicePins/${deviceIds.length}`, deviceIds, (placeholders) =>
    db
      .selectFrom('devices')
      .select(['id', 'pin', 'pin_expires_at_ms', 'pin_previous'])
      .where('id', 'in', placeholders as number[])
      .compile(),
  );
}

/** The latest game event of a place (cancels must follow the bet they cancel). */
export function lastDeviceEventStatement(db: Executor, key: PlaceKey) {
  return shapedRowsStatement(db, 'lastDeviceEvent', [key], ([row]) =>
    db
      .selectFrom('device_events')
      .select(['type', 'amount_cents'])
      .where('device_id', '=', row!.device_id)
      .where('place', '=', row!.place)
      .orderBy('id', 'desc')
      .limit(1)
      .compile(),
  );
}

/** Writes the final balances of many places in one statement. */
export function setPlacesBalancesStatement(
  db: Executor,
  places: readonly (PlaceKey & { entries_cents: number; final_bonus_cents: number })[],
) {
  // Only the four fields the statement writes, in one order: the shape's key names its columns.
  const rows = places.map(({ device_id, place, entries_cents, final_bonus_cents }) => ({
    device_id,
    place,
    entries_cents,
    final_bonus_cents,
  }));
  return shapedRowsStatement(db, 'setPlacesBalances', rows, (shaped) => {
    // Casts: PostgreSQL types untyped parameters in VALUES as text; SQLite reads the cast as integer affinity.
    const values = sql.join(
      shaped.map(
        (p) =>
          sql`(cast(${p.device_id} as bigint), cast(${p.place} as bigint), cast(${p.entries_cents} as bigint), cast(${p.final_bonus_cents} as bigint))`,
      ),
    );
    return sql`with v(device_id, place, entries_cents, final_bonus_cents) as (values ${values})
    update places set entries_cents = v.entries_cents, final_bonus_cents = v.final_bonus_cents
    from v where places.device_id = v.device_id and places.place = v.place`.compile(db);
  });
}

export function insertDeviceEventsStatement(db: Executor, events: readonly Insertable<DeviceEventsTable>[]) {
  return shapedRowsStatement(db, 'insertDeviceEvents', events, (rows) =>
    db
      .insertInto('device_events')
      .values([...rows])
      .compile(),
  );
}
