// Ties a cashier's cash operation to the cashier's open shift, inside the operation's money transaction
// (a ledger batch, ledger/batch.ts: read in phase 3, decided in phase 4, written with the operation's
// record). Reading the open shift FOR SHARE (PostgreSQL; SQLite holds the write lock) means a close
// racing the call (the close takes the row FOR UPDATE) either waits for the call and counts it, or has
// closed first and the call is refused: never lost between the two.
import { ERR } from '@cashdesk/contract';
import type { DialectName, Executor } from '../db/database.js';
import type { Pipeline } from '../db/pipelined-transaction.js';
import type { AccountRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { openShiftsStatement } from './shifts.repository.js';

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
