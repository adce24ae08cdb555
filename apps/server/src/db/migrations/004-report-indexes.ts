// Indexes for the report queries: the 24-hour summary and the latest deposit and withdraw of every device
// (device list and the detail polled every 5 s), which the first schema could only answer by reading all
// of a device's rows since it was linked, and the cashier's history, which SQLite answered through the
// venue's rows of every cashier and game. Measured in BENCHMARKS.md, "Decisions and their figures".
import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export const reportIndexesMigration: Migration = {
  async up(db: Kysely<any>) {
    // deviceTotalsSince: a device's rows of the last 24 hours, one range scan.
    await db.schema
      .createIndex('ledger_device_time')
      .on('ledger_entries')
      .columns(['device_id', 'created_at_ms'])
      .execute();
    // lastMoves: the highest id of a device's deposits (or withdraws) is the last entry of its range.
    await db.schema
      .createIndex('ledger_device_kind')
      .on('ledger_entries')
      .columns(['device_id', 'line', 'kind', 'id'])
      .execute();
    // cashierReport: one cashier's cash rows (line 'entries') in a time range, and nothing else.
    await db.schema
      .createIndex('ledger_user_line_time')
      .on('ledger_entries')
      .columns(['user_id', 'line', 'created_at_ms'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('ledger_user_line_time').execute();
    await db.schema.dropIndex('ledger_device_kind').execute();
    await db.schema.dropIndex('ledger_device_time').execute();
  },
};
