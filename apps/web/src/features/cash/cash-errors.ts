// docs/product.md section 8 for cash calls: after a refused or failed call, does the modal stay open (with a reset
// form) or close, and must the device details be refreshed? The toast text itself is api/error-toast.ts.
import { ERR } from '@cashdesk/contract';
import type { ApiFailure } from '../../api/api-error';

export type CashErrorOutcome =
  /** The cashier can correct the amount and try again (limits, overdraft). */
  | 'stayOpen'
  | 'close'
  /** The player's balance was not what the screen showed: close and reload the device. */
  | 'closeAndRefresh'
  /** A payout that waits for the player's identity (428): record it, then send the same call again. */
  | 'askIdentity';

export function cashErrorOutcome(failure: ApiFailure): CashErrorOutcome {
  const { status, err } = failure;
  if (err === ERR.minAmount || err === ERR.maxAmount) return 'stayOpen';
  // What is left of the player's daily limit is in the message: a smaller amount may pass.
  if (err === ERR.depositLimit) return 'stayOpen';
  if (err === ERR.identityRequired) return 'askIdentity';
  // Only the overdraft (or a bare 409, the spec's) leaves the amount to correct; another 409 is not about
  // the amount.
  if (err === ERR.overdraft || (status === 409 && err === null)) return 'stayOpen';
  if (err === ERR.notEnoughMoney || err === 'negative balance') return 'closeAndRefresh';
  // The device left the venue since the screen read it: what the screen shows of it is stale.
  if (err === ERR.deviceMoved) return 'closeAndRefresh';
  // Blocks, 406 (another cashdesk, device not available), an excluded player, a seat holding another
  // player's money, 401, 500, network and anything else.
  return 'close';
}
