// Sends an unconfirmed operation again, with its own trx (on its schedule, on reconnect, on "Check again",
// after a held payout is retracted or decided). How it ended is told by cash-call.ts, as for a first send:
// the success with the device, place and amount (and its receipt, if one was chosen), or the refusal's own
// toast; a payout that waited for a manager also leaves its outcome, kept until the cashier dismisses it
// (held-outcome.ts). An attempt without a definitive answer changes nothing the cashier sees but the reason
// shown beside the operation.
import type { AppThunk } from '../../../store/hooks';
import { cashApi } from '../api/cash-api';
import { sendCashCall, type CashCallOutcome } from './cash-call';
import type { UnconfirmedOperation } from './unconfirmed-operation';
import { selectOperation } from './unconfirmed-slice';

export function resendUnconfirmed(trx: string): AppThunk<Promise<CashCallOutcome | null>> {
  return (dispatch) => dispatch(sendCashCall(trx, 'resend'));
}

/**
 * The connection is back (the browser's `online`, the live-updates stream reopened): every operation an
 * attempt left undecided is sent again now, without waiting for its backoff. One whose first request
 * another tab still has on the wire (no problem recorded yet) is left to its schedule.
 */
export function resendAllUnconfirmed(): AppThunk<void> {
  return resendEach((operation) => operation.problem !== null);
}

/**
 * The cashier retracts a payout held for a manager (four eyes). Whatever the retraction answers (done, or
 * 409: a manager decided first), the operation's own trx is then asked again, and that answer ends it as
 * for any other: 403 `approval withdrawn` (the refusal's toast), or the manager's decision that won.
 */
export function retractWaiting(trx: string): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const approvalId = selectOperation(getState(), trx)?.approvalId;
    if (approvalId === undefined) return;
    await dispatch(cashApi.endpoints.retractApproval.initiate(approvalId, { track: false }));
    await dispatch(resendUnconfirmed(trx));
  };
}

/**
 * A live change of the approvals (`approvals: true`) named these devices: a payout held for a manager on
 * one of them may just have been decided, so it is asked again now instead of at its next resend (the push
 * that tells the till). Only such a change: other changes of a device must not feed the resends.
 */
export function resendWaitingOn(devices: readonly number[]): AppThunk<void> {
  return resendEach((operation) => operation.problem === 'approval' && devices.includes(operation.deviceId));
}

/** Sends again now each operation `due` picks that this page has no attempt of on the wire. */
function resendEach(due: (operation: UnconfirmedOperation) => boolean): AppThunk<void> {
  return (dispatch, getState) => {
    const { operations, sending } = getState().unconfirmed;
    for (const operation of operations) {
      if (due(operation) && !sending.includes(operation.trx)) void dispatch(resendUnconfirmed(operation.trx));
    }
  };
}
