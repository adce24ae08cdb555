// A cashier's call whose trx they already used is a replay: the ledger answers it (the stored answer, or
// 422 `trx conflict` when the request changed) and nothing before the ledger may refuse it, since its
// money may have moved and the client is only asking what happened (docs/money.md, idempotency). The route
// checks that run before the ledger (the open shift, the device, the PIN) ask here first.
import type { Executor } from '../db/database.js';
import { userScope } from './keys.js';
import { findOperationStatement, type StoredOperation } from './operations.repository.js';

/**
 * The stored record of the cashier's call with this trx, if they made one (the ledger's userScope): its
 * statement, for reads sent together (db/pipelined-transaction.ts).
 */
export function findCashierCallStatement(db: Executor, cashierId: number, trx: string) {
  return findOperationStatement(db, userScope(cashierId), trx);
}

/**
 * Whether the cash call on `deviceId` repeats `stored`, a call the cashier made with the same trx: only
 * when it was on that device. Then only the ledger answers it. A trx first used on another device is no
 * replay of this call: it goes through every check (a device of another venue stays 406), and the ledger
 * refuses its reuse.
 */
export function isReplayOn(stored: StoredOperation | undefined, deviceId: number): boolean {
  return stored !== undefined && stored.device_id === deviceId;
}
