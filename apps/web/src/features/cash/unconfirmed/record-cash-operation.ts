// A new cash operation, recorded before its first request leaves: if the page dies while the request is
// on the wire, the next load still has the trx and settles it instead of forgetting it. Only a first send
// (use-cash-call.ts) records one, so this stays out of the resends' first load.
import type { AppThunk } from '../../../store/hooks';
import type { UnconfirmedOperation } from './unconfirmed-operation';
import { operationRecorded } from './unconfirmed-slice';
import { saveOperation } from './unconfirmed-storage';

export function recordCashOperation(operation: UnconfirmedOperation): AppThunk<void> {
  return (dispatch) => {
    saveOperation(operation);
    dispatch(operationRecorded(operation));
  };
}
