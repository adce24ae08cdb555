// The floor overview's day and hour sums (back-office/floor/floor.repository.ts hourlyCash) and the alert
// checks' withdrawals of the last hour read one venue's `entries` rows of a time window, and of each row
// only its kind and amount. With those two in the index (it replaces 014's ledger_account_line_time, a
// prefix of it) the read never visits the table: on the bench's venue of 1M ledger rows (BENCHMARKS.md,
// "Floor overview") the day-and-yesterday sum went from 6.3 ms to 2.1 ms on SQLite.
import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export const floorCashIndexMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('ledger_account_line_time_cash')
      .on('ledger_entries')
      .columns(['account_id', 'line', 'created_at_ms', 'kind', 'amount_cents'])
      .execute();
    await db.schema.dropIndex('ledger_account_line_time').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema
      .createIndex('ledger_account_line_time')
      .on('ledger_entries')
      .columns(['account_id', 'line', 'created_at_ms'])
      .execute();
    await db.schema.dropIndex('ledger_account_line_time_cash').execute();
  },
};
