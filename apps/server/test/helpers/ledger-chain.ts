// The hash chain as the chain's tests read and break it (db/ledger-chain.ts, ledger/ledger-sealer.ts).
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';

/** The venue's sealed rows in chain order, each with its place and hash. */
export function chainRowsOf(db: Db, accountId: number) {
  return db.kysely
    .selectFrom('ledger_entries as l')
    .innerJoin('ledger_seals as s', 's.entry_id', 'l.id')
    .selectAll('l')
    .select(['s.chain_seq', 's.chain_hash'])
    .where('l.account_id', '=', accountId)
    .orderBy('s.chain_seq')
    .execute();
}

/**
 * Runs `change` on the books with their append-only triggers (and, on PostgreSQL, foreign keys) out of
 * the way, as someone with the tables' owner's rights could: on one connection on PostgreSQL
 * (`session_replication_role`), with the ledger's and the seals' triggers dropped on SQLite.
 */
export async function behindTheBack(
  db: Db,
  change: (k: Kysely<Database>) => Promise<unknown>,
): Promise<void> {
  if (db.dialect === 'postgres') {
    await db.kysely.connection().execute(async (c) => {
      await sql`set session_replication_role = replica`.execute(c);
      await change(c);
      await sql`set session_replication_role = origin`.execute(c);
    });
    return;
  }
  for (const table of ['ledger_entries', 'ledger_seals']) {
    await sql.raw(`drop trigger if exists ${table}_no_update`).execute(db.kysely);
    await sql.raw(`drop trigger if exists ${table}_no_delete`).execute(db.kysely);
  }
  await sql`pragma foreign_keys = off`.execute(db.kysely);
  await change(db.kysely);
  await sql`pragma foreign_keys = on`.execute(db.kysely);
}

/** behindTheBack with one statement of SQL. */
export function behindTheBackSql(db: Db, statement: string): Promise<void> {
  return behindTheBack(db, (k) => sql.raw(statement).execute(k));
}
