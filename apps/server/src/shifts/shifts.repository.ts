// Row access for cash-drawer shifts (migration 010): the open shift of a cashier, the sums of a shift's
// cash operations read from the ledger, the close, and the back office's list and Z-reports.
import type { OpenShift, ShiftListRow, XReport, ZReport } from '@cashdesk/contract';
import { sql, type Insertable } from 'kysely';
import type { DialectName, Executor, Tx } from '../db/database.js';
import { lockedOn, type LockStrength } from '../db/row-locks.js';
import type { ShiftRow, ShiftsTable } from '../db/schema.js';
import { CASH_MOVE_KINDS, leftPlaceEmptyRow } from '../ledger/cash-moves.repository.js';
import { countsOf, movementsOf, movementTotals, type MovementTotals } from './drawer.repository.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** The cashier's open shift; `lock` takes its row lock on PostgreSQL (db/row-locks.ts). */
export async function findOpenShift(
  db: Executor | Tx,
  userId: number,
  lock?: { dialect: DialectName; mode: LockStrength },
): Promise<ShiftRow | undefined> {
  const query = db
    .selectFrom('shifts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('closed_at_ms', 'is', null);
  return (lock ? query.$call(lockedOn(lock.dialect, lock.mode)) : query).executeTakeFirst();
}

export async function insertShift(tx: Tx, row: Insertable<ShiftsTable>): Promise<ShiftRow> {
  return tx.insertInto('shifts').values(row).returningAll().executeTakeFirstOrThrow();
}

export interface ShiftTotals {
  deposits: number;
  deposits_cents: number;
  withdraws: number;
  cash_outs: number;
  cash_outs_cents: number;
  /** Partial withdraws and cash-outs together, as a positive magnitude. */
  withdrawals_cents: number;
}

/**
 * The cash operations of a shift, from the ledger's entries rows of the operations tied to it (a refused
 * call wrote no row). A withdraw that left the place at 0 is a cash-out (ledger/cash-moves.repository.ts).
 */
export async function shiftTotals(db: Executor | Tx, shiftId: number): Promise<ShiftTotals> {
  const row = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('operations as o', 'o.id', 'l.operation_id')
    .where('o.shift_id', '=', shiftId)
    .where('l.line', '=', 'entries')
    .where('l.kind', 'in', [...CASH_MOVE_KINDS])
    .select([
      sql<number>`coalesce(sum(case when l.amount_cents > 0 then 1 else 0 end), 0)`.as('deposits'),
      sql<number>`coalesce(sum(case when l.amount_cents > 0 then l.amount_cents else 0 end), 0)`.as(
        'deposits_cents',
      ),
      sql<number>`coalesce(sum(case when l.amount_cents < 0 and not ${leftPlaceEmptyRow} then 1 else 0 end), 0)`.as(
        'withdraws',
      ),
      sql<number>`coalesce(sum(case when ${leftPlaceEmptyRow} then 1 else 0 end), 0)`.as('cash_outs'),
      sql<number>`coalesce(sum(case when ${leftPlaceEmptyRow} then -l.amount_cents else 0 end), 0)`.as(
        'cash_outs_cents',
      ),
      sql<number>`coalesce(sum(case when l.amount_cents < 0 then -l.amount_cents else 0 end), 0)`.as(
        'withdrawals_cents',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    deposits: Number(row.deposits),
    deposits_cents: Number(row.deposits_cents),
    withdraws: Number(row.withdraws),
    cash_outs: Number(row.cash_outs),
    cash_outs_cents: Number(row.cash_outs_cents),
    withdrawals_cents: Number(row.withdrawals_cents),
  };
}

/** Cash operations that moved money under the shift so far (refusals are tied but answered non-200). */
export async function countShiftOperations(db: Executor, shiftId: number): Promise<number> {
  const row = await db
    .selectFrom('operations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shift_id', '=', shiftId)
    .where('status_code', '=', 200)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ShiftClose extends ShiftTotals, MovementTotals {
  closed_at_ms: number;
  close_trx: string;
  counted_cents: number;
  expected_cents: number;
  difference_cents: number;
}

export async function writeShiftClose(tx: Tx, shiftId: number, close: ShiftClose): Promise<void> {
  await tx.updateTable('shifts').set(close).where('id', '=', shiftId).execute();
}

export function toOpenShift(row: ShiftRow, operations: number): OpenShift {
  return {
    id: row.id,
    opened_at: iso(row.opened_at_ms),
    opening_cents: row.opening_cents,
    operations,
  };
}

/** A shift with its venue and cashier; `accountId` keeps it to one venue. */
async function shiftWithWho(db: Executor | Tx, shiftId: number, accountId?: number) {
  return db
    .selectFrom('shifts as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select(['a.name as venue', 'a.currency', 'u.name as cashier_name', 'u.login as cashier_login'])
    .where('s.id', '=', shiftId)
    .$if(accountId !== undefined, (q) => q.where('s.account_id', '=', accountId ?? 0))
    .executeTakeFirst();
}

type ShiftWithWho = NonNullable<Awaited<ReturnType<typeof shiftWithWho>>>;

/** What the X- and Z-reports both show: who, the opening, and what moved so far (or by the close). */
async function shiftFigures(
  db: Executor | Tx,
  row: ShiftWithWho,
  totals: ShiftTotals,
  movements: MovementTotals,
): Promise<
  Omit<ZReport, 'closed_at' | 'expected_cents' | 'counted_cents' | 'difference_cents' | 'closing_count'>
> {
  return {
    id: row.id,
    account_id: row.account_id,
    venue: row.venue,
    currency: row.currency,
    cashier_id: row.user_id,
    cashier_name: row.cashier_name,
    cashier_login: row.cashier_login,
    opened_at: iso(row.opened_at_ms),
    opening_cents: row.opening_cents,
    operations: totals.deposits + totals.withdraws + totals.cash_outs,
    deposits: totals.deposits,
    deposits_cents: totals.deposits_cents,
    withdraws: totals.withdraws,
    cash_outs: totals.cash_outs,
    cash_outs_cents: totals.cash_outs_cents,
    withdrawals_cents: totals.withdrawals_cents,
    ...movements,
    opening_count: (await countsOf(db, row.id)).open,
    movements: await movementsOf(db, row.id),
  };
}

/** A closed shift with its venue and cashier, as the Z-report shows it; undefined for an open one. */
export async function findZReport(
  db: Executor | Tx,
  shiftId: number,
  accountId?: number,
): Promise<ZReport | undefined> {
  const row = await shiftWithWho(db, shiftId, accountId);
  if (!row || row.closed_at_ms === null) return undefined;
  // The figures stored at the close (a shift closed before migration 021 has no movement figures: 0).
  const figure = (value: number | null) => value ?? 0;
  const stored: ShiftTotals = {
    deposits: figure(row.deposits),
    deposits_cents: figure(row.deposits_cents),
    withdraws: figure(row.withdraws),
    cash_outs: figure(row.cash_outs),
    cash_outs_cents: figure(row.cash_outs_cents),
    withdrawals_cents: figure(row.withdrawals_cents),
  };
  const movements: MovementTotals = {
    drops: figure(row.drops),
    drops_cents: figure(row.drops_cents),
    paid_ins: figure(row.paid_ins),
    paid_in_cents: figure(row.paid_in_cents),
    paid_outs: figure(row.paid_outs),
    paid_out_cents: figure(row.paid_out_cents),
  };
  return {
    ...(await shiftFigures(db, row, stored, movements)),
    closed_at: iso(row.closed_at_ms),
    expected_cents: figure(row.expected_cents),
    counted_cents: figure(row.counted_cents),
    difference_cents: figure(row.difference_cents),
    closing_count: (await countsOf(db, row.id)).close,
  };
}

/** An open shift's figures so far, read now (the X-report); undefined for a closed or unknown one. */
export async function findXReport(
  db: Executor,
  shiftId: number,
  nowMs: number,
): Promise<XReport | undefined> {
  const row = await shiftWithWho(db, shiftId);
  if (!row || row.closed_at_ms !== null) return undefined;
  const figures = await shiftFigures(
    db,
    row,
    await shiftTotals(db, row.id),
    await movementTotals(db, row.id),
  );
  return { ...figures, made_at: iso(nowMs) };
}

export interface ShiftListQuery {
  accountId: number;
  userId?: number;
  fromMs?: number;
  toMs?: number;
  /** Cursor: shifts older than this id. */
  beforeId?: number;
  limit: number;
}

/** Shifts of an account, newest first; a time window filters by the opening time. */
export async function listShifts(db: Executor, q: ShiftListQuery): Promise<ShiftListRow[]> {
  const rows = await db
    .selectFrom('shifts as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      'u.name as cashier_name',
      's.opened_at_ms',
      's.closed_at_ms',
      's.opening_cents',
      's.expected_cents',
      's.counted_cents',
      's.difference_cents',
    ])
    .where('s.account_id', '=', q.accountId)
    .$if(q.userId !== undefined, (s) => s.where('s.user_id', '=', q.userId ?? 0))
    .$if(q.fromMs !== undefined, (s) => s.where('s.opened_at_ms', '>=', q.fromMs ?? 0))
    .$if(q.toMs !== undefined, (s) => s.where('s.opened_at_ms', '<=', q.toMs ?? 0))
    .$if(q.beforeId !== undefined, (s) => s.where('s.id', '<', q.beforeId ?? 0))
    .orderBy('s.id', 'desc')
    .limit(q.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    cashier_id: row.user_id,
    cashier_name: row.cashier_name,
    opened_at: iso(row.opened_at_ms),
    closed_at: row.closed_at_ms === null ? null : iso(row.closed_at_ms),
    opening_cents: row.opening_cents,
    expected_cents: row.expected_cents,
    counted_cents: row.counted_cents,
    difference_cents: row.difference_cents,
  }));
}
