// Changes to accounts from the back office and the operator CLI: create, settings, float moves. Each runs
// in one transaction with its audit entry; the float moves only through the ledger service.
import {
  ERR,
  type CreateAccountRequest,
  type FloatMoveRequest,
  type UpdateAccountRequest,
} from '@cashdesk/contract';
import { createAccount, toAccount, updateAccount } from '../../accounts/index.js';
import type { Db } from '../../db/database.js';
import { isCheckViolation } from '../../db/errors.js';
import type { AccountRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { type Outcome } from '../../ledger/outcome.js';
import { lockAccount } from '../../ledger/ledger.repository.js';
import { floatLimit, type LedgerService } from '../../ledger/ledger.service.js';
import type { Actor } from '../access.js';
import { auditEntryStatement, recordAudit, recordChanges, type Snapshot } from '../audit/audit.repository.js';
import { floatChange, publishAfterCommit, type ChangePublisher } from '../../live/change-feed.js';

/** The settings of an account as the audit log shows them (the float is the ledger's, not a setting). */
function settingsOf(row: AccountRow): Snapshot {
  const { id: _id, balance: _balance, created_at: _created, ...settings } = toAccount(row);
  return settings;
}

export async function createAccountAudited(
  db: Db,
  input: { request: CreateAccountRequest; actor: Actor; now_ms: number },
): Promise<AccountRow> {
  return db.kysely.transaction().execute(async (tx) => {
    const row = await createAccount(tx, input.request, input.now_ms);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'account.create',
      target_type: 'account',
      target_id: row.id,
      account_id: row.id,
      before: null,
      after: settingsOf(row),
      now_ms: input.now_ms,
    });
    return row;
  });
}

/**
 * Applies new settings to a locked account. Refused: an unknown account (404), min above max (400), and
 * limits the current float already breaks (409 `overdraft` with the float and the new limit): lowering
 * the overdraft below what the venue owes would leave the books outside their own rule.
 */
export async function changeAccountSettings(
  db: Db,
  changes: ChangePublisher,
  input: { account_id: number; patch: UpdateAccountRequest; actor: Actor; reason?: string; now_ms: number },
): Promise<AccountRow> {
  const { patch } = input;
  try {
    // The terminals show the overdraft and the home-play flags with the float (and reload on a block).
    return await publishAfterCommit(
      changes,
      () =>
        db.kysely.transaction().execute(async (tx) => {
          // Locked, so the float checked below cannot move before the new limits are written.
          const current = await lockAccount(tx, db.dialect, input.account_id);
          if (!current) throw new ApiError(ERR.notFound);
          const min = patch.min_amount ?? current.min_amount_cents;
          const max = patch.max_amount ?? current.max_amount_cents;
          if (min > max) throw ApiError.validation('min_amount', 'must not exceed max_amount');
          const limit = floatLimit({
            has_overdraft: (patch.has_overdraft ?? current.has_overdraft === 1) ? 1 : 0,
            overdraft_cents: patch.overdraft ?? current.overdraft_cents,
          });
          if (current.balance_cents < -limit) {
            throw new ApiError(ERR.overdraft, { balance: current.balance_cents, overdraft: limit });
          }
          const updated = (await updateAccount(tx, input.account_id, patch)) ?? current;
          const entry = {
            actor: input.actor,
            action: 'account.update' as const,
            target_type: 'account' as const,
            target_id: updated.id,
            account_id: updated.id,
            reason: input.reason ?? null,
            now_ms: input.now_ms,
          };
          await recordChanges(tx, entry, settingsOf(current), settingsOf(updated));
          return updated;
        }),
      (updated) => floatChange(updated.id),
    );
  } catch (error) {
    if (isCheckViolation(error)) throw ApiError.validation('', 'the new settings break an account rule');
    throw error;
  }
}

/** A float top-up (delta > 0) or withdraw (delta < 0) through the ledger, audited in its transaction. */
export function moveFloatAudited(
  ledger: LedgerService,
  input: { account_id: number; request: FloatMoveRequest; actor: Actor; now_ms: number },
): Promise<Outcome> {
  const { request, actor } = input;
  return ledger.moveFloat({
    account_id: input.account_id,
    user_id: actor.user_id,
    delta_cents: request.delta,
    trx: request.trx,
    reason: request.reason,
    alsoWrite: (moved, db) =>
      auditEntryStatement(db, {
        actor,
        action: 'account.float_move',
        target_type: 'account',
        target_id: input.account_id,
        account_id: input.account_id,
        before: { balance: moved.balance_before },
        after: { balance: moved.balance_after },
        reason: request.reason,
        trx: request.trx,
        now_ms: input.now_ms,
      }),
  });
}
