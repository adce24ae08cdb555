// The hash chain moves off the write path (db/ledger-chain.ts, ledger/ledger-sealer.ts): a batch writes its
// ledger rows without a place in the chain, and the sealer puts the committed rows on their venue's chain
// a moment later, in the append-only `ledger_seals` (one row per ledger row: its place, its hash). The
// places and hashes of the rows chained before this migration move there unchanged, so every chain,
// anchor and head kept outside the database still holds. The head gets `sealed_through_id`: every row of
// the venue up to that id is on the chain, and the sealer goes on from there. The unique index that
// refused a fork on `ledger_entries` becomes `ledger_seals`' key; the venue's rows by id (the sealer's
// read) take its place.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';
import { appendOnly } from './append-only.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export function ledgerSealsMigration(dialect: DialectName): Migration {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      const change = async (tx: Kysely<any>) => {
        await tx.schema
          .createTable('ledger_seals')
          .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
          /** The row's place in its venue's chain, from 1. */
          .addColumn('chain_seq', 'bigint', (c) => c.notNull().check(sql`chain_seq > 0`))
          // No foreign key: `verify` names a seal whose row is gone, and a ledger that refuses TRUNCATE by its
          // own trigger keeps saying so.
          .addColumn('entry_id', idType, (c) => c.notNull())
          /** SHA-256 (hex) over the previous place's hash and the row's fields (db/ledger-chain.ts). */
          .addColumn('chain_hash', 'text', (c) => c.notNull())
          // One row per place (a second would be a fork) and one place per row.
          .addPrimaryKeyConstraint('ledger_seals_pkey', ['account_id', 'chain_seq'])
          .addUniqueConstraint('ledger_seals_entry', ['entry_id'])
          .execute();
        await sql`insert into ledger_seals (account_id, chain_seq, entry_id, chain_hash)
          select account_id, chain_seq, id, chain_hash from ledger_entries where chain_seq > 0`.execute(tx);
        await appendOnly(tx, dialect, 'ledger_seals');
        if (dialect === 'postgres') {
          await sql`create trigger ledger_seals_no_truncate before truncate on ledger_seals
            for each statement execute function refuse_change()`.execute(tx);
        }

        await tx.schema
          .alterTable('ledger_chain_heads')
          .addColumn('sealed_through_id', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`update ledger_chain_heads set sealed_through_id = coalesce(
          (select max(l.id) from ledger_entries l where l.account_id = ledger_chain_heads.account_id), 0)`.execute(
          tx,
        );

        await tx.schema
          .createIndex('ledger_account_id')
          .on('ledger_entries')
          .columns(['account_id', 'id'])
          .execute();
        await tx.schema.dropIndex('ledger_entries_chain').execute();
        // The append-only triggers name no column; SQLite drops a column only when nothing else does.
        await tx.schema.alterTable('ledger_entries').dropColumn('chain_seq').execute();
        await tx.schema.alterTable('ledger_entries').dropColumn('chain_hash').execute();
      };
      // Kysely runs PostgreSQL's migrations in a transaction, SQLite's not: ours, so nobody sees half.
      if (db.isTransaction) await change(db);
      else await db.transaction().execute(change);
    },
  };
}
