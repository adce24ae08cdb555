// What counts as a cashier's money move, in one place: the rows the device list's 24-hour figures, the
// venue's daily totals and the cashier reports (History, Statistic) all read, so the three never disagree on
// what they hold (the device list once left the phones out). A move is a deposit or withdraw row on a place's
// entries line, whether made at a cabinet or on a home-play phone: the other ledger kinds are the float's own
// moves (float_top_up, float_withdraw), game play (device_event) and promotions (final_bonus_*).
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Database, LedgerEntriesTable, LedgerKind } from '../db/schema.js';

/** The ledger kinds of a cashier's money move. */
export const CASH_MOVE_KINDS = ['deposit', 'withdraw'] as const satisfies readonly LedgerKind[];

/**
 * A place's cash history: the cashiers' moves and the managers' corrections of them, which read as
 * corrections (never as a deposit or withdraw) and count in no cashier's total. Corrections booked before
 * migration 017 carry the kind they reversed to (the ledger is append-only); their operation tells them.
 */
export const CASH_HISTORY_KINDS = [...CASH_MOVE_KINDS, 'correction'] as const satisfies readonly LedgerKind[];

/**
 * A cash-out, as the books tell it afterwards: a withdraw that left the place at 0. A cash-out call
 * (money-rules.ts decideCashOut) always does, and so does a withdraw of the whole balance, the spec's own
 * cash-out (docs/money.md). The one definition the shift's figures (SQL, on the entries rows of `l`) and
 * the metrics (on a call's answer) both count by.
 */
export function leftPlaceEmpty(delta: number, entriesAfter: unknown): boolean {
  return delta < 0 && entriesAfter === 0;
}

/** leftPlaceEmpty on an entries row of `l`. */
export const leftPlaceEmptyRow = sql<boolean>`(l.amount_cents < 0 and l.balance_after_cents = 0)`;

/**
 * The cashier money moves of the ledger, as `l`, for a caller to narrow (account, devices, time); with
 * `CASH_HISTORY_KINDS`, the corrections of them too.
 */
export function cashMoves(db: Executor, kinds: readonly LedgerKind[] = CASH_MOVE_KINDS) {
  return db
    .selectFrom('ledger_entries as l')
    .where('l.line', '=', 'entries')
    .where('l.kind', 'in', [...kinds]);
}

/**
 * `cashMoves`' condition on the ledger rows of `table`, written with literals, word for word the condition
 * of migration 020's partial index of the cash-move rows: SQLite uses a partial index only when the query
 * states the index's terms, and PostgreSQL cannot match a parameter against one. For queries of a device's
 * moves (the device list), which that index serves without a game row read.
 */
export function cashMoveRowsOf(table: 'l') {
  const kinds = sql.join(CASH_MOVE_KINDS.map((kind) => sql.lit(kind)));
  return sql<boolean>`${sql.ref(`${table}.line`)} = ${sql.lit('entries')} and ${sql.ref(`${table}.kind`)} in (${kinds})`;
}

/**
 * Deposits and withdraws summed over the rows of `cashMoves`: deposits put cents onto a place (positive
 * rows), withdraws take them off (negative rows, summed here as a negative figure).
 */
export function cashMoveSums(eb: ExpressionBuilder<Database & { l: LedgerEntriesTable }, 'l'>) {
  return [
    eb.fn
      .sum<number>(eb.case().when('l.kind', '=', 'deposit').then(eb.ref('l.amount_cents')).else(0).end())
      .as('deposit'),
    eb.fn
      .sum<number>(eb.case().when('l.kind', '=', 'withdraw').then(eb.ref('l.amount_cents')).else(0).end())
      .as('withdraw'),
  ] as const;
}

/**
 * The venue's money moves on every device it holds (cabinets and home-play phones) since `sinceMs`,
 * in cents: deposits, and withdraws as a positive size.
 */
export async function venueMovesSince(
  db: Executor,
  accountId: number,
  sinceMs: number,
): Promise<{ deposit: number; withdraw: number }> {
  const [byDevice, held] = await Promise.all([
    venueMovesByDevice(db, accountId, sinceMs),
    db.selectFrom('devices').select('id').where('account_id', '=', accountId).execute(),
  ]);
  const holds = new Set(held.map((d) => d.id));
  let deposit = 0;
  let withdraw = 0;
  for (const moves of byDevice) {
    if (!holds.has(moves.device_id)) continue;
    deposit += moves.deposit;
    withdraw += moves.withdraw;
  }
  return { deposit, withdraw };
}

/**
 * The venue's money moves since `sinceMs` by device, those booked to the venue alone (withdraws as a
 * positive size), of every device that had any, still the venue's or not. One range of migration 020's
 * partial index of the cash moves by account (the venue's game play is never read), and no join: joined
 * to the devices (or `device_id in (select ...)`), PostgreSQL plans by its row estimates, and on a freshly
 * grown devices table (statistics not yet gathered) it compared every move with every device of the venue
 * (35-45 ms for 300 cabinets' day, against 1 ms).
 */
export async function venueMovesByDevice(
  db: Executor,
  accountId: number,
  sinceMs: number,
): Promise<{ device_id: number; deposit: number; withdraw: number }[]> {
  const rows = await cashMoves(db)
    .where(cashMoveRowsOf('l'))
    .select((eb) => ['l.device_id', ...cashMoveSums(eb)])
    .where('l.account_id', '=', accountId)
    .where('l.created_at_ms', '>=', sinceMs)
    .groupBy('l.device_id')
    .execute();
  return rows.map((r) => ({
    device_id: Number(r.device_id),
    deposit: Number(r.deposit),
    withdraw: -Number(r.withdraw),
  }));
}
