// Queries of the hash chain's sealing (ledger-sealer.ts, db/ledger-chain.ts): the venue locks a batch
// shares and the sealer takes alone on PostgreSQL, the unsealed rows, the seals and the heads.
import { sql } from 'kysely';
import type { Db, DialectName, Executor } from '../db/database.js';
import type { ChainHead, Seal, StoredPosting } from '../db/ledger-chain.js';
import { shapedStatement } from '../db/query-shapes.js';
import { drawOperationIdsSql } from './operations.repository.js';

/**
 * The first key of the venue locks (PostgreSQL advisory locks, keyed (class, account id)): a number of our
 * own, so no other use of advisory locks in the database shares them.
 */
export const SEAL_LOCK_CLASS = 0x5ea1;

/**
 * Every batch of a venue holds its venue lock shared until it commits, the sealer takes it alone for a
 * moment (committedThrough): then no batch of the venue is between its first statement and its commit,
 * so every row of the venue with an id so far has committed, and any row written later gets a higher id.
 * First in a batch's lock order, in account order (a batch waiting here holds no row lock, so a sealer
 * queued on the venue can never close a circle with one); the venues of the batch's devices with events
 * are read through the devices. The same statement draws the batch's `count` record ids (one statement
 * the fewer a batch: operations.repository.ts drawOperationIdsSql). Answers the ids on the first row, and
 * a row per venue locked (none: one row whose account_id is null).
 */
export function shareVenueLocksStatement(
  db: Executor,
  count: number,
  accountIds: readonly number[],
  eventDeviceIds: readonly number[],
) {
  return shapedStatement(
    db,
    `shareVenueLocks/${accountIds.length}/${eventDeviceIds.length}`,
    [count, ...accountIds, ...eventDeviceIds],
    ([drawn, ...placeholders]) => {
      const accounts = placeholders.slice(0, accountIds.length);
      const devices = placeholders.slice(accountIds.length);
      const venues = [
        ...(accounts.length > 0
          ? [sql`select id as account_id from accounts where id in (${sql.join(accounts)})`]
          : []),
        ...(devices.length > 0
          ? [
              sql`select account_id from devices where id in (${sql.join(devices)}) and account_id is not null`,
            ]
          : []),
      ];
      if (venues.length === 0) venues.push(sql`select cast(null as int) as account_id where false`);
      // The lateral join runs the ordered venues inside the one row of ids, so the locks are taken in
      // account order; a venue-less batch still gets its ids (the lock function skips a null).
      return sql<{
        ids: string[];
        account_id: number | null;
      }>`select d.ids, v.account_id, pg_advisory_xact_lock_shared(${sql.lit(SEAL_LOCK_CLASS)}, v.account_id) as locked
        from (select ${drawOperationIdsSql(drawn)} as ids) d
        left join lateral (select u.account_id from (${sql.join(venues, sql` union `)}) u order by u.account_id) v
        on true`.compile(db);
    },
  );
}

/** The highest ledger id of each venue (a venue without rows: null), one index probe each. */
function highestIdsStatement(db: Executor, dialect: DialectName, accountIds: readonly number[]) {
  if (dialect === 'postgres') {
    return shapedStatement(db, 'highestLedgerIds', [accountIds], ([ids]) =>
      sql<{ account_id: number; id: string | null }>`select v.id as account_id,
          (select max(l.id) from ledger_entries l where l.account_id = v.id) as id
        from unnest(${ids}::int[]) v(id)`.compile(db),
    );
  }
  return db
    .selectFrom('accounts as v')
    .select((eb) => [
      'v.id as account_id',
      eb
        .selectFrom('ledger_entries as l')
        .select((l) => l.fn.max('l.id').as('id'))
        .whereRef('l.account_id', '=', 'v.id')
        .as('id'),
    ])
    .where('v.id', 'in', accountIds)
    .compile();
}

/**
 * For each venue, the highest ledger id that has committed with everything of the venue below it. On
 * PostgreSQL a short transaction that takes the venues' locks alone, in account order (it waits for their
 * batches in flight, and the ones that start meanwhile wait a moment for it), its two statements sent
 * together; on SQLite one writer at a time, so every row is committed or not yet written. A venue without
 * rows is left out.
 */
export async function committedThrough(db: Db, accountIds: readonly number[]): Promise<Map<number, number>> {
  const sorted = [...new Set(accountIds)].sort((a, b) => a - b);
  if (sorted.length === 0) return new Map();
  const highest =
    db.dialect === 'postgres'
      ? await db.pipelined(async (pipe) => {
          void pipe.run(
            shapedStatement(db.kysely, 'lockVenuesAlone', [sorted], ([ids]) =>
              sql`select pg_advisory_xact_lock(${sql.lit(SEAL_LOCK_CLASS)}, v.id)
                from (select unnest(${ids}::int[]) as id order by 1) v`.compile(db.kysely),
            ),
          );
          // Runs once the locks are granted, so it sees every batch that held them.
          return pipe.run(highestIdsStatement(db.kysely, db.dialect, sorted));
        })
      : (await db.kysely.executeQuery(highestIdsStatement(db.kysely, db.dialect, sorted))).rows;
  return new Map(
    highest.flatMap((r) => (r.id === null ? [] : [[Number(r.account_id), Number(r.id)] as const])),
  );
}

export interface SealHead extends ChainHead {
  account_id: number;
  sealed_through_id: number;
}

/** The venues' chain heads, locked in account order: one sealer at a time moves a head on, in any process. */
export function lockSealHeadsStatement(db: Executor, dialect: DialectName, accountIds: readonly number[]) {
  if (dialect === 'postgres') {
    return shapedStatement(db, 'lockSealHeads', [accountIds], ([ids]) =>
      sql<SealHeadRow>`select account_id, entries, hash, sealed_through_id from ledger_chain_heads
        where account_id = any(${ids}::int[]) order by account_id for update`.compile(db),
    );
  }
  // SQLite has no row locks: a write as the transaction's first statement takes the database's write
  // lock before anything is read, so a second sealer (another process on the same file) waits for the
  // first to commit and then reads the heads it moved. Read first, the two would both read, and the one
  // upgrading second would fail (database is locked).
  return db
    .updateTable('ledger_chain_heads')
    .set((eb) => ({ sealed_through_id: eb.ref('sealed_through_id') }))
    .where('account_id', 'in', [...accountIds])
    .returning(['account_id', 'entries', 'hash', 'sealed_through_id'])
    .compile();
}

interface SealHeadRow {
  account_id: number | string;
  entries: number | string;
  hash: string;
  sealed_through_id: number | string;
}

export function sealHeadOf(row: SealHeadRow): SealHead {
  return {
    account_id: Number(row.account_id),
    entries: Number(row.entries),
    hash: row.hash,
    sealed_through_id: Number(row.sealed_through_id),
  };
}

/**
 * The rows of each venue after its head's `sealed_through_id` up to its `throughId`, in id order, at most
 * `limit` in all (the lowest ids first, so a venue cut off goes on from its last row next time). Read
 * through the heads, so it may go out with lockSealHeadsStatement and runs once their locks are granted.
 */
export function rowsToSealStatement(
  db: Executor,
  dialect: DialectName,
  through: readonly { account_id: number; throughId: number }[],
  limit: number,
) {
  if (dialect === 'postgres') {
    const venues = through.map((t) => t.account_id);
    const ids = through.map((t) => t.throughId);
    return shapedStatement(db, 'rowsToSeal', [venues, ids, limit], ([venueIds, throughIds, most]) =>
      sql<StoredPosting>`select l.* from unnest(${venueIds}::int[], ${throughIds}::bigint[]) t(account_id, through_id)
        join ledger_chain_heads h on h.account_id = t.account_id
        join ledger_entries l on l.account_id = t.account_id and l.id > h.sealed_through_id and l.id <= t.through_id
        order by l.id limit ${most}::int`.compile(db),
    );
  }
  return db
    .selectFrom('ledger_entries as l')
    .innerJoin('ledger_chain_heads as h', 'h.account_id', 'l.account_id')
    .selectAll('l')
    .where((eb) =>
      eb.or(
        through.map((t) => eb.and([eb('l.account_id', '=', t.account_id), eb('l.id', '<=', t.throughId)])),
      ),
    )
    .whereRef('l.id', '>', 'h.sealed_through_id')
    .orderBy('l.id')
    .limit(limit)
    .compile();
}

/** Rows of seals per insert statement on SQLite: four parameters each, far under its limits. */
const SEALS_PER_STATEMENT = 1_000;

/** The seals' inserts: on PostgreSQL one statement of one shape, however many (their columns as arrays). */
export function insertSealsQueries(db: Executor, dialect: DialectName, seals: readonly Seal[]) {
  if (seals.length === 0) return [];
  if (dialect === 'postgres') {
    const columns = [
      seals.map((s) => s.account_id),
      seals.map((s) => s.chain_seq),
      seals.map((s) => s.entry_id),
      seals.map((s) => s.chain_hash),
    ];
    return [
      shapedStatement(db, 'insertSeals', columns, ([accounts, places, entries, hashes]) =>
        sql`insert into ledger_seals (account_id, chain_seq, entry_id, chain_hash)
          select * from unnest(${accounts}::int[], ${places}::bigint[], ${entries}::bigint[], ${hashes}::text[])`.compile(
          db,
        ),
      ),
    ];
  }
  const statements = [];
  for (let i = 0; i < seals.length; i += SEALS_PER_STATEMENT) {
    statements.push(
      db
        .insertInto('ledger_seals')
        .values(seals.slice(i, i + SEALS_PER_STATEMENT))
        .compile(),
    );
  }
  return statements;
}

/** Moves many heads on in one statement. */
export function moveSealHeadsStatement(db: Executor, dialect: DialectName, heads: readonly SealHead[]) {
  if (dialect === 'postgres') {
    const columns = [
      heads.map((h) => h.account_id),
      heads.map((h) => h.entries),
      heads.map((h) => h.hash),
      heads.map((h) => h.sealed_through_id),
    ];
    return shapedStatement(db, 'moveSealHeads', columns, ([accounts, entries, hashes, through]) =>
      sql`update ledger_chain_heads set entries = v.entries, hash = v.hash, sealed_through_id = v.sealed_through_id
        from unnest(${accounts}::int[], ${entries}::bigint[], ${hashes}::text[], ${through}::bigint[])
          v(account_id, entries, hash, sealed_through_id)
        where ledger_chain_heads.account_id = v.account_id`.compile(db),
    );
  }
  const values = sql.join(
    heads.map(
      (h) =>
        sql`(cast(${h.account_id} as bigint), cast(${h.entries} as bigint), ${h.hash}, cast(${h.sealed_through_id} as bigint))`,
    ),
  );
  return sql`with v(account_id, entries, hash, sealed_through_id) as (values ${values})
    update ledger_chain_heads set entries = v.entries, hash = v.hash, sealed_through_id = v.sealed_through_id
    from v where ledger_chain_heads.account_id = v.account_id`.compile(db);
}

/** The venues with rows written after their head's `sealed_through_id`: one index probe each. */
export async function venuesWithUnsealedRows(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('ledger_chain_heads as h')
    .select('h.account_id')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('ledger_entries as l')
          .select('l.id')
          .whereRef('l.account_id', '=', 'h.account_id')
          .whereRef('l.id', '>', 'h.sealed_through_id'),
      ),
    )
    .orderBy('h.account_id')
    .execute();
  return rows.map((r) => Number(r.account_id));
}
