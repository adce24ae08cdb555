// The till lock (docs/web-app.md): a session can be locked by its cashier. Kept on the session row, so
// a reload, a second tab and every server process see the same lock.
import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they change */
export const sessionLockMigration: Migration = {
  async up(db: Kysely<any>) {
    // null: unlocked; otherwise when the till was locked.
    await db.schema.alterTable('sessions').addColumn('locked_at_ms', 'bigint').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('sessions').dropColumn('locked_at_ms').execute();
  },
};
