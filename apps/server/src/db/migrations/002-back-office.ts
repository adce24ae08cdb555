// The back office: an append-only audit log of every change made from the console (or the operator CLI),
// and on PostgreSQL a guard against TRUNCATE of the books, which row triggers do not see.
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';
import { appendOnly } from './append-only.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export function backOfficeMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', idType, id)
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('actor_user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('actor_login', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.references('accounts.id'))
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('reason', 'text')
        .addColumn('trx', 'text')
        .addCheckConstraint('audit_target_type', sql`target_type in ('account', 'user', 'device')`)
        .execute();
      await db.schema.createIndex('audit_time').on('audit_log').column('created_at_ms').execute();
      await db.schema.createIndex('audit_account').on('audit_log').columns(['account_id', 'id']).execute();

      await appendOnly(db, dialect, 'audit_log');
      if (dialect === 'postgres') {
        for (const table of ['ledger_entries', 'device_events', 'audit_log']) {
          await sql`create trigger ${sql.raw(table)}_no_truncate before truncate on ${sql.table(table)}
            for each statement execute function refuse_change()`.execute(db);
        }
      }
    },
  };
}
