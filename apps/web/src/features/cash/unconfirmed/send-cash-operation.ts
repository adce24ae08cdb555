// Sends a recorded cash operation (its first request, or the same request again) and keeps the stored
// record, the screen's copy and the meaning of the answer in step. The first send and the resends both
// go through here (by cash-call.ts), so there is one place where an answer ends an operation or leaves it
// open.
import type { ApprovalPending, CashResult } from '@cashdesk/contract';
import { apiFailure, type ApiFailure } from '../../../api/api-error';
import type { AppThunk } from '../../../store/hooks';
import { cashApi } from '../api/cash-api';
import { answerKind, problemOf, type UnconfirmedOperation } from './unconfirmed-operation';
import {
  attemptStarted,
  attemptUndecided,
  operationSettled,
  selectIsSending,
  selectOperation,
} from './unconfirmed-slice';
import { removeOperation, saveOperation, senderId } from './unconfirmed-storage';

export type SendOutcome =
  | { kind: 'success'; operation: UnconfirmedOperation; result: CashResult }
  | { kind: 'refused'; operation: UnconfirmedOperation; failure: ApiFailure }
  /** Held for a manager's approval (202): still open, stored, asked again until it is decided. */
  | { kind: 'pending'; operation: UnconfirmedOperation }
  /** Still open: no definitive answer (`held`: a 401/423 on a resend, it waits for the cashier). */
  | { kind: 'undecided'; operation: UnconfirmedOperation; failure: ApiFailure; held: boolean };

/** One attempt; null when the operation is gone or this page already has an attempt of it on the wire. */
export function sendCashOperation(trx: string): AppThunk<Promise<SendOutcome | null>> {
  return async (dispatch, getState) => {
    const stored = selectOperation(getState(), trx);
    if (!stored || selectIsSending(getState(), trx)) return null;
    // Any earlier attempt may have moved the money; only then can a 401/423 not end the operation.
    const sentBefore = stored.attempts > 0;
    const attempt: UnconfirmedOperation = {
      ...stored,
      attempts: stored.attempts + 1,
      lastAttemptAt: Date.now(),
      sentBy: senderId(),
    };
    saveOperation(attempt);
    dispatch(attemptStarted(attempt));

    const request = {
      deviceId: attempt.deviceId,
      place: attempt.place,
      delta: attempt.delta,
      trx,
      // Only when set: a request without the flag stays the very request the spec names.
      ...(attempt.cashOut === true ? { cash_out: true } : {}),
      ...(attempt.playerId !== undefined ? { player_id: attempt.playerId } : {}),
    };
    // Not tracked in the store: nothing reads the mutation's state, and its tags are invalidated anyway.
    const result =
      attempt.remotePin === null
        ? await dispatch(cashApi.endpoints.modifyPlaceCash.initiate(request, { track: false }))
        : await dispatch(
            cashApi.endpoints.modifyRemotePlaceCash.initiate(
              { ...request, pin_code: attempt.remotePin },
              { track: false },
            ),
          );

    if (result.data !== undefined && isApprovalPending(result.data)) {
      const waiting: UnconfirmedOperation = {
        ...attempt,
        problem: 'approval',
        approvalId: result.data.approval_id,
      };
      saveOperation(waiting);
      dispatch(attemptUndecided(waiting));
      return { kind: 'pending', operation: waiting };
    }
    if (result.data !== undefined) {
      removeOperation(attempt.cashierId, trx);
      dispatch(operationSettled(trx));
      return { kind: 'success', operation: attempt, result: result.data };
    }
    const failure = apiFailure(result.error);
    const kind = answerKind(failure, sentBefore);
    if (kind === 'definitive') {
      removeOperation(attempt.cashierId, trx);
      dispatch(operationSettled(trx));
      return { kind: 'refused', operation: attempt, failure };
    }
    const undecided: UnconfirmedOperation = { ...attempt, problem: problemOf(failure) };
    // Stored even if a 401 has just cleared the screen's copy: the record is what the next sign-in reads.
    saveOperation(undecided);
    dispatch(attemptUndecided(undecided));
    return { kind: 'undecided', operation: undecided, failure, held: kind === 'held' };
  };
}

/** A cash call's 202: held for a manager (the mutation's type names only the 200). */
function isApprovalPending(data: CashResult | ApprovalPending): data is ApprovalPending {
  return 'status' in data && data.status === 'pending';
}
