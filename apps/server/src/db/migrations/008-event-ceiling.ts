// A venue's ceiling on one game event's amount (contract DEFAULT_MAX_EVENT_AMOUNT_CENTS unless the back
// office sets another): the gateway refuses a bet or win above it instead of booking up to 2^53 - 1.
import { DEFAULT_MAX_EVENT_AMOUNT_CENTS } from '@cashdesk/contract';
import { sql, type Kysely, type Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export const eventCeilingMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('accounts')
      .addColumn('max_event_amount_cents', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(DEFAULT_MAX_EVENT_AMOUNT_CENTS)
          .check(sql`max_event_amount_cents > 0`),
      )
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('accounts').dropColumn('max_event_amount_cents').execute();
  },
};
