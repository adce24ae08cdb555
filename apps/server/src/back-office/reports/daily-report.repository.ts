// The queries of the daily report (docs/product.md section 15): one venue's gaming day [fromMs, toMs),
// each an aggregate per device, so the report costs a handful of queries whatever the day holds.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { GENESIS_HASH } from '../../db/ledger-chain.js';
import { CASH_HISTORY_KINDS, cashMoves, leftPlaceEmptyRow } from '../../ledger/cash-moves.repository.js';

export interface DayWindow {
  accountId: number;
  fromMs: number;
  toMs: number;
}

/** A device's cash operations of the day; first and last are ledger row ids (the order they were written). */
export interface CashSums {
  device_id: number;
  deposits: number;
  deposit_total: number;
  withdrawals: number;
  withdrawal_total: number;
  cash_outs: number;
  cash_out_total: number;
  corrections: number;
  /** Signed: what the corrections put onto places (a corrected withdraw) or took off (a corrected deposit). */
  correction_total: number;
  first_id: number;
  last_id: number;
}

const count = (condition: ReturnType<typeof sql<boolean>>) =>
  sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
const total = (condition: ReturnType<typeof sql<boolean>>) =>
  sql<number>`coalesce(sum(case when ${condition} then abs(l.amount_cents) else 0 end), 0)`;

/**
 * Deposits, partial withdraws and cash-outs (a withdraw that left the place at 0), per device: the
 * entries rows of the venue's cash moves. A correction's row is none of them: it is counted apart.
 */
export async function cashSumsByDevice(db: Executor, w: DayWindow): Promise<CashSums[]> {
  const correction = sql<boolean>`o.corrects_operation_id is not null`;
  const cashier = sql<boolean>`o.corrects_operation_id is null`;
  const deposit = sql<boolean>`${cashier} and l.amount_cents > 0`;
  const withdrawal = sql<boolean>`${cashier} and l.amount_cents < 0 and not ${leftPlaceEmptyRow}`;
  const cashOut = sql<boolean>`${cashier} and ${leftPlaceEmptyRow}`;
  const rows = await cashMoves(db, CASH_HISTORY_KINDS)
    .innerJoin('operations as o', 'o.id', 'l.operation_id')
    .select((eb) => [
      'l.device_id',
      count(deposit).as('deposits'),
      total(deposit).as('deposit_total'),
      count(withdrawal).as('withdrawals'),
      total(withdrawal).as('withdrawal_total'),
      count(cashOut).as('cash_outs'),
      total(cashOut).as('cash_out_total'),
      count(correction).as('corrections'),
      sql<number>`coalesce(sum(case when ${correction} then l.amount_cents else 0 end), 0)`.as('correction_total'),
      eb.fn.min('l.id').as('first_id'),
      eb.fn.max('l.id').as('last_id'),
    ])
    .where('l.account_id', '=', w.accountId)
    .where('l.device_id', 'is not', null)
    .where('l.created_at_ms', '>=', w.fromMs)
    .where('l.created_at_ms', '<', w.toMs)
    .groupBy('l.device_id')
    .execute();
  return rows.map((r) => ({
    device_id: Number(r.device_id),
    deposits: Number(r.deposits),
    deposit_total: Number(r.deposit_total),
    withdrawals: Number(r.withdrawals),
    withdrawal_total: Number(r.withdrawal_total),
    cash_outs: Number(r.cash_outs),
    cash_out_total: Number(r.cash_out_total),
    corrections: Number(r.corrections),
    correction_total: Number(r.correction_total),
    first_id: Number(r.first_id),
    last_id: Number(r.last_id),
  }));
}

/** The trx and time of ledger rows by id. */
export async function rowsById(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, { trx: string; created_at_ms: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['id', 'trx', 'created_at_ms'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { trx: r.trx, created_at_ms: Number(r.created_at_ms) }]));
}

export interface ApprovalCounts {
  device_id: number;
  requested: number;
  approved: number;
  declined: number;
  expired: number;
  withdrawn: number;
  /** Of the approved, those the ledger then refused (the approval keeps its refusal). */
  failed: number;
  waiting_at_start: number;
  waiting_at_end: number;
}

/**
 * Four eyes per device, each event on the day it happened: a request when it was made, an approval, a
 * decline or a retraction when it was decided, an expiry when its window ran out unanswered (`windowMs`
 * after the request, and not after `nowMs`). A request is waiting at an instant when it was made before
 * it and nothing of the above happened to it before it; at the day's end that instant is the end, or
 * just after `nowMs` for a day still running. So every request is in exactly one of the day's outcomes
 * or still waiting: waiting_at_start + requested = approved + declined + withdrawn + expired +
 * waiting_at_end, per device and in total. A request of the day is made at most `windowMs` before
 * anything of the day happens to it, so one range of the request times reads them all.
 */
export async function approvalCountsByDevice(
  db: Executor,
  w: DayWindow & { windowMs: number; nowMs: number },
): Promise<ApprovalCounts[]> {
  const inDay = (ms: ReturnType<typeof sql<number>>) => sql<boolean>`${ms} >= ${w.fromMs} and ${ms} < ${w.toMs}`;
  const expiresAt = sql<number>`created_at_ms + ${w.windowMs}`;
  const decided = (status: string) => sql<boolean>`status = ${status} and ${inDay(sql`decided_at_ms`)}`;
  /** Made before `at`, and neither decided nor expired before it. */
  const waitingAt = (at: number) =>
    sql<boolean>`created_at_ms < ${at} and (decided_at_ms is null or decided_at_ms >= ${at}) and ${expiresAt} >= ${at}`;
  const dayEnd = Math.min(w.toMs, w.nowMs + 1);
  const rows = await db
    .selectFrom('approvals')
    .select([
      'device_id',
      count(inDay(sql`created_at_ms`)).as('requested'),
      count(decided('approved')).as('approved'),
      count(decided('declined')).as('declined'),
      count(decided('withdrawn')).as('withdrawn'),
      count(sql<boolean>`${decided('approved')} and outcome_json is not null`).as('failed'),
      count(sql<boolean>`status = 'pending' and ${inDay(expiresAt)} and ${expiresAt} <= ${w.nowMs}`).as(
        'expired',
      ),
      count(waitingAt(w.fromMs)).as('waiting_at_start'),
      count(waitingAt(dayEnd)).as('waiting_at_end'),
    ])
    .where('account_id', '=', w.accountId)
    .where('created_at_ms', '>=', w.fromMs - w.windowMs)
    .where('created_at_ms', '<', w.toMs)
    .groupBy('device_id')
    .execute();
  return rows.map((r) => ({
    device_id: Number(r.device_id),
    requested: Number(r.requested),
    approved: Number(r.approved),
    declined: Number(r.declined),
    expired: Number(r.expired),
    withdrawn: Number(r.withdrawn),
    failed: Number(r.failed),
    waiting_at_start: Number(r.waiting_at_start),
    waiting_at_end: Number(r.waiting_at_end),
  }));
}

/**
 * The venue's hash-chain head as it stood at `beforeMs`: the place of its last row written before then.
 * The rows of that moment must be sealed by now (ledger/ledger-sealer.ts sealVenue).
 */
export async function chainHeadBefore(
  db: Executor,
  accountId: number,
  beforeMs: number,
): Promise<{ entries: number; hash: string }> {
  const row = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('ledger_seals as s', 's.entry_id', 'l.id')
    .select(['s.chain_seq', 's.chain_hash'])
    .where('l.account_id', '=', accountId)
    .where('l.created_at_ms', '<', beforeMs)
    .orderBy('l.created_at_ms', 'desc')
    .orderBy('s.chain_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { entries: Number(row.chain_seq), hash: row.chain_hash } : { entries: 0, hash: GENESIS_HASH };
}

/** The venue's devices now, and the devices `ids` (which may have moved to another venue since), by id. */
export async function devicesOf(
  db: Executor,
  accountId: number,
  ids: readonly number[],
): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'name'])
    .where((eb) =>
      ids.length === 0
        ? eb('account_id', '=', accountId)
        : eb.or([eb('account_id', '=', accountId), eb('id', 'in', [...ids])]),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
