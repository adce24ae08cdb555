// The audit log: one row per back-office change, written in the transaction of the change itself.
// Append-only: there is no update or delete here, and database triggers refuse both (002-back-office).
import type { AuditAction, AuditEntry, AuditTarget } from '@cashdesk/contract';
import type { Actor } from '../access.js';
import type { Executor } from '../../db/database.js';

export type Snapshot = Record<string, unknown>;

export interface NewAuditEntry {
  actor: Actor;
  action: AuditAction;
  target_type: AuditTarget;
  target_id: number;
  account_id: number | null;
  before: Snapshot | null;
  after: Snapshot | null;
  reason?: string | null;
  trx?: string | null;
  now_ms: number;
}

export async function recordAudit(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.executeQuery(auditEntryStatement(db, entry));
}

/** The insert of one entry, compiled: for a caller that sends it down another's transaction (a float move). */
export function auditEntryStatement(db: Executor, entry: NewAuditEntry) {
  return db
    .insertInto('audit_log')
    .values({
      created_at_ms: entry.now_ms,
      actor_user_id: entry.actor.user_id,
      actor_login: entry.actor.login,
      action: entry.action,
      target_type: entry.target_type,
      target_id: entry.target_id,
      account_id: entry.account_id,
      before_json: entry.before === null ? null : JSON.stringify(entry.before),
      after_json: entry.after === null ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
      trx: entry.trx ?? null,
    })
    .compile();
}

/**
 * The fields that differ between two snapshots, each side holding only those; null when nothing
 * changed (a save that changes nothing leaves no entry).
 */
export function changedFields(
  before: Snapshot,
  after: Snapshot,
): { before: Snapshot; after: Snapshot } | null {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/**
 * Records what changed between two snapshots of a target (only the fields that differ); records
 * nothing when nothing changed.
 */
export async function recordChanges(
  db: Executor,
  entry: Omit<NewAuditEntry, 'before' | 'after'>,
  before: Snapshot,
  after: Snapshot,
): Promise<void> {
  const changes = changedFields(before, after);
  if (changes) await recordAudit(db, { ...entry, ...changes });
}

export interface AuditListQuery {
  /** Only this account's entries (a manager's view); every entry without it. */
  accountId?: number;
  fromMs?: number;
  toMs?: number;
  action?: AuditAction;
  /** Cursor: entries older than this id. */
  beforeId?: number;
  limit: number;
}

/**
 * Newest first, each with the names its actor and target have now and its account's currency (the log
 * keeps ids; a person reads names and money).
 */
export async function listAudit(db: Executor, q: AuditListQuery): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id')
    .leftJoin('users as target_user', (join) =>
      join.onRef('target_user.id', '=', 'audit_log.target_id').on('audit_log.target_type', '=', 'user'),
    )
    .leftJoin('devices as target_device', (join) =>
      join.onRef('target_device.id', '=', 'audit_log.target_id').on('audit_log.target_type', '=', 'device'),
    )
    .leftJoin('accounts as target_account', (join) =>
      join.onRef('target_account.id', '=', 'audit_log.target_id').on('audit_log.target_type', '=', 'account'),
    )
    // A player is named by their card: their identity stays out of the log (docs/security.md).
    .leftJoin('players as target_player', (join) =>
      join.onRef('target_player.id', '=', 'audit_log.target_id').on('audit_log.target_type', '=', 'player'),
    )
    .leftJoin('accounts as venue', 'venue.id', 'audit_log.account_id')
    .selectAll('audit_log')
    .select((eb) => [
      'actor.name as actor_name',
      eb.fn
        .coalesce('target_user.name', 'target_device.name', 'target_account.name', 'target_player.card')
        .$castTo<string | null>()
        .as('target_name'),
      'venue.currency as currency',
    ])
    .$if(q.accountId !== undefined, (s) => s.where('audit_log.account_id', '=', q.accountId ?? 0))
    .$if(q.fromMs !== undefined, (s) => s.where('audit_log.created_at_ms', '>=', q.fromMs ?? 0))
    .$if(q.toMs !== undefined, (s) => s.where('audit_log.created_at_ms', '<=', q.toMs ?? 0))
    .$if(q.action !== undefined, (s) => s.where('audit_log.action', '=', q.action ?? 'account.create'))
    .$if(q.beforeId !== undefined, (s) => s.where('audit_log.id', '<', q.beforeId ?? 0))
    .orderBy('audit_log.id', 'desc')
    .limit(q.limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    created_at: new Date(row.created_at_ms).toISOString(),
    actor_id: row.actor_user_id,
    actor_login: row.actor_login,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    account_id: row.account_id,
    before: row.before_json === null ? null : (JSON.parse(row.before_json) as Snapshot),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as Snapshot),
    reason: row.reason,
    trx: row.trx,
    actor_name: row.actor_name ?? null,
    target_name: row.target_name ?? null,
    currency: row.currency ?? null,
  }));
}
