// The account's blocks (docs/money.md, "Blocks"): which cashier calls a hard or light block refuses. One
// rule for the cash calls in the ledger and the remote-device calls of devices/, so they never disagree.
import { ERR, type ErrText } from '@cashdesk/contract';
import type { AccountRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';

type Blocks = Pick<AccountRow, 'is_hard_block_home_play' | 'is_light_block_home_play'>;

/**
 * What a cashier call is, as far as blocks go: a cash call is a deposit or a withdraw (cash-outs
 * included; ledger/money-rules.ts cashKind), any other call on a remote (home-play) device is `remote`.
 */
export type BlockedCall = { kind: 'deposit' | 'withdraw' | 'remote' };

/** The block refusal `call` gets, or null: hard refuses every cash and remote call, light every deposit. */
export function blockRefusal(account: Blocks, call: BlockedCall): ErrText | null {
  if (account.is_hard_block_home_play === 1) return ERR.hardBlock;
  if (call.kind === 'deposit' && account.is_light_block_home_play === 1) return ERR.lightBlock;
  return null;
}

/** Throws the 403 of `blockRefusal`. */
export function assertNotBlocked(account: Blocks, call: BlockedCall): void {
  const refusal = blockRefusal(account, call);
  if (refusal !== null) throw new ApiError(refusal);
}
