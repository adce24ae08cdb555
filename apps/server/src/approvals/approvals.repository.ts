// Queries of the approvals (table `approvals`, migration 013): a cashier's withdraw or cash-out held back
// for a manager (four-eyes.ts approvalState). The ledger's batch reads and inserts them; the manager's
// decision and the cashier's retraction move a pending one on by a conditional update, so of two racing
// deciders exactly one changes the row.
import type { Insertable, Selectable } from 'kysely';
import type { DialectName, Executor } from '../db/database.js';
import { lockedOn } from '../db/row-locks.js';
import type { ApprovalsTable, StoredApprovalStatus } from '../db/schema.js';
import { expiredAtOrBefore } from './four-eyes.js';

export type ApprovalRow = Selectable<ApprovalsTable>;
export type NewApproval = Insertable<ApprovalsTable>;

/** The approvals of many (scope, trx) at once, for a batch (ledger/batch-read.ts); at least one key. */
export function findApprovalsStatement(db: Executor, keys: readonly { scope: string; trx: string }[]) {
  return db
    .selectFrom('approvals')
    .selectAll()
    .where((eb) => eb.or(keys.map((k) => eb.and([eb('scope', '=', k.scope), eb('trx', '=', k.trx)]))))
    .compile();
}

/** Holds a call back; a (scope, trx) already held keeps its first approval. */
export function insertApprovalStatement(db: Executor, row: NewApproval) {
  return db
    .insertInto('approvals')
    .values(row)
    .onConflict((oc) => oc.columns(['scope', 'trx']).doNothing())
    .compile();
}

/**
 * Keeps the ledger's refusal of an approved call on its approval (shown `failed`), in the transaction
 * that refused it (ledger/batch-decide.ts).
 */
export function setApprovalOutcomeStatement(db: Executor, id: string, outcomeJson: string) {
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
export async function listApprovals(
  db: Executor,
  accountId: number,
  statuses: readonly StoredApprovalStatus[],
) {
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
 * Moves a pending approval not expired at `decision.now` to `status`; whether this call did it. Only one
 * of two racing calls matches the `pending` condition.
 */
export async function decideApproval(
  db: Executor,
  id: string,
  decision: {
    status: Exclude<StoredApprovalStatus, 'pending'>;
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
    .where('created_at_ms', '>', expiredAtOrBefore(decision.now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The pending approvals created in (`createdAfter`, `expiredLine`], so expired, that have no expiry entry in
 * the audit log yet: what the expiry sweep (approval-expiry.ts) still has to write.
 */
export async function unauditedExpiredApprovals(
  db: Executor,
  range: { expiredLine: number; createdAfter: number },
) {
  return db
    .selectFrom('approvals')
    .select('id')
    .where('status', '=', 'pending')
    .where('created_at_ms', '<=', range.expiredLine)
    .where('created_at_ms', '>', range.createdAfter)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('audit_log as e')
            .select('e.id')
            .where('e.action', '=', 'approval.expire')
            .whereRef('e.account_id', '=', 'approvals.account_id')
            .whereRef('e.trx', '=', 'approvals.trx'),
        ),
      ),
    )
    .execute();
}

/** An approval by id, held until the transaction ends (on PostgreSQL a row lock; SQLite has one writer). */
export async function lockApproval(tx: Executor, dialect: DialectName, id: string) {
  return tx
    .selectFrom('approvals')
    .selectAll()
    .where('id', '=', id)
    .$call(lockedOn(dialect, 'update'))
    .executeTakeFirst();
}

/** The audit entry of an approval's expiry, if the sweep wrote it. */
export async function findExpiryEntry(db: Executor, approval: Pick<ApprovalRow, 'account_id' | 'trx'>) {
  return db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'approval.expire')
    .where('account_id', '=', approval.account_id)
    .where('trx', '=', approval.trx)
    .executeTakeFirst();
}
