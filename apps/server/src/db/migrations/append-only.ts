// Makes a table append-only at the database level: UPDATE and DELETE are refused on either dialect, so
// no route, repository function or hand-typed query can rewrite the books or the audit trail.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
/** Refuses UPDATE and DELETE on a table at the database level. */
export async function appendOnly(db: Kysely<any>, dialect: DialectName, table: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql`create or replace function refuse_change() returns trigger language plpgsql as $$
      begin raise exception 'append-only table %', tg_table_name; end $$`.execute(db);
    await sql`create trigger ${sql.raw(table)}_append_only before update or delete on ${sql.table(table)}
      for each row execute function refuse_change()`.execute(db);
    return;
  }
  for (const op of ['update', 'delete']) {
    await sql`create trigger ${sql.raw(`${table}_no_${op}`)} before ${sql.raw(op)} on ${sql.table(table)}
      begin select raise(abort, ${sql.lit(`append-only table ${table}`)}); end`.execute(db);
  }
}
