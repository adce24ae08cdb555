// Queries of the approvals (table `approvals`, migration 013): a cashier's withdraw or cash-out held back
// for a manager (money-rules.ts approvalState). The ledger's batch reads and inserts them; the manager's
// decision and the cashier's withdrawal move a pending one on by a conditional update, so of two racing
// deciders exactly one changes the row.
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../db/database.js';
import type { ApprovalStatus, ApprovalsTable } from '../db/schema.js';

export type ApprovalRow = Selectable<ApprovalsTable>;
export type NewApproval = Insertable<ApprovalsTable>;

/** The approvals of many (scope, trx) at once, for a batch (batch-read.ts); at least one key. */
export function findApprovalsQuery(db: Executor, keys: readonly { scope: string; trx: string }[]) {
  return db
    .selectFrom('approvals')
    .selectAll()
    .where((eb) => eb.or(keys.map((k) => eb.and([eb('scope', '=', k.scope), eb('trx', '=', k.trx)]))))
    .compile();
}

/** Holds a call back; a (scope, trx) already held keeps its first approval. */
export function insertApprovalQuery(db: Executor, row: NewApproval) {
  return db
    .insertInto('approvals')
    .values(row)
    .onConflict((oc) => oc.columns(['scope', 'trx']).doNothing())
    .compile();
}

/**
 * Keeps the ledger's refusal of an approved call on its approval (shown `failed`), in the transaction
 * that refused it (batch-decide.ts).
 */
export function setApprovalOutcomeQuery(db: Executor, id: string, outcomeJson: string) {
  return db
    .updateTable('approvals')
    .set({ outcome_json: outcomeJson })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .compile();
}

/** An approval by id, within a venue (null: any venue, for a cashier who is then checked as its owner). */
export async function findApproval(db: Executor, accountId: number | null, id: string) {
  let query = db.selectFrom('approvals').selectAll().where('id', '=', id);
  if (accountId !== null) query = query.where('account_id', '=', accountId);
  return query.executeTakeFirst();
}

/** A venue's approvals with a stored status, newest first. */
export async function listApprovals(db: Executor, accountId: number, statuses: readonly ApprovalStatus[]) {
  return db
    .selectFrom('approvals')
    .leftJoin('users as cashier', 'cashier.id', 'approvals.user_id')
    .leftJoin('users as decider', 'decider.id', 'approvals.decided_by')
    .selectAll('approvals')
    .select(['cashier.login as cashier_login', 'decider.login as decider_login'])
    .where('approvals.account_id', '=', accountId)
    .where('approvals.status', 'in', [...statuses])
    .orderBy('approvals.created_at_ms', 'desc')
    .orderBy('approvals.id')
    .limit(500)
    .execute();
}

/**
 * Moves a pending approval created after `notBefore` (younger than its window) to `status`; whether this
 * call did it. Only one of two racing calls matches the `pending` condition.
 */
export async function decideApproval(
  db: Executor,
  id: string,
  notBefore: number,
  decision: {
    status: Exclude<ApprovalStatus, 'pending'>;
    decided_by: number;
    reason: string | null;
    now: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('approvals')
    .set({
      status: decision.status,
      decided_by: decision.decided_by,
      decided_at_ms: decision.now,
      reason: decision.reason,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('created_at_ms', '>', notBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
