// Four eyes that cannot be dodged (docs/product.md section 12):
//   accounts.approval_window_minutes: a seat's payouts in this window count together against
//     `approval_above` (default 60), so a large payout split into small ones is still held;
//   approvals.amount_cents: what the manager approves, the payout's ceiling (a withdraw's size, or what a
//     cash-out would have taken when it was filed; what the seat wins meanwhile stays on it);
//   approvals.outcome_json: the ledger's refusal of an approved call (shown `failed`), null otherwise;
//   ledger_seat_payouts: a partial index of the payout rows alone (a seat's withdrawals and cash-outs by
//     time, with their venue and amounts: the query reads nothing else), so four eyes' window sum never walks the seat's game events: a busy seat
//     writes hundreds of them an hour, and a payout a few (ledger/ledger.repository.ts seatPayoutsStatement).
import { sql, type Kysely, type Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export const moneySafetyMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('accounts')
      .addColumn('approval_window_minutes', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(60)
          .check(sql`approval_window_minutes between 1 and 1440`),
      )
      .execute();
    await db.schema
      .alterTable('approvals')
      .addColumn('amount_cents', 'bigint', (c) => c.check(sql`amount_cents is null or amount_cents > 0`))
      .execute();
    await db.schema.alterTable('approvals').addColumn('outcome_json', 'text').execute();
    await db.schema
      .createIndex('ledger_seat_payouts')
      .on('ledger_entries')
      .columns(['device_id', 'place', 'created_at_ms', 'account_id', 'amount_cents'])
      .where(sql.ref('kind'), '=', sql.lit('withdraw'))
      .where(sql.ref('line'), '=', sql.lit('entries'))
      .execute();
    // Approvals filed before: a withdraw's size is what was asked; a cash-out's, what the cashier saw.
    await db
      .updateTable('approvals')
      .set({ amount_cents: sql`-delta_cents` })
      .execute();
  },
};
