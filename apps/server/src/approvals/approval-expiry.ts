// Four eyes (docs/product.md section 12): a request nobody decides in APPROVAL_WINDOW_MS expires. Its
// status is derived from its age (four-eyes.ts statusOf), so the moment passes without a write;
// this sweep gives each expired request its audit entry ('approval.expire', by `system`), once, so the
// audit log tells every step of a payout's story, the one nobody took included, and tells the venue's
// screens (docs/live-updates.md: an expired request is announced like a decided one).
import { recordAudit, type Actor } from '../back-office/index.js';
import { repeating, type BackgroundJob } from '../background-jobs.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { approvalsChange, publishAfterCommit, type ChangePublisher } from '../live/change-feed.js';
import { findExpiryEntry, lockApproval, unauditedExpiredApprovals } from './approvals.repository.js';
import { expiredAtOrBefore, isExpired } from './four-eyes.js';

/** Who expires a request: nobody, the clock. */
export const SYSTEM: Actor = { user_id: null, login: 'system' };

/** How often the running server sweeps: an entry lands at most this long after its request expired. */
export const EXPIRY_SWEEP_MS = 60_000;

/**
 * Requests older than this past their window are not looked at again: a sweep that ran while they
 * expired wrote their entry, so the sweep reads a bounded set, not every request ever expired.
 */
const SWEEP_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

/** Writes the audit entry of every request that expired since the lookback and has none; how many. */
export async function auditExpiredApprovals(ctx: {
  db: Db;
  clock: Clock;
  changes?: ChangePublisher;
}): Promise<number> {
  const now = ctx.clock.now();
  const expiredLine = expiredAtOrBefore(now);
  const rows = await unauditedExpiredApprovals(ctx.db.kysely, {
    expiredLine,
    createdAfter: expiredLine - SWEEP_LOOKBACK_MS,
  });
  let written = 0;
  const told: ChangePublisher = ctx.changes ?? { publish: async () => undefined };
  for (const { id } of rows) {
    const expired = await publishAfterCommit(
      told,
      () => auditOne(ctx.db, id, now),
      (row) => (row ? approvalsChange(row.account_id, row.device_id) : null),
    );
    if (expired) written += 1;
  }
  return written;
}

/**
 * One request's entry, in a transaction that holds the request (on PostgreSQL a row lock; SQLite has one
 * writer): two sweeping server processes, or a sweep and a late decision, cannot both write or cross.
 */
async function auditOne(
  db: Db,
  id: string,
  now: number,
): Promise<{ account_id: number; device_id: number } | null> {
  return db.kysely.transaction().execute(async (tx) => {
    const row = await lockApproval(tx, db.dialect, id);
    if (!row || !isExpired(row, now)) return null;
    if (await findExpiryEntry(tx, row)) return null;
    await recordAudit(tx, {
      actor: SYSTEM,
      action: 'approval.expire',
      target_type: 'device',
      target_id: row.device_id,
      account_id: row.account_id,
      before: { approval_id: row.id, status: 'pending', place: row.place, delta: row.delta_cents },
      after: { approval_id: row.id, status: 'expired', place: row.place, delta: row.delta_cents },
      reason: null,
      trx: row.trx,
      now_ms: now,
    });
    return { account_id: row.account_id, device_id: row.device_id };
  });
}

/** The sweep every EXPIRY_SWEEP_MS while the server runs: one of its background jobs (app.ts). */
export function approvalExpirySweep(ctx: { db: Db; clock: Clock; changes: ChangePublisher }): BackgroundJob {
  return repeating('approval expiry sweep', EXPIRY_SWEEP_MS, () => auditExpiredApprovals(ctx));
}
