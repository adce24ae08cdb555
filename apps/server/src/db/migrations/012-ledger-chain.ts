// The hash-chained ledger (db/ledger-chain.ts, docs/product.md section 14): every ledger row gets its place
// in its venue's chain and its hash, and every venue a chain head. Rows written before this migration are
// chained here, in id order per venue, so `verify` holds on an upgraded database; the append-only
// triggers step aside for exactly that and come back in the same transaction. A trigger gives every new
// account its head, whatever path creates it.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';
import { chainHash, GENESIS_HASH, type ChainedFields } from '../ledger-chain.js';
import { appendOnly } from './append-only.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
async function chainExistingRows(db: Kysely<any>): Promise<Map<number, { entries: number; hash: string }>> {
  const heads = new Map<number, { entries: number; hash: string }>();
  const rows = (await db
    .selectFrom('ledger_entries')
    .selectAll()
    .orderBy('id')
    .execute()) as (ChainedFields & { id: number })[];
  for (const row of rows) {
    const accountId = Number(row.account_id);
    const head = heads.get(accountId) ?? { entries: 0, hash: GENESIS_HASH };
    const chain_seq = head.entries + 1;
    const fields = {
      ...row,
      account_id: accountId,
      operation_id: Number(row.operation_id),
      amount_cents: Number(row.amount_cents),
      balance_after_cents: row.balance_after_cents === null ? null : Number(row.balance_after_cents),
      created_at_ms: Number(row.created_at_ms),
      device_id: row.device_id === null ? null : Number(row.device_id),
      user_id: row.user_id === null ? null : Number(row.user_id),
      chain_seq,
    };
    const hash = chainHash(head.hash, fields);
    await db
      .updateTable('ledger_entries')
      .set({ chain_seq, chain_hash: hash })
      .where('id', '=', row.id)
      .execute();
    heads.set(accountId, { entries: chain_seq, hash });
  }
  return heads;
}

export function ledgerChainMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      const change = async (tx: Kysely<any>) => {
        await tx.schema
          .alterTable('ledger_entries')
          .addColumn('chain_seq', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        await tx.schema
          .alterTable('ledger_entries')
          .addColumn('chain_hash', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await tx.schema
          .createTable('ledger_chain_heads')
          .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
          .addColumn('entries', 'bigint', (c) =>
            c
              .notNull()
              .defaultTo(0)
              .check(sql`entries >= 0`),
          )
          .addColumn('hash', 'text', (c) => c.notNull().defaultTo(GENESIS_HASH))
          .execute();
        if (dialect === 'postgres') {
          await sql`alter table ledger_entries disable trigger ledger_entries_append_only`.execute(tx);
        } else {
          await sql`drop trigger ledger_entries_no_update`.execute(tx);
          await sql`drop trigger ledger_entries_no_delete`.execute(tx);
        }
        const heads = await chainExistingRows(tx);
        if (dialect === 'postgres') {
          await sql`alter table ledger_entries enable trigger ledger_entries_append_only`.execute(tx);
        } else {
          await appendOnly(tx, dialect, 'ledger_entries');
        }

        // A row's place in its chain is unique: a second row on one place would be a fork.
        await tx.schema
          .createIndex('ledger_entries_chain')
          .on('ledger_entries')
          .columns(['account_id', 'chain_seq'])
          .unique()
          .execute();

        const accounts = (await tx.selectFrom('accounts').select('id').execute()) as { id: number }[];
        for (const { id } of accounts) {
          const head = heads.get(Number(id)) ?? { entries: 0, hash: GENESIS_HASH };
          await tx
            .insertInto('ledger_chain_heads')
            .values({ account_id: id, ...head })
            .execute();
        }
        if (dialect === 'postgres') {
          await sql`create or replace function add_chain_head() returns trigger language plpgsql as $$
            begin insert into ledger_chain_heads (account_id) values (new.id); return new; end $$`.execute(
            tx,
          );
          await sql`create trigger accounts_chain_head after insert on accounts
            for each row execute function add_chain_head()`.execute(tx);
        } else {
          await sql`create trigger accounts_chain_head after insert on accounts
            begin insert into ledger_chain_heads (account_id) values (new.id); end`.execute(tx);
        }
      };
      // Kysely runs PostgreSQL's migrations in a transaction, SQLite's not: ours, so nobody sees half.
      if (db.isTransaction) await change(db);
      else await db.transaction().execute(change);
    },
  };
}
