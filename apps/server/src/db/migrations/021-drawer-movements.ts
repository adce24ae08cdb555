// The till's drawer (docs/product.md section 17): a shift's counts by notes and coins, and the drawer's own
// movements (cash drops to the safe, paid-ins, paid-outs), both kept with the shift, append-only; and the
// movements' sums stored on the shift at its close, beside its other figures, so a Z-report reads the
// same forever. None of it is a ledger balance: the drawer is the cashier's physical cash (docs/money.md,
// "The drawer").
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';
import { appendOnly } from './append-only.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export function drawerMovementsMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';

  return {
    async up(db: Kysely<any>) {
      // A count's lines, as the cashier entered them (zero quantities too): its sum is the shift's
      // opening_cents (stage 'open') or counted_cents (stage 'close').
      await db.schema
        .createTable('shift_counts')
        .addColumn('shift_id', idType, (c) => c.notNull().references('shifts.id'))
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('value_cents', 'bigint', (c) => c.notNull())
        .addColumn('quantity', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('shift_counts_pk', ['shift_id', 'stage', 'value_cents'])
        .addCheckConstraint('shift_counts_stage', sql`stage in ('open', 'close')`)
        .addCheckConstraint('shift_counts_value', sql`value_cents > 0`)
        .addCheckConstraint('shift_counts_quantity', sql`quantity >= 0`)
        .execute();
      await appendOnly(db, dialect, 'shift_counts');

      await db.schema
        .createTable('shift_movements')
        .addColumn('id', idType, id)
        .addColumn('shift_id', idType, (c) => c.notNull().references('shifts.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('trx', 'text', (c) => c.notNull())
        // The trx's record (ledger/idempotency.ts): one movement per claimed trx.
        .addColumn('operation_id', idType, (c) => c.notNull().unique().references('operations.id'))
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addCheckConstraint('shift_movements_kind', sql`kind in ('drop', 'paid_in', 'paid_out')`)
        .addCheckConstraint('shift_movements_amount', sql`amount_cents > 0`)
        .addCheckConstraint('shift_movements_reason', sql`kind = 'drop' or reason is not null`)
        .execute();
      await db.schema
        .createIndex('shift_movements_shift')
        .on('shift_movements')
        .columns(['shift_id', 'id'])
        .execute();
      await appendOnly(db, dialect, 'shift_movements');

      if (dialect === 'postgres') {
        for (const table of ['shift_counts', 'shift_movements']) {
          await sql`create trigger ${sql.raw(table)}_no_truncate before truncate on ${sql.table(table)}
            for each statement execute function refuse_change()`.execute(db);
        }
      }

      for (const column of ['drops', 'paid_ins', 'paid_outs']) {
        await db.schema.alterTable('shifts').addColumn(column, 'integer').execute();
      }
      for (const column of ['drops_cents', 'paid_in_cents', 'paid_out_cents']) {
        await db.schema.alterTable('shifts').addColumn(column, 'bigint').execute();
      }
    },
  };
}
