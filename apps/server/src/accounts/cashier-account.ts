// The venue of a signed-in cashier: the account every cashier call acts on (the float poll, the device
// and cash calls). 403 `user dont have account` once the account is gone.
import { ERR } from '@cashdesk/contract';
import type { CashierRow } from '../auth/index.js';
import type { Executor } from '../db/database.js';
import type { AccountRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { findAccount } from './accounts.repository.js';

export async function cashierAccount(
  db: Executor,
  cashier: Pick<CashierRow, 'account_id'>,
): Promise<AccountRow> {
  const account = await findAccount(db, cashier.account_id);
  if (!account) throw new ApiError(ERR.noAccount);
  return account;
}
