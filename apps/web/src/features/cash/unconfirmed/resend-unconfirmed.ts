// Sends an unconfirmed operation again (on its schedule, on reconnect, or on "Check again") and tells the
// cashier how it ended: the success with the device, place and amount (and its receipt, if one was
// chosen), or the refusal's own toast; a payout that waited for a manager also leaves its outcome, kept
// until the cashier dismisses it (held-outcome.ts). An attempt without a definitive answer changes
// nothing the cashier sees but the reason shown beside the operation.
import { errorToast } from '../../../api/error-toast';
import type { AppThunk } from '../../../store/hooks';
import { toastShown } from '../../../store/toasts-slice';
import { formatMoney } from '../../../lib/money';
import { cashApi } from '../api/cash-api';
import { buildReceipt } from '../receipt-data';
import { heldOutcomeOf } from './held-outcome';
import { recordHeldOutcome } from './held-outcome-actions';
import { sendCashOperation } from './send-cash-operation';
import { receiptQueued, selectOperation } from './unconfirmed-slice';

export function resendUnconfirmed(trx: string): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const outcome = await dispatch(sendCashOperation(trx));
    if (!outcome) return;
    const { operation } = outcome;
    if (outcome.kind === 'success') {
      const { result } = outcome;
      // A cash-out a manager approved pays at most what was approved: what the seat won while it waited
      // stays on it (docs/product.md section 12), and the cashier must not think the seat is empty.
      const left = operation.cashOut ? result.balances.entries : 0;
      dispatch(
        toastShown({
          id: `cash:${result.trx}`,
          kind: 'success',
          key: `cash:unconfirmed.confirmed.${left ? 'paidLess' : operation.operation}`,
          params: {
            amount: formatMoney(Math.abs(result.delta), result.currency),
            device: operation.deviceName,
            id: operation.deviceId,
            place: operation.place,
            ...(left ? { left: formatMoney(left, result.currency) } : {}),
          },
        }),
      );
      const paid = { delta: result.delta, entries: result.balances.entries };
      dispatch(recordHeldOutcome(heldOutcomeOf(operation, { paid })));
      if (operation.print) {
        dispatch(
          receiptQueued(
            buildReceipt({
              result,
              operation: operation.operation,
              device: { id: operation.deviceId, name: operation.deviceName, uuid: operation.deviceUuid },
              place: { place: operation.place },
              remote: operation.remotePin !== null,
              cashier: operation.cashierName,
            }),
          ),
        );
      }
    } else if (outcome.kind === 'refused') {
      // The balances are fetched again by the cash call's own tags (api/cash-api.ts), refused or not.
      dispatch(toastShown(errorToast(outcome.failure, operation.remotePin === null ? 'default' : 'remote')));
      dispatch(recordHeldOutcome(heldOutcomeOf(operation, { failure: outcome.failure })));
    }
  };
}

/**
 * The connection is back (the browser's `online`, the live-updates stream reopened): every operation an
 * attempt left undecided is sent again now, without waiting for its backoff. One whose first request
 * another tab still has on the wire (no problem recorded yet) is left to its schedule.
 */
export function resendAllUnconfirmed(): AppThunk<void> {
  return (dispatch, getState) => {
    const { operations, sending } = getState().unconfirmed;
    for (const operation of operations) {
      if (operation.problem !== null && !sending.includes(operation.trx)) {
        void dispatch(resendUnconfirmed(operation.trx));
      }
    }
  };
}

/**
 * The cashier takes back a payout held for a manager (four eyes). Whatever the withdrawal answers (done, or
 * 409: a manager decided first), the operation's own trx is then asked again, and that answer ends it as
 * for any other: 403 `approval withdrawn` (the refusal's toast), or the manager's decision that won.
 */
export function withdrawWaiting(trx: string): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const approvalId = selectOperation(getState(), trx)?.approvalId;
    if (approvalId === undefined) return;
    await dispatch(cashApi.endpoints.withdrawApproval.initiate(approvalId, { track: false }));
    await dispatch(resendUnconfirmed(trx));
  };
}

/**
 * A live change of the approvals (`approvals: true`) named these devices: a payout held for a manager on
 * one of them may just have been decided, so it is asked again now instead of at its next resend (the push
 * that tells the till). Only such a change: other changes of a device must not feed the resends.
 */
export function resendWaitingOn(devices: readonly number[]): AppThunk<void> {
  return (dispatch, getState) => {
    const { operations, sending } = getState().unconfirmed;
    for (const operation of operations) {
      const waiting = operation.problem === 'approval' && devices.includes(operation.deviceId);
      if (waiting && !sending.includes(operation.trx)) void dispatch(resendUnconfirmed(operation.trx));
    }
  };
}
