// Four eyes (docs/product.md section 12): a manager's decision on a cashier's held-back withdraw or
// cash-out, the cashier's retraction of it, and the venue's list. A decision moves the approval out of
// `pending` by one conditional update in the transaction of its audit entry, so of two racing deciders
// (two managers, or a manager and the cashier) exactly one wins and the others answer 409 `already
// decided`. An approval then applies the cashier's call, with its original trx, through the ledger: every
// rule is checked again at that moment, and the cashier's trx answers whatever the ledger decided.
import { ERR, type Approval, type ApprovalStatus } from '@cashdesk/contract';
import { recordAudit, type Actor } from '../back-office/index.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { approvalsChange, publishAfterCommit, type ChangePublisher } from '../live/change-feed.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { Outcome } from '../ledger/outcome.js';
import { decideApproval, findApproval, listApprovals, type ApprovalRow } from './approvals.repository.js';
import { isExpired, statusOf, statusOfApplied, storedStatuses } from './four-eyes.js';

export interface ApprovalsContext {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  changes: ChangePublisher;
}

export async function approvalsOf(
  ctx: ApprovalsContext,
  accountId: number,
  status: ApprovalStatus | undefined,
): Promise<Approval[]> {
  const now = ctx.clock.now();
  const rows = await listApprovals(ctx.db.kysely, accountId, storedStatuses(status));
  return rows
    .map((row) => ({ row, status: statusOf(row, now) }))
    .filter((a) => status === undefined || a.status === status)
    .map(({ row, status: shown }) => ({
      id: row.id,
      trx: row.trx,
      device_id: row.device_id,
      place: row.place,
      delta: row.delta_cents,
      cash_out: row.cash_out === 1,
      amount: Number(row.amount_cents),
      cashier: row.cashier_login ?? '',
      created_at: new Date(row.created_at_ms).toISOString(),
      status: shown,
      ...(row.decider_login ? { decided_by: row.decider_login } : {}),
      ...(row.reason !== null ? { reason: row.reason } : {}),
      ...(row.outcome_json !== null ? { outcome: JSON.parse(row.outcome_json) as { err: string } } : {}),
    }));
}

/** Why a decision found the approval no longer pending: expired (403) or decided before (409). */
function notPending(row: ApprovalRow, now: number): ApiError {
  return isExpired(row, now) ? new ApiError(ERR.approvalExpired) : new ApiError(ERR.alreadyDecided);
}

/**
 * Moves a pending approval to `status` with its audit entry, or refuses: 404 unknown, 403 expired, 409
 * already decided. `mine` narrows who may (a cashier retracts only their own).
 */
async function decide(
  ctx: ApprovalsContext,
  input: {
    account_id: number | null;
    id: string;
    status: 'approved' | 'declined' | 'withdrawn';
    actor: Actor & { user_id: number };
    reason: string | null;
    mine?: (row: ApprovalRow) => boolean;
  },
): Promise<ApprovalRow> {
  const now = ctx.clock.now();
  const action = {
    approved: 'approval.approve',
    declined: 'approval.decline',
    withdrawn: 'approval.withdraw',
  } as const;
  return publishAfterCommit(
    ctx.changes,
    () =>
      ctx.db.kysely.transaction().execute(async (tx) => {
        const row = await findApproval(tx, input.account_id, input.id);
        if (!row || (input.mine && !input.mine(row))) throw new ApiError(ERR.notFound);
        const won = await decideApproval(tx, row.id, {
          status: input.status,
          decided_by: input.actor.user_id,
          reason: input.reason,
          now,
        });
        if (!won) throw notPending((await findApproval(tx, input.account_id, input.id)) ?? row, now);
        await recordAudit(tx, {
          actor: input.actor,
          action: action[input.status],
          target_type: 'device',
          target_id: row.device_id,
          account_id: row.account_id,
          before: { approval_id: row.id, status: 'pending', place: row.place, delta: row.delta_cents },
          after: { approval_id: row.id, status: input.status, place: row.place, delta: row.delta_cents },
          reason: input.reason,
          trx: row.trx,
          now_ms: now,
        });
        return row;
      }),
    // The till waiting on it asks its trx again at once; the back office refetches its list. No money
    // moved here: an approval's payout is told by the ledger when it applies.
    (row) => approvalsChange(row.account_id, row.device_id),
  );
}

/**
 * A manager's decision. An approval applies the cashier's call through the ledger with its original
 * request (the trx's request hash matches, so the cashier's replays get the ledger's stored answer).
 */
export async function decideAsManager(
  ctx: ApprovalsContext,
  input: {
    account_id: number;
    id: string;
    decision: 'approve' | 'decline';
    reason: string | null;
    actor: Actor & { user_id: number };
  },
): Promise<{ id: string; status: ApprovalStatus; outcome: Record<string, unknown> | null }> {
  const status = input.decision === 'approve' ? 'approved' : 'declined';
  const row = await decide(ctx, { ...input, status });
  if (status === 'declined') return { id: row.id, status, outcome: null };
  // One answer: what the ledger made of it. Its refusal was stored on the approval in its transaction.
  // The ledger tells a payout it made; a refusal it stored on the approval moved no money, so nothing else
  // would tell the till and the back office, which heard `approved` a moment ago, that it ended `failed`.
  const { outcome, applied } = await publishAfterCommit(
    ctx.changes,
    () => applyApproved(ctx, row).then((outcome) => ({ outcome, applied: statusOfApplied(outcome) })),
    ({ applied }) => (applied === 'failed' ? approvalsChange(row.account_id, row.device_id) : null),
  );
  return { id: row.id, status: applied, outcome: outcome.body as Record<string, unknown> };
}

/** The held-back call, as the cashier made it, through the ledger (now approved: the rule lets it by). */
export function applyApproved(ctx: ApprovalsContext, row: ApprovalRow): Promise<Outcome> {
  return ctx.ledger.changePlaceCash({
    account_id: row.account_id,
    user_id: row.user_id,
    device_id: row.device_id,
    device_uuid: row.device_uuid,
    place: row.place,
    delta_cents: row.delta_cents,
    trx: row.trx,
    remote_pin: row.remote_pin,
    ...(row.cash_out === 1 ? { cash_out: true } : {}),
    ...(row.player_id === null ? {} : { player_id: row.player_id }),
  });
}

/** The cashier takes back their own pending request: it answers 403 `approval withdrawn` from then on. */
export async function retractAsCashier(
  ctx: ApprovalsContext,
  input: { id: string; actor: Actor & { user_id: number } },
): Promise<{ id: string; status: ApprovalStatus; outcome: null }> {
  const row = await decide(ctx, {
    account_id: null,
    id: input.id,
    status: 'withdrawn',
    actor: input.actor,
    reason: null,
    mine: (r) => r.user_id === input.actor.user_id,
  });
  return { id: row.id, status: 'withdrawn', outcome: null };
}
