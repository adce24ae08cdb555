// The first schema: accounts, users, sessions, devices, places, idempotency records, the ledger.
// Money rules are guarded here too (CHECK, UNIQUE, append-only triggers), not only in code.
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';
import { appendOnly } from './append-only.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export function initialMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const flag = (name: string) => sql`${sql.ref(name)} in (0, 1)`;
  const SAFE = 9007199254740991;

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('overdraft_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('has_overdraft', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('home_play', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('is_hard_block_home_play', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('is_light_block_home_play', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('min_amount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('max_amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('final_bonus_rate_bps', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addCheckConstraint('accounts_overdraft_nonneg', sql`overdraft_cents >= 0`)
        .addCheckConstraint(
          'accounts_float_limit',
          sql`balance_cents >= -(case when has_overdraft = 1 then overdraft_cents else 0 end)`,
        )
        .addCheckConstraint('accounts_balance_safe', sql`balance_cents <= ${sql.lit(SAFE)}`)
        .addCheckConstraint(
          'accounts_amount_limits',
          sql`min_amount_cents >= 0 and min_amount_cents <= max_amount_cents`,
        )
        .addCheckConstraint('accounts_rate', sql`final_bonus_rate_bps between 0 and 10000`)
        .addCheckConstraint('accounts_has_overdraft_flag', flag('has_overdraft'))
        .addCheckConstraint('accounts_home_play_flag', flag('home_play'))
        .addCheckConstraint('accounts_hard_block_flag', flag('is_hard_block_home_play'))
        .addCheckConstraint('accounts_light_block_flag', flag('is_light_block_home_play'))
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        .addColumn('login', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.references('accounts.id'))
        .addColumn('restrictions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('blocked', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addCheckConstraint('users_role', sql`role in ('admin', 'manager', 'cashier')`)
        .addCheckConstraint('users_blocked_flag', flag('blocked'))
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('remember', 'smallint', (c) => c.notNull())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('sign_in_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('locked_until_ms', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('devices')
        .addColumn('id', 'integer', id)
        .addColumn('uuid', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'integer', (c) => c.references('accounts.id'))
        .addColumn('type', 'smallint', (c) => c.notNull())
        .addColumn('module', 'integer', (c) => c.notNull())
        .addColumn('game_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('hidden', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('pin', 'text')
        .addColumn('pin_expires_at_ms', 'bigint')
        .addColumn('pin_used', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('linked_at_ms', 'bigint')
        .addCheckConstraint('devices_type', sql`type in (0, 1)`)
        .addCheckConstraint('devices_status', sql`status in ('ready', 'registering')`)
        .addCheckConstraint('devices_hidden_flag', flag('hidden'))
        .addCheckConstraint('devices_pin_used_flag', flag('pin_used'))
        .execute();
      await db.schema
        .createIndex('devices_account')
        .on('devices')
        .columns(['account_id', 'created_at_ms'])
        .execute();
      await db.schema.createIndex('devices_pin').on('devices').column('pin').execute();

      await db.schema
        .createTable('places')
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id'))
        .addColumn('place', 'smallint', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('entries_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('final_bonus_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('places_pk', ['device_id', 'place'])
        .addCheckConstraint('places_place_range', sql`place between 1 and 8`)
        .addCheckConstraint(
          'places_entries_nonneg',
          sql`entries_cents >= 0 and entries_cents <= ${sql.lit(SAFE)}`,
        )
        .addCheckConstraint(
          'places_final_bonus_nonneg',
          sql`final_bonus_cents >= 0 and final_bonus_cents <= ${sql.lit(SAFE)}`,
        )
        .execute();

      await db.schema
        .createTable('operations')
        .addColumn('id', idType, id)
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('trx', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response_json', 'text')
        .addColumn('account_id', 'integer')
        .addColumn('user_id', 'integer')
        .addColumn('device_id', 'integer')
        .addColumn('reason', 'text')
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('operations_scope_trx', ['scope', 'trx'])
        .execute();

      await db.schema
        .createTable('ledger_entries')
        .addColumn('id', idType, id)
        .addColumn('operation_id', idType, (c) => c.notNull().references('operations.id'))
        .addColumn('trx', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('tx_type', 'smallint')
        .addColumn('line', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('device_id', 'integer', (c) => c.references('devices.id'))
        .addColumn('place', 'smallint')
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('balance_after_cents', 'bigint')
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addCheckConstraint('ledger_amount_nonzero', sql`amount_cents <> 0`)
        .addCheckConstraint(
          'ledger_line',
          sql`line in ('float', 'entries', 'final_bonus', 'promotion', 'external', 'game')`,
        )
        .addCheckConstraint(
          'ledger_place_lines_have_place',
          sql`line not in ('entries', 'final_bonus') or (device_id is not null and place is not null and balance_after_cents >= 0)`,
        )
        .execute();
      await db.schema.createIndex('ledger_operation').on('ledger_entries').column('operation_id').execute();
      await db.schema
        .createIndex('ledger_account_time')
        .on('ledger_entries')
        .columns(['account_id', 'created_at_ms'])
        .execute();
      await db.schema
        .createIndex('ledger_place_time')
        .on('ledger_entries')
        .columns(['device_id', 'place', 'created_at_ms'])
        .execute();
      await db.schema
        .createIndex('ledger_user_time')
        .on('ledger_entries')
        .columns(['user_id', 'created_at_ms'])
        .execute();

      await db.schema
        .createTable('device_events')
        .addColumn('id', idType, id)
        .addColumn('operation_id', idType, (c) => c.notNull().references('operations.id'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id'))
        .addColumn('place', 'smallint', (c) => c.notNull())
        .addColumn('type', 'smallint', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('entries_after_cents', 'bigint', (c) => c.notNull())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('device_events_device_time')
        .on('device_events')
        .columns(['device_id', 'created_at_ms'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await appendOnly(db, dialect, 'ledger_entries');
      await appendOnly(db, dialect, 'device_events');
    },
  };
}
