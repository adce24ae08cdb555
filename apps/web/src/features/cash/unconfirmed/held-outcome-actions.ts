// Keeps the stored outcomes of payouts held for a manager (held-outcomes-storage.ts, the record) and the
// screen's copy (unconfirmed-slice.ts) in step: recorded when the payout's answer comes, gone when the
// cashier dismisses it.
import type { AppThunk } from '../../../store/hooks';
import type { HeldOutcome } from './held-outcome';
import { removeOutcome, saveOutcome } from './held-outcomes-storage';
import { heldOutcomeDismissed, heldOutcomeRecorded } from './unconfirmed-slice';

export function recordHeldOutcome(outcome: HeldOutcome | null): AppThunk<void> {
  return (dispatch) => {
    if (!outcome) return;
    saveOutcome(outcome);
    dispatch(heldOutcomeRecorded(outcome));
  };
}

export function dismissHeldOutcome(outcome: Pick<HeldOutcome, 'cashierId' | 'trx'>): AppThunk<void> {
  return (dispatch) => {
    removeOutcome(outcome.cashierId, outcome.trx);
    dispatch(heldOutcomeDismissed(outcome.trx));
  };
}
