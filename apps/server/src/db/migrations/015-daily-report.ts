// The daily report (docs/product.md section 15): each venue's clock. `time_zone` is an IANA name (the
// contract checks it with Intl before it is stored) and `day_starts_at` the hour, on that zone's wall
// clocks, its gaming day starts. Existing venues get UTC and 06:00 (contract DEFAULT_DAY_STARTS_AT).
import { sql, type Kysely, type Migration } from 'kysely';
import { DEFAULT_DAY_STARTS_AT, DEFAULT_TIME_ZONE } from '@cashdesk/contract';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export const dailyReportMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('accounts')
      .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo(DEFAULT_TIME_ZONE))
      .execute();
    await db.schema
      .alterTable('accounts')
      .addColumn('day_starts_at', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(DEFAULT_DAY_STARTS_AT)
          .check(sql`day_starts_at >= 0 and day_starts_at <= 23`),
      )
      .execute();
    // The day's approvals by when they were decided (requests and expiries use approvals_account_status).
    await db.schema
      .createIndex('approvals_account_decided')
      .on('approvals')
      .columns(['account_id', 'decided_at_ms'])
      .execute();
  },
};
