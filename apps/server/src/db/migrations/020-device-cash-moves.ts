// The device list's 24-hour figures (devices/devices.repository.ts deviceTotalsSince: each device's deposits
// and withdrawals of the last 24 hours) read the cashiers' money moves alone. Through 004's
// ledger_device_time, which holds every ledger row, the sums walked a busy cabinet's game play of the day
// (hundreds of rows an hour against a few cash moves) and read each row from the table to tell its kind.
// A partial index of the cash-move rows alone, holding what the sums read: the query never visits a game
// row nor the table, and a game event writes no entry to it. (The last deposit and withdraw seek 004's
// ledger_device_kind, whose key already starts with the kind: one entry per device.)
// The tills' daily totals (cash-moves.repository.ts venueMovesSince: the venue's deposits and withdrawals
// of the last 24 hours) read them the same way, by venue, through a second partial index: through 016's
// index of the venue's `entries` rows they walked every bet and win of the day.
// Their condition is written in the query word for word (cash-moves.repository.ts cashMoveRowsOf): SQLite
// uses a partial index only when the query states its terms, and PostgreSQL cannot match a parameter
// against them.
import { sql, type Kysely, type Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export const deviceCashMovesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('ledger_device_cash_time')
      .on('ledger_entries')
      .columns(['device_id', 'created_at_ms', 'kind', 'amount_cents'])
      .where(sql<boolean>`line = 'entries' and kind in ('deposit', 'withdraw')`)
      .execute();
    await db.schema
      .createIndex('ledger_account_cash_time')
      .on('ledger_entries')
      .columns(['account_id', 'created_at_ms', 'device_id', 'kind', 'amount_cents'])
      .where(sql<boolean>`line = 'entries' and kind in ('deposit', 'withdraw')`)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('ledger_account_cash_time').execute();
    await db.schema.dropIndex('ledger_device_cash_time').execute();
  },
};
