// Ties a cashier's cash operation to the cashier's open shift, inside the operation's money transaction.
// The ledger calls it right after claiming the trx. Reading the open shift FOR SHARE (PostgreSQL; SQLite
// holds the write lock) means a close racing the call (the close takes the row FOR UPDATE) either waits
// for the call and counts it, or has closed first and the call is refused: never lost between the two.
import { ERR } from '@cashdesk/contract';
import type { DialectName, Tx } from '../db/database.js';
import type { AccountRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { findOpenShift } from './shifts.repository.js';

/**
 * Nothing when the account does not use shifts. Otherwise writes the operation's shift_id, or throws 403
 * `no open shift`: thrown, so the transaction rolls back with the claim and the trx stays usable.
 */
export async function tieOperationToShift(
  tx: Tx,
  dialect: DialectName,
  op: { account: Pick<AccountRow, 'shifts'>; user_id: number; operation_id: number },
): Promise<void> {
  if (op.account.shifts !== 1) return;
  const shift = await findOpenShift(tx, op.user_id, { dialect, mode: 'share' });
  if (!shift) throw new ApiError(ERR.noOpenShift);
  await tx.updateTable('operations').set({ shift_id: shift.id }).where('id', '=', op.operation_id).execute();
}
