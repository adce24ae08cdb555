// The manager's live floor (docs/product.md, section 16): the venue's alert settings (cents or minutes,
// null for off), when each device last reported, and the alerts themselves. One open alert per
// (account, kind, subject) is a database rule (a partial unique index), so raising is idempotent across
// server processes: a second raise of the same condition finds the row already there.
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';

/** Defaults of a venue's alerts: sensible for a small venue, each one turned off by setting it null. */
export const ALERT_DEFAULTS = {
  alert_float_below: 500_00,
  alert_device_silent_minutes: 10,
  alert_shift_difference: 20_00,
  alert_withdrawals_hour: 2_000_00,
} as const;

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export function floorAlertsMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';

  return {
    async up(db: Kysely<any>) {
      for (const [column, value] of Object.entries(ALERT_DEFAULTS)) {
        await db.schema
          .alterTable('accounts')
          .addColumn(column, 'bigint', (c) => c.defaultTo(value).check(sql`${sql.ref(column)} > 0`))
          .execute();
      }
      // Written where the gateway already writes a device's report; null until the first one.
      await db.schema.alterTable('devices').addColumn('last_seen_at_ms', 'bigint').execute();

      await db.schema
        .createTable('alerts')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('kind', 'text', (c) =>
          c
            .notNull()
            .check(sql`kind in ('float_low', 'device_silent', 'shift_difference', 'withdrawals_hour')`),
        )
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('started_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('cleared_at_ms', 'bigint')
        .addColumn('acked_by_user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('acked_at_ms', 'bigint')
        .execute();
      await db.schema
        .createIndex('alerts_one_open')
        .on('alerts')
        .columns(['account_id', 'kind', 'subject'])
        .unique()
        .where(sql.ref('cleared_at_ms'), 'is', null)
        .execute();
      // The overview's day and hour sums read one venue's ledger rows of a time window.
      await db.schema
        .createIndex('ledger_account_line_time')
        .on('ledger_entries')
        .columns(['account_id', 'line', 'created_at_ms'])
        .execute();
    },
  };
}
