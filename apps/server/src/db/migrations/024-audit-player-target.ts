// The audit log names players as targets (docs/product.md "Players"): the CHECK on `audit_log.target_type`
// (migration 002) takes 'player' beside 'account', 'user' and 'device'.
//   PostgreSQL: the constraint is dropped and added again with the new list; the rows stay where they are.
//   SQLite cannot change a table's CHECK in place, so the table is built again with the new one, the way
//   the SQLite manual says to change a table's definition (lang_altertable.html, "other kinds of table
//   schema changes"): a new table, every row copied with its id, the old one dropped (with its indexes and
//   append-only triggers), the new one renamed, then the indexes and the triggers made again. Nothing
//   refers to audit_log, and dropping a table fires no DELETE trigger, so the copy is whole and exact.
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';
import { appendOnly } from './append-only.js';

const TARGETS = sql`target_type in ('account', 'user', 'device', 'player')`;

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export function auditPlayerTargetMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await sql`alter table audit_log drop constraint audit_target_type`.execute(db);
        await sql`alter table audit_log add constraint audit_target_type check (${TARGETS})`.execute(db);
        return;
      }
      // Migration 002's table, column for column, with the new CHECK.
      await db.schema
        .createTable('audit_log_next')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
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
        .addCheckConstraint('audit_target_type', TARGETS)
        .execute();
      await sql`insert into audit_log_next (id, created_at_ms, actor_user_id, actor_login, action, target_type,
          target_id, account_id, before_json, after_json, reason, trx)
        select id, created_at_ms, actor_user_id, actor_login, action, target_type, target_id, account_id,
          before_json, after_json, reason, trx
        from audit_log order by id`.execute(db);
      await sql`drop table audit_log`.execute(db);
      await sql`alter table audit_log_next rename to audit_log`.execute(db);
      await db.schema.createIndex('audit_time').on('audit_log').column('created_at_ms').execute();
      await db.schema.createIndex('audit_account').on('audit_log').columns(['account_id', 'id']).execute();
      await appendOnly(db, dialect, 'audit_log');
    },
  };
}
