// The floor's alerts get a kind, `structuring` (docs/product.md section 16): a player's cash of the gaming
// day clustering just under the cash report's thresholds. Migration 014 wrote the kinds into a CHECK on
// `alerts.kind`. PostgreSQL replaces that constraint. SQLite cannot alter a constraint, so the table is
// built again with the new one and the rows copied over with their ids, the way SQLite's documentation
// gives for any other change of a table's schema; nothing refers to `alerts`, and its one index, the
// partial unique `alerts_one_open`, is made again. One transaction, so nobody sees a half of it.
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';

/** The kinds this migration allows, written down here: a later kind is a later migration's. */
const KINDS = ['float_low', 'device_silent', 'shift_difference', 'withdrawals_hour', 'structuring'];
const COLUMNS = [
  'id',
  'account_id',
  'kind',
  'subject',
  'details',
  'started_at_ms',
  'cleared_at_ms',
  'acked_by_user_id',
  'acked_at_ms',
];

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
const kindCheck = sql`kind in (${sql.join(KINDS.map((kind) => sql.lit(kind)))})`;

async function rebuildOnSqlite(db: Kysely<any>): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement();
  // Migration 014's table, column for column, with the new CHECK.
  await db.schema
    .createTable('alerts_023')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(kindCheck))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('started_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('cleared_at_ms', 'bigint')
    .addColumn('acked_by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('acked_at_ms', 'bigint')
    .execute();
  const columns = sql.join(COLUMNS.map((column) => sql.ref(column)));
  await sql`insert into alerts_023 (${columns}) select ${columns} from alerts`.execute(db);
  // AUTOINCREMENT's counter (sqlite_sequence) goes along, so no id is handed out twice: the copy's counts
  // only the ids it got, not one given to a row since deleted. The rename then carries it.
  await sql`delete from sqlite_sequence where name = 'alerts_023'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq)
    select 'alerts_023', seq from sqlite_sequence where name = 'alerts'`.execute(db);
  await db.schema.dropTable('alerts').execute();
  await db.schema.alterTable('alerts_023').renameTo('alerts').execute();
  await db.schema
    .createIndex('alerts_one_open')
    .on('alerts')
    .columns(['account_id', 'kind', 'subject'])
    .unique()
    .where(sql.ref('cleared_at_ms'), 'is', null)
    .execute();
}

export function structuringAlertMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        // Migration 014's column CHECK, named by PostgreSQL's rule: <table>_<column>_check.
        await sql`alter table alerts drop constraint alerts_kind_check`.execute(db);
        await sql`alter table alerts add constraint alerts_kind_check check (${kindCheck})`.execute(db);
        return;
      }
      // Kysely runs PostgreSQL's migrations in a transaction, SQLite's not: ours, so nobody sees half.
      if (db.isTransaction) await rebuildOnSqlite(db);
      else await db.transaction().execute(rebuildOnSqlite);
    },
  };
}
