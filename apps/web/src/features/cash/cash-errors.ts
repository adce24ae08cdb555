// docs/product.md section 8 for cash calls: after a refused or failed call, does the modal stay open (with a reset
// form) or close, and must the device details be refreshed? The toast text itself is api/error-toast.ts.
import { ERR } from '@cashdesk/contract';
import type { ApiFailure } from '../../api/api-error';

export type CashErrorOutcome =
  /** The cashier can correct the amount and try again (limits, overdraft). */
  | 'stayOpen'
  | 'close'
  /** The player's balance was not what the screen showed: close and reload the device. */
  | 'closeAndRefresh';

export function cashErrorOutcome(failure: ApiFailure): CashErrorOutcome {
  const { status, err } = failure;
  if (err === ERR.minAmount || err === ERR.maxAmount) return 'stayOpen';
  if (status === 409 || err === ERR.overdraft) return 'stayOpen';
  if (err === ERR.notEnoughMoney || err === 'negative balance') return 'closeAndRefresh';
  // Blocks, 406 (another cashdesk, device not available), 401, 500, network and anything else.
  return 'close';
}
