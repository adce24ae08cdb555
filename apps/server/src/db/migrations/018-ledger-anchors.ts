// The anchors of the ledger's hash chain (db/ledger-chain.ts): each closed gaming day's chain head of each
// venue, kept by a sweep (back-office/reports/ledger-anchors.ts) in a table of its own that is
// append-only like the ledger, so `verify` can tell a chain cut back or rewritten after a kept head from one that only grew.
// One row per venue and day (a unique key): two sweeping servers insert it once between them.
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';
import { appendOnly } from './append-only.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export function ledgerAnchorsMigration(dialect: DialectName): Migration {
  // A row id like the other history tables' (002-back-office.ts), so each anchor can be named and listed.
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ledger_anchors')
        .addColumn('id', 'integer', id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        /** The gaming day (YYYY-MM-DD) in the venue's time zone, as the daily report names it. */
        .addColumn('day', 'text', (c) => c.notNull())
        /** The chain's length and last hash at the day's end: the daily report's `ledger_head`. */
        .addColumn('entries', 'bigint', (c) => c.notNull().check(sql`entries >= 0`))
        .addColumn('hash', 'text', (c) => c.notNull())
        /** Where the day ended (excluded), in epoch ms: the venue's clock settings may change later. */
        .addColumn('day_ends_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('ledger_anchors_day', ['account_id', 'day'])
        .execute();
      await appendOnly(db, dialect, 'ledger_anchors');
      // Row triggers do not see TRUNCATE (002-back-office.ts guards the books the same way).
      if (dialect === 'postgres') {
        await sql`create trigger ledger_anchors_no_truncate before truncate on ledger_anchors
          for each statement execute function refuse_change()`.execute(db);
      }
    },
  };
}
