// Report queries over the ledger: the cashier's own history, a place's last operations, a remote
// device's game events. Every query is bounded by the caller's account.
import { HIDDEN_TX_TYPES, REPORT_MAX_ROWS, type GameEvent, type ReportEntry } from '@cashdesk/contract';
import type { Executor } from '../db/database.js';
import { CASH_HISTORY_KINDS, cashMoves } from '../ledger/cash-moves.repository.js';

/** The account's cashier money moves (ledger/cash-moves.repository.ts, as the device list counts them). */
function cashRows(db: Executor, accountId: number) {
  return cashMoves(db, CASH_HISTORY_KINDS)
    .innerJoin('devices as d', 'd.id', 'l.device_id')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    // Corrections, linked both ways (docs/product.md section 13), as the back office's ledger shows them.
    .innerJoin('operations as o', 'o.id', 'l.operation_id')
    .leftJoin('operations as original', 'original.id', 'o.corrects_operation_id')
    .leftJoin('operations as correction', 'correction.corrects_operation_id', 'o.id')
    .select([
      'original.trx as corrects',
      'correction.trx as corrected_by',
      'o.reason as own_reason',
      'correction.reason as correction_reason',
      'l.device_id',
      'd.name as device_name',
      'l.place',
      'l.trx',
      'l.created_at_ms',
      'a.currency',
      'l.user_id',
      'u.name as user_name',
      'l.amount_cents',
    ])
    .where('l.account_id', '=', accountId);
}

type CashRow = Awaited<ReturnType<ReturnType<typeof cashRows>['execute']>>[number];

/** The correction links of a row: only those it has, so a row without one is the spec's shape. */
function correctionOf(row: CashRow): Partial<ReportEntry> {
  if (row.corrects) return { corrects: row.corrects, correction_reason: row.own_reason ?? '' };
  if (row.corrected_by) return { corrected_by: row.corrected_by, correction_reason: row.correction_reason ?? '' };
  return {};
}

function toReportEntry(row: CashRow): ReportEntry {
  return {
    device_id: Number(row.device_id),
    device_name: row.device_name,
    place: Number(row.place),
    trx: row.trx,
    created_at: new Date(row.created_at_ms).toISOString(),
    currency: row.currency,
    user_idx: Number(row.user_id),
    user_name: row.user_name ?? '',
    data: {
      total_in: row.amount_cents > 0 ? row.amount_cents : 0,
      total_out: row.amount_cents < 0 ? -row.amount_cents : 0,
    },
    ...correctionOf(row),
  };
}

/** The caller's own deposits and withdraws on the given devices in [from, to], newest first. */
export async function cashierReport(
  db: Executor,
  q: { accountId: number; userId: number; deviceIds: readonly number[]; fromMs: number; toMs: number },
): Promise<ReportEntry[]> {
  if (q.deviceIds.length === 0) return [];
  const rows = await cashRows(db, q.accountId)
    .where('l.user_id', '=', q.userId)
    .where('l.device_id', 'in', q.deviceIds)
    .where('l.created_at_ms', '>=', q.fromMs)
    .where('l.created_at_ms', '<=', q.toMs)
    .orderBy('l.id', 'desc')
    .limit(REPORT_MAX_ROWS)
    .execute();
  return rows.map(toReportEntry);
}

/** A place's last deposits and withdraws by every cashier of the account, newest first. */
export async function placeHistory(
  db: Executor,
  q: { accountId: number; deviceIds: readonly number[]; place: number; limit: number },
): Promise<ReportEntry[]> {
  if (q.deviceIds.length === 0) return [];
  const rows = await cashRows(db, q.accountId)
    .where('l.device_id', 'in', q.deviceIds)
    .where('l.place', '=', q.place)
    .orderBy('l.id', 'desc')
    .limit(q.limit)
    .execute();
  return rows.map(toReportEntry);
}

/** Every movement of a device's entries (cashier deposits 0 and withdraws 1 beside game events). */
export async function gameEvents(
  db: Executor,
  q: { accountId: number; deviceId: number; limit: number },
): Promise<GameEvent[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['tx_type', 'place', 'amount_cents', 'balance_after_cents', 'created_at_ms'])
    .where('account_id', '=', q.accountId)
    .where('device_id', '=', q.deviceId)
    .where('line', '=', 'entries')
    .where('tx_type', 'is not', null)
    .where('tx_type', 'not in', [...HIDDEN_TX_TYPES])
    .orderBy('id', 'desc')
    .limit(q.limit)
    .execute();
  return rows.map((r) => ({
    type: Number(r.tx_type),
    place: Number(r.place),
    delta: r.amount_cents,
    balance: r.balance_after_cents ?? 0,
    created_at: new Date(r.created_at_ms).toISOString(),
  }));
}
