// Sending a cash call from a component: the cash modal's first send of a new operation, and "Check again"
// of one not confirmed yet. Both go through unconfirmed/cash-call.ts, so an answer ends an operation and
// tells the cashier the same way whoever sent it. A first send takes a new trx and records the operation
// before its request leaves; a resend carries the operation's own trx, so the server (and the base API's
// retries on 500) execute it at most once. A call the server refused without using up its trx (a payout
// that waits for the player's identity, 428) is sent again as a first send of the same trx, once the
// cashier has done what it asked.
import { useCallback, useRef, useState } from 'react';
import { newTrx } from '../../lib/trx';
import { formatMoney } from '../../lib/money';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../store/toasts-slice';
import { sendCashCall, type CashCallOutcome } from './unconfirmed/cash-call';
import { resendUnconfirmed } from './unconfirmed/resend-unconfirmed';
import { recordCashOperation } from './unconfirmed/record-cash-operation';
import { amountOf, newOperation, type NewOperation } from './unconfirmed/unconfirmed-operation';

export interface CashCall {
  /** A first send from here is waiting for its answer (the modal is busy meanwhile). */
  sending: boolean;
  /** The same, read at once: two clicks in one frame must not send two requests. */
  isSending(): boolean;
  /**
   * Records a new operation and sends it; null while another first send is on the wire. Under a new trx,
   * or under `trx` when it is the same call again after a refusal that left its trx unused.
   */
  send(fields: Omit<NewOperation, 'trx'>, trx?: string): Promise<CashCallOutcome | null>;
  /** Sends a recorded operation again, with its own trx; null when it is gone or already on the wire. */
  resend(trx: string): Promise<CashCallOutcome | null>;
}

export function useCashCall(): CashCall {
  const dispatch = useAppDispatch();
  const [sending, setSending] = useState(false);
  // Set synchronously, unlike the state, which the next render reads.
  const sendingRef = useRef(false);

  const send = useCallback(
    async (fields: Omit<NewOperation, 'trx'>, trx?: string) => {
      if (sendingRef.current) return null;
      sendingRef.current = true;
      setSending(true);
      const operation = newOperation({ trx: trx ?? newTrx(), ...fields });
      dispatch(recordCashOperation(operation));
      const outcome = await dispatch(sendCashCall(operation.trx, 'first'));
      sendingRef.current = false;
      setSending(false);
      if (outcome?.kind === 'undecided' || outcome?.kind === 'pending') {
        // No definitive answer: never a failure. The toast says it is being checked, or held for a
        // manager's approval (four eyes: then it says who it waits for); a resend's says nothing new.
        const { operation: open } = outcome;
        const held = open.problem === 'approval';
        dispatch(
          toastShown({
            id: `cash:unconfirmed:${open.trx}`,
            kind: 'info',
            key: `cash:unconfirmed.${held ? 'held' : 'toast'}.${open.kind}`,
            params: { amount: formatMoney(amountOf(open), open.currency) },
          }),
        );
      }
      return outcome;
    },
    [dispatch],
  );

  const resend = useCallback((trx: string) => dispatch(resendUnconfirmed(trx)), [dispatch]);
  const isSending = useCallback(() => sendingRef.current, []);

  return { sending, isSending, send, resend };
}
