// The route-level check of a cashier's cash call (with the permissions, before the ledger claims the trx):
// when the venue uses shifts, the cashier needs an open one (403 `no open shift`, nothing moves, the trx
// stays usable). The ledger checks again inside its transaction (shift-of-operation.ts); this check only
// answers early, with one query.
import { ERR } from '@cashdesk/contract';
import type { CashierRow } from '../auth/guards.js';
import type { Executor } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { findCashierCall } from '../ledger/cashier-replay.js';

export async function assertShiftForCashCall(
  db: Executor,
  cashier: Pick<CashierRow, 'id' | 'account_id'>,
  trx: string,
): Promise<void> {
  const row = await db
    .selectFrom('accounts as a')
    .select((eb) => [
      'a.shifts',
      eb
        .selectFrom('shifts as s')
        .select('s.id')
        .where('s.user_id', '=', cashier.id)
        .where('s.closed_at_ms', 'is', null)
        .as('open_shift_id'),
    ])
    .where('a.id', '=', cashier.account_id)
    .executeTakeFirst();
  if (!row || row.shifts !== 1 || row.open_shift_id !== null) return;
  // A replay of a call made before the close gets its stored answer from the ledger, not a refusal.
  if (await findCashierCall(db, cashier.id, trx)) return;
  throw new ApiError(ERR.noOpenShift);
}
