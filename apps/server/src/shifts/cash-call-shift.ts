// The shift a cashier's cash call needs and is booked to (docs/shifts.md). When the venue uses shifts the
// cashier needs an open one: 403 `no open shift`, nothing moves, the trx stays usable. Checked twice:
//   - at the route, with the permissions, before the ledger claims the trx (assertShiftForCashCall): it
//     only answers early, on the gate the cash route reads beside the device (findShiftGateStatement,
//     cash/cash.routes.ts);
//   - inside the operation's money transaction, a ledger batch (ledger/batch.ts): its read phase reads the
//     open shifts FOR SHARE (readOpenShifts; PostgreSQL, SQLite holds the write lock), its decide phase
//     ties the operation to the shift (shiftOfOperation) and the shift is written with the operation's
//     record. A close racing the call (the close takes the row FOR UPDATE) either waits for the call and
//     counts it, or has closed first and the call is refused: never lost between the two.
import { ERR } from '@cashdesk/contract';
import type { DialectName, Executor } from '../db/database.js';
import type { Pipeline } from '../db/pipelined-transaction.js';
import { shapedStatement } from '../db/query-shapes.js';
import { lockedOn } from '../db/row-locks.js';
import type { AccountRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';

// ---- At the route -----------------------------------------------------------------------------------

export interface ShiftGate {
  /** The venue's `shifts` setting (1: cash calls need an open shift). */
  shifts: number;
  open_shift_id: number | null;
}

/**
 * Whether the cashier's venue uses shifts, and the cashier's open shift (assertShiftForCashCall); compiled
 * once (db/query-shapes.ts): every cash call asks this.
 */
export function findShiftGateStatement(db: Executor, cashier: { id: number; account_id: number }) {
  return shapedStatement(db, 'findShiftGate', [cashier.id, cashier.account_id], ([userId, accountId]) =>
    db
      .selectFrom('accounts as a')
      .select((eb) => [
        'a.shifts',
        eb
          .selectFrom('shifts as s')
          .select('s.id')
          .where('s.user_id', '=', userId as number)
          .where('s.closed_at_ms', 'is', null)
          .as('open_shift_id'),
      ])
      .where('a.id', '=', accountId as number)
      .compile(),
  );
}

export async function findShiftGate(
  db: Executor,
  cashier: { id: number; account_id: number },
): Promise<ShiftGate | undefined> {
  return (await db.executeQuery(findShiftGateStatement(db, cashier))).rows[0];
}

/**
 * 403 `no open shift` when the venue uses shifts and the cashier has none open, unless the call repeats
 * one the cashier made (`storedCall`): a replay of a call made before the close gets its stored answer
 * from the ledger, not a refusal.
 */
export function assertShiftForCashCall(gate: ShiftGate | undefined, storedCall: boolean): void {
  if (!gate || gate.shifts !== 1 || gate.open_shift_id !== null || storedCall) return;
  throw new ApiError(ERR.noOpenShift);
}

// ---- Inside the ledger's batch ------------------------------------------------------------------------

/**
 * The open shifts of these cashiers, read locked for share on PostgreSQL (in user order), for a ledger
 * batch (readOpenShifts); at least one user.
 */
export function openShiftsStatement(db: Executor, dialect: DialectName, userIds: readonly number[]) {
  return shapedStatement(db, `openShifts/${userIds.length}`, userIds, (placeholders) =>
    db
      .selectFrom('shifts')
      .select(['user_id', 'id'])
      .where('user_id', 'in', placeholders as number[])
      .where('closed_at_ms', 'is', null)
      .orderBy('user_id')
      .$call(lockedOn(dialect, 'share'))
      .compile(),
  );
}

/**
 * Sends the read of these cashiers' open shifts (locked for share) down the batch's pipeline at once;
 * resolves to each one's open shift id (none: no entry).
 */
export function readOpenShifts(
  pipe: Pipeline,
  db: Executor,
  dialect: DialectName,
  userIds: Iterable<number>,
): Promise<Map<number, number>> {
  // The query orders (and so locks) the rows by user; the list needs no order of its own.
  const users = [...new Set(userIds)];
  // PostgreSQL refuses an empty `in ()`, SQLite takes it: the mutation run (SQLite only) cannot see this.
  // Stryker disable next-line all: pg-empty-in
  if (users.length === 0) return Promise.resolve(new Map());
  return pipe
    .run(openShiftsStatement(db, dialect, users))
    .then((rows) => new Map(rows.map((row) => [row.user_id, row.id])));
}

/**
 * The shift a cash operation belongs to: null when the venue does not use shifts. Without an open shift
 * it throws 403 `no open shift`, a refusal that claims nothing, so the trx stays usable.
 */
export function shiftOfOperation(
  account: Pick<AccountRow, 'shifts'>,
  openShiftId: number | undefined,
): number | null {
  if (account.shifts !== 1) return null;
  if (openShiftId === undefined) throw new ApiError(ERR.noOpenShift);
  return openShiftId;
}
