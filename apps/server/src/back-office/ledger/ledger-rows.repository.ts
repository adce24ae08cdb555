// An account's ledger rows as the back office reads them: every line, with the device, the user and
// the reason of the operation, newest first, filtered and paged by id.
import type { LedgerKind, LedgerLine, LedgerRow } from '@cashdesk/contract';
import type { Executor } from '../../db/database.js';

export interface LedgerRowsQuery {
  accountId: number;
  fromMs?: number;
  toMs?: number;
  line?: LedgerLine;
  kind?: LedgerKind;
  deviceId?: number;
  userId?: number;
  /** Cursor: rows older than this id. */
  beforeId?: number;
  limit: number;
}

export async function listLedgerRows(db: Executor, q: LedgerRowsQuery): Promise<LedgerRow[]> {
  const rows = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('operations as o', 'o.id', 'l.operation_id')
    .leftJoin('devices as d', 'd.id', 'l.device_id')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    // Corrections, linked both ways: what this operation reverses, and what reversed it.
    .leftJoin('operations as original', 'original.id', 'o.corrects_operation_id')
    .leftJoin('operations as correction', 'correction.corrects_operation_id', 'o.id')
    .select([
      'original.trx as corrects',
      'correction.trx as corrected_by',
      'l.id',
      'l.operation_id',
      'l.trx',
      'l.kind',
      'l.tx_type',
      'l.line',
      'l.device_id',
      'd.name as device_name',
      'l.place',
      'l.user_id',
      'u.name as user_name',
      'l.amount_cents',
      'l.balance_after_cents',
      'o.reason',
      'l.created_at_ms',
    ])
    .where('l.account_id', '=', q.accountId)
    .$if(q.fromMs !== undefined, (s) => s.where('l.created_at_ms', '>=', q.fromMs ?? 0))
    .$if(q.toMs !== undefined, (s) => s.where('l.created_at_ms', '<=', q.toMs ?? 0))
    .$if(q.line !== undefined, (s) => s.where('l.line', '=', q.line ?? 'float'))
    .$if(q.kind !== undefined, (s) => s.where('l.kind', '=', q.kind ?? 'deposit'))
    .$if(q.deviceId !== undefined, (s) => s.where('l.device_id', '=', q.deviceId ?? 0))
    .$if(q.userId !== undefined, (s) => s.where('l.user_id', '=', q.userId ?? 0))
    .$if(q.beforeId !== undefined, (s) => s.where('l.id', '<', q.beforeId ?? 0))
    .orderBy('l.id', 'desc')
    .limit(q.limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    operation_id: Number(r.operation_id),
    trx: r.trx,
    kind: r.kind,
    tx_type: r.tx_type === null ? null : Number(r.tx_type),
    line: r.line,
    device_id: r.device_id === null ? null : Number(r.device_id),
    device_name: r.device_name,
    place: r.place === null ? null : Number(r.place),
    user_id: r.user_id === null ? null : Number(r.user_id),
    user_name: r.user_name,
    amount: r.amount_cents,
    balance_after: r.balance_after_cents,
    reason: r.reason,
    created_at: new Date(r.created_at_ms).toISOString(),
    ...(r.corrects ? { corrects: r.corrects } : {}),
    ...(r.corrected_by ? { corrected_by: r.corrected_by } : {}),
  }));
}

/** The venue's hash-chain head (db/ledger-chain.ts): what an operator keeps outside the database. */
export async function readChainHead(
  db: Executor,
  accountId: number,
): Promise<{ entries: number; hash: string }> {
  const head = await db
    .selectFrom('ledger_chain_heads')
    .select(['entries', 'hash'])
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { entries: Number(head.entries), hash: head.hash };
}
