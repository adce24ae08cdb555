// The screen's copy of the signed-in cashier's unconfirmed cash operations (stored in localStorage by
// unconfirmed-storage.ts, which stays the record), which of them this page is sending right now, the
// receipts of operations confirmed later that still have to print, and the outcomes of payouts that
// waited for a manager, kept until the cashier dismisses them (held-outcomes-storage.ts). Small and free
// of API code: the store, in the login screen's bundle, holds it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired } from '../../../api/session-events';
import { signedOut } from '../../session';
import type { ReceiptData } from '../receipt-data';
import type { HeldOutcome } from './held-outcome';
import type { UnconfirmedOperation } from './unconfirmed-operation';

export interface UnconfirmedState {
  /** Whose stored operations were loaded; null before the cashier is known or after a sign-out. */
  cashierId: number | null;
  operations: UnconfirmedOperation[];
  /** Trx of the attempts this page has on the wire. */
  sending: string[];
  /** Receipts of operations confirmed after their modal was done, in the order to print. */
  receipts: ReceiptData[];
  /** How payouts held for a manager ended, oldest first, until the cashier dismisses each. */
  outcomes: HeldOutcome[];
}

const initialState: UnconfirmedState = {
  cashierId: null,
  operations: [],
  sending: [],
  receipts: [],
  outcomes: [],
};

const replace = (state: UnconfirmedState, operation: UnconfirmedOperation) => {
  const index = state.operations.findIndex((op) => op.trx === operation.trx);
  if (index >= 0) state.operations[index] = operation;
};

export const unconfirmedSlice = createSlice({
  name: 'unconfirmed',
  initialState,
  reducers: {
    /** The stored lists of a cashier (sign-in, reload, another tab changed them). */
    unconfirmedLoaded(
      state,
      action: PayloadAction<{
        cashierId: number;
        operations: UnconfirmedOperation[];
        outcomes: HeldOutcome[];
      }>,
    ) {
      state.cashierId = action.payload.cashierId;
      state.operations = action.payload.operations;
      state.outcomes = action.payload.outcomes;
    },
    /** A new operation, recorded before its first request leaves. */
    operationRecorded(state, action: PayloadAction<UnconfirmedOperation>) {
      state.operations = state.operations.filter((op) => op.trx !== action.payload.trx);
      state.operations.push(action.payload);
    },
    attemptStarted(state, action: PayloadAction<UnconfirmedOperation>) {
      replace(state, action.payload);
      if (!state.sending.includes(action.payload.trx)) state.sending.push(action.payload.trx);
    },
    /** The attempt ended without a definitive answer: the operation stays, with why. */
    attemptUndecided(state, action: PayloadAction<UnconfirmedOperation>) {
      replace(state, action.payload);
      state.sending = state.sending.filter((trx) => trx !== action.payload.trx);
    },
    /** A definitive answer: the operation is over (its toast and receipt are the sender's). */
    operationSettled(state, action: PayloadAction<string>) {
      state.operations = state.operations.filter((op) => op.trx !== action.payload);
      state.sending = state.sending.filter((trx) => trx !== action.payload);
    },
    receiptQueued(state, action: PayloadAction<ReceiptData>) {
      state.receipts.push(action.payload);
    },
    receiptPrinted(state) {
      state.receipts.shift();
    },
    heldOutcomeRecorded(state, action: PayloadAction<HeldOutcome>) {
      state.outcomes = state.outcomes.filter((o) => o.trx !== action.payload.trx);
      state.outcomes.push(action.payload);
    },
    heldOutcomeDismissed(state, action: PayloadAction<string>) {
      state.outcomes = state.outcomes.filter((o) => o.trx !== action.payload);
    },
  },
  extraReducers: (builder) => {
    // Only the screen's copy goes: the stored operations wait for that cashier's next sign-in.
    builder.addCase(sessionExpired, () => initialState).addCase(signedOut, () => initialState);
  },
});

export const {
  unconfirmedLoaded,
  operationRecorded,
  attemptStarted,
  attemptUndecided,
  operationSettled,
  receiptQueued,
  receiptPrinted,
  heldOutcomeRecorded,
  heldOutcomeDismissed,
} = unconfirmedSlice.actions;

type WithUnconfirmed = { unconfirmed: UnconfirmedState };

export const selectUnconfirmedOperations = (state: WithUnconfirmed) => state.unconfirmed.operations;

export const selectOperation = (state: WithUnconfirmed, trx: string) =>
  state.unconfirmed.operations.find((op) => op.trx === trx);

/** The open operation of a place, if any: while there is one, the place takes no new operation. */
export const selectPlaceOperation = (state: WithUnconfirmed, deviceId: number, place: number) =>
  state.unconfirmed.operations.find((op) => op.deviceId === deviceId && op.place === place);

export const selectIsSending = (state: WithUnconfirmed, trx: string) =>
  state.unconfirmed.sending.includes(trx);

/**
 * Whether the cashier is told the operation is unconfirmed: every open operation except one whose first
 * request this page is still waiting for (the modal says "Processing…" then).
 */
export function isShownUnconfirmed(operation: UnconfirmedOperation, sending: boolean): boolean {
  return !(sending && operation.problem === null);
}

/**
 * Whether the till has anything of its own to show above the screens: an operation not confirmed yet, a
 * payout held for a manager or its outcome, a receipt to print. A boolean, so the frame re-renders only
 * when that changes (the list itself is a deferred part: till-notices.tsx).
 */
export const selectHasTillNotices = (state: WithUnconfirmed): boolean => {
  const { operations, sending, receipts, outcomes } = state.unconfirmed;
  return (
    outcomes.length > 0 ||
    receipts.length > 0 ||
    operations.some((op) => isShownUnconfirmed(op, sending.includes(op.trx)))
  );
};
