// A venue's users by account: the back office's user list and the shift report (every cashier of the
// venue, idle ones too) read them on each call; without it, every user of every venue is read.
import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export const usersAccountIndexMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('users_account').on('users').column('account_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('users_account').execute();
  },
};
