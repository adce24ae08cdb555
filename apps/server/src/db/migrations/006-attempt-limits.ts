// Attempt limits against PIN guessing (docs/security.md): a device's PIN ends after a number of wrong tries
// against it (and the one it replaced is remembered, so terminals still showing the old one are not counted
// as guessing), and a locked till's password tries are counted per session.
import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they change */
export const attemptLimitsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('devices')
      .addColumn('pin_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('devices').addColumn('pin_previous', 'text').execute();
    await db.schema
      .alterTable('sessions')
      .addColumn('unlock_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('sessions').dropColumn('unlock_failures').execute();
    await db.schema.alterTable('devices').dropColumn('pin_previous').execute();
    await db.schema.alterTable('devices').dropColumn('pin_failures').execute();
  },
};
