// How a payout that waited for a manager (four eyes, docs/product.md section 12) ended, as the till keeps
// it until the cashier dismisses it: whether to hand over the cash, and for which device (with its id:
// two devices may share a name), seat and amount, with a decline's reason. Pure: the storage, the slice
// and the panel build on it.
import { ERR } from '@cashdesk/contract';
import type { ApiFailure } from '../../../api/api-error';
import { errorToast } from '../../../api/error-toast';
import type { CashKind } from '../rules';
import { amountOf, type UnconfirmedOperation } from './unconfirmed-operation';

/**
 * 'paid': approved and applied, hand over the cash. 'declined', 'expired' (no decision in 10 minutes),
 * 'withdrawn' (the cashier took it back) and 'refused' (approved, then refused by the ledger): pay nothing.
 */
export type HeldOutcomeKind = 'paid' | 'declined' | 'expired' | 'withdrawn' | 'refused';

export interface HeldOutcome {
  /** The operation's trx: one outcome per operation. */
  trx: string;
  cashierId: number;
  kind: HeldOutcomeKind;
  cashKind: CashKind;
  deviceId: number;
  deviceName: string;
  place: number;
  /** Cents asked for: a withdraw's size, a cash-out's balance when the cashier pressed it. */
  amount: number;
  /** 'paid': the cents the answer moved (a cash-out pays at most what the manager approved). */
  paid?: number;
  /** 'paid': what stayed on the seat after an approved cash-out (won while it waited). */
  left?: number;
  currency: string | null;
  /** 'declined': the manager's reason, as they wrote it. */
  reason?: string;
  /** 'refused': the refusal's sentence (a catalogue key and its values, api/error-toast.ts). */
  refusal?: { key: string; params?: Record<string, string | number> };
  /** When the till learned it (ms since the epoch). */
  at: number;
}

/** Cents a successful answer paid, and what stayed on the seat. */
export interface PaidAnswer {
  delta: number;
  entries: number;
}

const ENDED_BY: Readonly<Record<string, HeldOutcomeKind>> = {
  [ERR.approvalDeclined]: 'declined',
  [ERR.approvalExpired]: 'expired',
  [ERR.approvalWithdrawn]: 'withdrawn',
};

/**
 * The outcome of a held operation's definitive answer: a success (`paid`) or a refusal (`failure`).
 * Null for an operation that was never held (no approval id): its toast says all there is.
 */
export function heldOutcomeOf(
  operation: UnconfirmedOperation,
  answer: { paid: PaidAnswer } | { failure: ApiFailure },
  now: number = Date.now(),
): HeldOutcome | null {
  if (operation.approvalId === undefined || operation.cashierId === null) return null;
  const base = {
    trx: operation.trx,
    cashierId: operation.cashierId,
    cashKind: operation.kind,
    deviceId: operation.deviceId,
    deviceName: operation.deviceName,
    place: operation.place,
    amount: amountOf(operation),
    currency: operation.currency,
    at: now,
  };
  if ('paid' in answer) {
    const left = operation.cashOut ? answer.paid.entries : 0;
    return { ...base, kind: 'paid', paid: Math.abs(answer.paid.delta), ...(left > 0 ? { left } : {}) };
  }
  const { failure } = answer;
  const kind = ENDED_BY[failure.err ?? ''] ?? 'refused';
  if (kind === 'declined') {
    const reason = failure.details.reason;
    return { ...base, kind, ...(typeof reason === 'string' && reason !== '' ? { reason } : {}) };
  }
  if (kind !== 'refused') return { ...base, kind };
  const { key, params } = errorToast(failure, operation.remotePin === null ? 'default' : 'remote');
  return { ...base, kind, refusal: { key, ...(params ? { params } : {}) } };
}
