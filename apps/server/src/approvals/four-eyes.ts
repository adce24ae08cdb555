// Four eyes (docs/product.md section 12): a large withdraw or cash-out waits for a manager. The rule that
// holds a payout, the window a held payout waits in, and what its status is at a given moment. Pure
// functions: the ledger's batch (ledger/batch-decide.ts) applies the rule under its locks, with every
// other money rule, and the approvals' service, sweep and lists read the window and statuses from here,
// so an approval is expired, or not, at the same moment for all of them.
import { ERR, type ApprovalStatus } from '@cashdesk/contract';
import type { AccountRow, PlaceRow, StoredApprovalStatus } from '../db/schema.js';
import { refusal } from '../ledger/outcome.js';
import type { Outcome, PlaceCashInput } from '../ledger/types.js';

/** How long a held-back call waits for a decision before it expires (403 `approval expired`). */
export const APPROVAL_WINDOW_MS = 10 * 60 * 1000;

/**
 * The latest creation time of an approval expired at `now`: one created at or before it has waited its
 * whole window. What the queries compare `created_at_ms` with, so they draw the line where `isExpired` does.
 */
export function expiredAtOrBefore(now: number): number {
  return now - APPROVAL_WINDOW_MS;
}

/** A pending approval nobody decided within its window. */
export function isExpired(
  held: { status: StoredApprovalStatus; created_at_ms: number },
  now: number,
): boolean {
  return held.status === 'pending' && held.created_at_ms <= expiredAtOrBefore(now);
}

/**
 * The status a list and an answer show: a pending approval past its window is `expired`; an approved one
 * the ledger then refused is `failed` (its refusal stored with it in the ledger's transaction).
 */
export function statusOf(
  row: { status: StoredApprovalStatus; created_at_ms: number; outcome_json: string | null },
  now: number,
): ApprovalStatus {
  if (row.status === 'approved' && row.outcome_json !== null) return 'failed';
  return isExpired(row, now) ? 'expired' : row.status;
}

/**
 * An approved call's status once the ledger has answered it: applied (200), or refused, the refusal then
 * kept on the approval in the ledger's transaction, which `statusOf` shows as `failed`.
 */
export function statusOfApplied(outcome: Outcome): 'approved' | 'failed' {
  return outcome.status === 200 ? 'approved' : 'failed';
}

/** The stored statuses behind a status asked for (`expired` and `pending` are both stored `pending`). */
export function storedStatuses(status: ApprovalStatus | undefined): StoredApprovalStatus[] {
  if (status === undefined) return ['pending', 'approved', 'declined', 'withdrawn'];
  if (status === 'expired') return ['pending'];
  return status === 'failed' ? ['approved'] : [status];
}

/** What a cashier's call pays out of the seat: a withdraw's size, a cash-out's whole balance; 0 for a deposit. */
export function payoutOf(call: PlaceCashInput, place: Pick<PlaceRow, 'entries_cents'>): number {
  if (call.cash_out === true) return place.entries_cents;
  return call.delta_cents < 0 ? -call.delta_cents : 0;
}

/**
 * Whether a cashier's payout must wait for a manager: when it, together with what the seat paid out
 * within the venue's window (`paidInWindowCents`, accounts.approval_window_minutes), takes more than the
 * venue's `approval_above` (null or 0: never). So a large payout split into small ones is held all the
 * same. A cash-out is judged by what it would take now, the place's whole balance under its lock.
 */
export function needsApproval(
  call: PlaceCashInput,
  account: Pick<AccountRow, 'approval_above_cents'>,
  place: Pick<PlaceRow, 'entries_cents'>,
  paidInWindowCents: number,
): boolean {
  const above = account.approval_above_cents;
  if (above === null || above <= 0) return false;
  const payout = payoutOf(call, place);
  return payout > 0 && paidInWindowCents + payout > above;
}

/** A held-back call as the ledger reads it (approvals.repository.ts). */
export interface HeldCall {
  id: string;
  status: StoredApprovalStatus;
  created_at_ms: number;
  /** The manager's reason for a decline: the cashier's till shows it (docs/product.md section 12). */
  reason: string | null;
}

/** The 202 a held-back call answers while it waits. */
export function pendingOutcome(id: string, trx: string): Outcome {
  return { status: 202, body: { status: 'pending', approval_id: id, trx } };
}

/**
 * What a held-back call's trx answers now: `apply` once a manager approved it (every other rule is then
 * checked as for any call), its 202 while it waits, or the refusal that ended it. Refusals are not stored
 * under the trx: the approval's row holds them. A decline carries the manager's reason, so the cashier
 * can tell the player why (the error body's extra field; the contract's error body is open).
 */
export function approvalState(held: HeldCall, trx: string, now: number): 'apply' | Outcome {
  if (held.status === 'approved') return 'apply';
  if (held.status === 'declined') return refusal(ERR.approvalDeclined, { reason: held.reason });
  if (held.status === 'withdrawn') return refusal(ERR.approvalWithdrawn);
  if (isExpired(held, now)) return refusal(ERR.approvalExpired);
  return pendingOutcome(held.id, trx);
}
