// One attempt of a cash call and what its definitive answer tells the cashier, the same for the first send
// (from the cash modal, use-cash-call.ts) and every resend with the operation's own trx (its schedule, a
// reconnect, "Check again"): a success always shows its toast, keeps the outcome of a payout held for a
// manager and prints its receipt if one was chosen; a refusal shows its own toast. Only where the cashier
// reads it differs: a first send's toast is short (they are at the place) and its receipt prints in the
// modal's place; an operation confirmed later names its device and place, and its receipt prints from the
// till's notices (till-notices.tsx), wherever the cashier is by then. An attempt without a definitive
// answer tells nothing here: a first send's toast says so (use-cash-call.ts), the notice shows why.
import { errorToast } from '../../../api/error-toast';
import { formatMoney } from '../../../lib/money';
import type { AppThunk } from '../../../store/hooks';
import { toastShown } from '../../../store/toasts-slice';
import { buildReceipt, type ReceiptData } from '../receipt-data';
import { heldOutcomeOf } from './held-outcome';
import { recordHeldOutcome } from './held-outcome-actions';
import { sendCashOperation, type SendOutcome } from './send-cash-operation';
import { receiptQueued } from './unconfirmed-slice';

/** The first send of a new operation (the cash modal's), or a resend of one not confirmed yet. */
export type CashCallAttempt = 'first' | 'resend';

type Success = Extract<SendOutcome, { kind: 'success' }>;

export type CashCallOutcome =
  /** `receipt`: the success's, if one was chosen; the modal prints it in its place (a resend's is queued). */
  (Success & { receipt: ReceiptData | null }) | Exclude<SendOutcome, Success>;

/** Sends the recorded operation `trx` once; null when it is gone or already on the wire from this page. */
export function sendCashCall(
  trx: string,
  attempt: CashCallAttempt,
): AppThunk<Promise<CashCallOutcome | null>> {
  return async (dispatch) => {
    const outcome = await dispatch(sendCashOperation(trx));
    if (outcome?.kind === 'success') return { ...outcome, receipt: dispatch(succeeded(outcome, attempt)) };
    if (outcome?.kind === 'refused') {
      const { operation, failure } = outcome;
      // The balances are fetched again by the cash call's own tags (api/cash-api.ts), refused or not.
      dispatch(toastShown(errorToast(failure, operation.remotePin === null ? 'default' : 'remote')));
      dispatch(recordHeldOutcome(heldOutcomeOf(operation, { failure })));
    }
    return outcome;
  };
}

/** The one success path, first send or resend. */
function succeeded({ operation, result }: Success, attempt: CashCallAttempt): AppThunk<ReceiptData | null> {
  return (dispatch) => {
    const later = attempt === 'resend';
    // A cash-out a manager approved pays at most what was approved: what the seat won while it waited stays
    // on it (docs/product.md section 12), and the cashier must not think the seat is empty.
    const left = later && operation.cashOut ? result.balances.entries : 0;
    dispatch(
      toastShown({
        id: `cash:${result.trx}`,
        kind: 'success',
        key: later
          ? `cash:unconfirmed.confirmed.${left ? 'paidLess' : operation.kind}`
          : `cash:success.${operation.kind}`,
        params: {
          amount: formatMoney(Math.abs(result.delta), result.currency),
          ...(later ? { device: operation.deviceName, id: operation.deviceId, place: operation.place } : {}),
          ...(left ? { left: formatMoney(left, result.currency) } : {}),
        },
      }),
    );
    // Only a payout that waited for a manager has an outcome to keep (never a first send's).
    const paid = { delta: result.delta, entries: result.balances.entries };
    dispatch(recordHeldOutcome(heldOutcomeOf(operation, { paid })));
    // Built from the answer, with the device, place and cashier the operation was sent with.
    const receipt = operation.print
      ? buildReceipt({
          result,
          kind: operation.kind,
          device: { id: operation.deviceId, name: operation.deviceName, uuid: operation.deviceUuid },
          place: { place: operation.place },
          remote: operation.remotePin !== null,
          cashier: operation.cashierName,
        })
      : null;
    if (receipt && later) dispatch(receiptQueued(receipt));
    return receipt;
  };
}
