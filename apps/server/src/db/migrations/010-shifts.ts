// Cash-drawer shifts (docs/api.md, "Shifts"): the account setting, the shifts themselves and the link from
// each cash operation to the shift it belongs to. One open shift per cashier is a database rule (a partial
// unique index) as well as the code's 422 `shift already open`.
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export function shiftsMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('shifts', 'smallint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`shifts in (0, 1)`),
        )
        .execute();

      // The figures at close are stored, not recomputed: a Z-report printed once reads the same forever.
      await db.schema
        .createTable('shifts')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('opened_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('opening_cents', 'bigint', (c) => c.notNull())
        .addColumn('open_trx', 'text', (c) => c.notNull())
        .addColumn('closed_at_ms', 'bigint')
        .addColumn('close_trx', 'text')
        .addColumn('counted_cents', 'bigint')
        .addColumn('deposits', 'integer')
        .addColumn('deposits_cents', 'bigint')
        .addColumn('withdraws', 'integer')
        .addColumn('cash_outs', 'integer')
        .addColumn('cash_outs_cents', 'bigint')
        .addColumn('withdrawals_cents', 'bigint')
        .addColumn('expected_cents', 'bigint')
        .addColumn('difference_cents', 'bigint')
        .addCheckConstraint('shifts_opening_nonneg', sql`opening_cents >= 0`)
        .addCheckConstraint('shifts_counted_nonneg', sql`counted_cents is null or counted_cents >= 0`)
        .addCheckConstraint(
          'shifts_closed_whole',
          sql`(closed_at_ms is null and counted_cents is null and expected_cents is null)
            or (closed_at_ms is not null and counted_cents is not null and expected_cents is not null
                and difference_cents = counted_cents - expected_cents)`,
        )
        .execute();
      await db.schema
        .createIndex('shifts_one_open_per_cashier')
        .on('shifts')
        .column('user_id')
        .unique()
        .where(sql.ref('closed_at_ms'), 'is', null)
        .execute();
      await db.schema.createIndex('shifts_account_time').on('shifts').columns(['account_id', 'id']).execute();

      await db.schema
        .alterTable('operations')
        .addColumn('shift_id', idType, (c) => c.references('shifts.id'))
        .execute();
      await db.schema.createIndex('operations_shift').on('operations').column('shift_id').execute();
    },
  };
}
