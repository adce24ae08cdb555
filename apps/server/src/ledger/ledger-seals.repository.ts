// Queries of the hash chain's sealing (ledger-sealer.ts, db/ledger-chain.ts): the venue locks a batch
// shares and the sealer takes alone on PostgreSQL, the unsealed rows, the seals and the heads.
import { sql } from 'kysely';
import type { Db, DialectName, Executor } from '../db/database.js';
import type { ChainHead, Seal, StoredEntry } from '../db/ledger-chain.js';
import { lockedOn } from '../db/row-locks.js';
import { shapedQuery } from '../db/query-shapes.js';

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
 * are read through the devices. Answers the venues locked.
 */
export function shareVenueLocksQuery(
  db: Executor,
  accountIds: readonly number[],
  eventDeviceIds: readonly number[],
) {
  return shapedQuery(
    db,
    `shareVenueLocks/${accountIds.length}/${eventDeviceIds.length}`,
    [...accountIds, ...eventDeviceIds],
    (placeholders) => {
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
      return sql<{
        account_id: number;
      }>`select v.account_id, pg_advisory_xact_lock_shared(${sql.lit(SEAL_LOCK_CLASS)}, v.account_id) as locked
        from (select u.account_id from (${sql.join(venues, sql` union `)}) u order by u.account_id) v`.compile(
        db,
      );
    },
  );
}

/**
 * For each venue, the highest ledger id that has committed with everything of the venue below it. On
 * PostgreSQL a short transaction that takes the venues' locks alone, in account order (it waits for their
 * batches in flight, and the ones that start meanwhile wait a moment for it); on SQLite one writer at a
 * time, so every row is committed or not yet written. A venue without rows is left out.
 */
export async function committedThrough(db: Db, accountIds: readonly number[]): Promise<Map<number, number>> {
  const sorted = [...new Set(accountIds)].sort((a, b) => a - b);
  if (sorted.length === 0) return new Map();
  const highest = async (k: Executor) => {
    const rows = await k
      .selectFrom('ledger_entries')
      .select((eb) => ['account_id', eb.fn.max('id').as('id')])
      .where('account_id', 'in', sorted)
      .groupBy('account_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.account_id), Number(r.id)]));
  };
  if (db.dialect !== 'postgres') return highest(db.kysely);
  return db.kysely.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(SEAL_LOCK_CLASS)}, v.id)
      from (select unnest(${sorted}::int[]) as id order by 1) v`.execute(tx);
    return highest(tx);
  });
}

export interface SealHead extends ChainHead {
  account_id: number;
  sealed_through_id: number;
}

/** The venues' chain heads, locked in account order: one sealer at a time moves a head on, in any process. */
export async function lockSealHeads(
  db: Executor,
  dialect: DialectName,
  accountIds: readonly number[],
): Promise<SealHead[]> {
  const rows = await db
    .selectFrom('ledger_chain_heads')
    .select(['account_id', 'entries', 'hash', 'sealed_through_id'])
    .where('account_id', 'in', [...accountIds])
    .orderBy('account_id')
    .$call(lockedOn(dialect))
    .execute();
  return rows.map((r) => ({
    account_id: Number(r.account_id),
    entries: Number(r.entries),
    hash: r.hash,
    sealed_through_id: Number(r.sealed_through_id),
  }));
}

/**
 * The rows of each venue after its `afterId` up to its `throughId`, in id order, at most `limit` in all
 * (the lowest ids first, so a venue cut off goes on from its last row next time).
 */
export function rowsToSeal(
  db: Executor,
  stretches: readonly { account_id: number; afterId: number; throughId: number }[],
  limit: number,
): Promise<StoredEntry[]> {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where((eb) =>
      eb.or(
        stretches.map((v) =>
          eb.and([
            eb('account_id', '=', v.account_id),
            eb('id', '>', v.afterId),
            eb('id', '<=', v.throughId),
          ]),
        ),
      ),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Rows of seals per insert statement: four parameters each, far under PostgreSQL's 65,535. */
const SEALS_PER_STATEMENT = 1_000;

export async function insertSeals(db: Executor, seals: readonly Seal[]): Promise<void> {
  for (let i = 0; i < seals.length; i += SEALS_PER_STATEMENT) {
    await db
      .insertInto('ledger_seals')
      .values(seals.slice(i, i + SEALS_PER_STATEMENT))
      .execute();
  }
}

/** Moves many heads on in one statement. */
export async function moveSealHeads(db: Executor, heads: readonly SealHead[]): Promise<void> {
  if (heads.length === 0) return;
  const values = sql.join(
    heads.map(
      (h) =>
        sql`(cast(${h.account_id} as bigint), cast(${h.entries} as bigint), ${h.hash}, cast(${h.sealed_through_id} as bigint))`,
    ),
  );
  await sql`with v(account_id, entries, hash, sealed_through_id) as (values ${values})
    update ledger_chain_heads set entries = v.entries, hash = v.hash, sealed_through_id = v.sealed_through_id
    from v where ledger_chain_heads.account_id = v.account_id`.execute(db);
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
