// The route-level check of a cashier's cash call (with the permissions, before the ledger claims the trx):
// when the venue uses shifts, the cashier needs an open one (403 `no open shift`, nothing moves, the trx
// stays usable). The ledger checks again inside its transaction (shift-of-operation.ts); this check only
// answers early, on what the cash route read beside the device (cash/cash.routes.ts).
import { ERR } from '@cashdesk/contract';
import { ApiError } from '../http/api-error.js';
import type { ShiftGate } from './shifts.repository.js';

/**
 * 403 `no open shift` when the venue uses shifts and the cashier has none open, unless the call repeats
 * one the cashier made (`storedCall`): a replay of a call made before the close gets its stored answer
 * from the ledger, not a refusal.
 */
export function assertShiftForCashCall(gate: ShiftGate | undefined, storedCall: boolean): void {
  if (!gate || gate.shifts !== 1 || gate.open_shift_id !== null || storedCall) return;
  throw new ApiError(ERR.noOpenShift);
}
