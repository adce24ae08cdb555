// The daily report of one venue's gaming day (docs/product.md section 15): its header, and per device
// and in total the cash operations, corrections and four-eyes decisions of the day. The back office's
// route and the CLI's `report:daily` both make it here.
import {
  gamingDayBounds,
  type DailyDevice,
  type DailyFigures,
  type DailyReport,
  type GamingDayReportHead,
  type LedgerHead,
} from '@cashdesk/contract';
import { APPROVAL_WINDOW_MS } from '../../approvals/index.js';
import type { Db } from '../../db/database.js';
import type { AccountRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { sealVenue } from '../../ledger/ledger-sealer.js';
import {
  approvalCountsByDevice,
  cashSumsByDevice,
  chainHeadBefore,
  devicesOf,
  rowsById,
  type ApprovalCounts,
  type CashSums,
} from './daily-report.repository.js';

const iso = (ms: number) => new Date(ms).toISOString();

const NO_CASH: Omit<CashSums, 'device_id'> = {
  deposits: 0,
  deposit_total: 0,
  withdrawals: 0,
  withdrawal_total: 0,
  cash_outs: 0,
  cash_out_total: 0,
  corrections: 0,
  correction_total: 0,
  first_id: 0,
  last_id: 0,
};
const NO_APPROVALS: Omit<ApprovalCounts, 'device_id'> = {
  requested: 0,
  approved: 0,
  declined: 0,
  expired: 0,
  withdrawn: 0,
  failed: 0,
  waiting_at_start: 0,
  waiting_at_end: 0,
};

type Trx = Map<number, { trx: string; created_at_ms: number }>;

function figuresOf(cash: Omit<CashSums, 'device_id'>, approvals: Omit<ApprovalCounts, 'device_id'>, trx: Trx) {
  const first = trx.get(cash.first_id);
  const last = trx.get(cash.last_id);
  return {
    deposits: cash.deposits,
    deposit_total: cash.deposit_total,
    withdrawals: cash.withdrawals,
    withdrawal_total: cash.withdrawal_total,
    cash_outs: cash.cash_outs,
    cash_out_total: cash.cash_out_total,
    corrections: cash.corrections,
    correction_total: cash.correction_total,
    net: cash.deposit_total - cash.withdrawal_total - cash.cash_out_total + cash.correction_total,
    operations: cash.deposits + cash.withdrawals + cash.cash_outs,
    first_trx: first?.trx ?? null,
    first_at: first ? iso(first.created_at_ms) : null,
    last_trx: last?.trx ?? null,
    last_at: last ? iso(last.created_at_ms) : null,
    approvals_requested: approvals.requested,
    approvals_approved: approvals.approved,
    approvals_declined: approvals.declined,
    approvals_expired: approvals.expired,
    approvals_withdrawn: approvals.withdrawn,
    approvals_failed: approvals.failed,
    approvals_waiting_at_start: approvals.waiting_at_start,
    approvals_waiting_at_end: approvals.waiting_at_end,
  } satisfies DailyFigures;
}

/** The venue's figures summed: first the lowest ledger row id of any device, last the highest. */
function summed(cash: readonly CashSums[], approvals: readonly ApprovalCounts[]) {
  const sum = <T>(rows: readonly T[], key: keyof T) => rows.reduce((s, r) => s + Number(r[key]), 0);
  const ids = cash.map((c) => c.first_id);
  const lastIds = cash.map((c) => c.last_id);
  return {
    cash: {
      deposits: sum(cash, 'deposits'),
      deposit_total: sum(cash, 'deposit_total'),
      withdrawals: sum(cash, 'withdrawals'),
      withdrawal_total: sum(cash, 'withdrawal_total'),
      cash_outs: sum(cash, 'cash_outs'),
      cash_out_total: sum(cash, 'cash_out_total'),
      corrections: sum(cash, 'corrections'),
      correction_total: sum(cash, 'correction_total'),
      first_id: ids.length ? Math.min(...ids) : 0,
      last_id: lastIds.length ? Math.max(...lastIds) : 0,
    },
    approvals: {
      requested: sum(approvals, 'requested'),
      approved: sum(approvals, 'approved'),
      declined: sum(approvals, 'declined'),
      expired: sum(approvals, 'expired'),
      withdrawn: sum(approvals, 'withdrawn'),
      failed: sum(approvals, 'failed'),
      waiting_at_start: sum(approvals, 'waiting_at_start'),
      waiting_at_end: sum(approvals, 'waiting_at_end'),
    },
  };
}

/** A gaming day that has not begun yet has nothing to report: 400 on `day`. */
export function dayWindow(account: AccountRow, day: string, nowMs: number): { fromMs: number; toMs: number } {
  const bounds = gamingDayBounds(day, account);
  if (bounds.fromMs > nowMs) throw ApiError.validation('day', 'has not begun yet');
  return bounds;
}

/** What a report of a venue's gaming day is made of: the venue, the day, the instant it is made, by whom. */
export interface DayReportInput {
  account: AccountRow;
  day: string;
  nowMs: number;
  madeBy: string;
}

/** What a report of the gaming day says of itself (`window`: its instants), the daily and cash reports' head. */
export function dayReportHead(
  input: DayReportInput,
  window: { fromMs: number; toMs: number },
): GamingDayReportHead {
  const { account, nowMs } = input;
  return {
    account_id: account.id,
    venue: account.name,
    currency: account.currency,
    day: input.day,
    time_zone: account.time_zone,
    day_starts_at: Number(account.day_starts_at),
    from: iso(window.fromMs),
    to: iso(window.toMs),
    complete: window.toMs <= nowMs,
    made_at: iso(nowMs),
    made_by: input.madeBy,
  };
}

/**
 * The venue's hash-chain head at the end of the day ending at `toMs`, or now for a running day: every row
 * written so far on the chain first.
 */
export async function ledgerHeadAtDayEnd(
  database: Db,
  accountId: number,
  toMs: number,
  nowMs: number,
): Promise<LedgerHead> {
  await sealVenue(database, accountId);
  return chainHeadBefore(database.kysely, accountId, Math.min(toMs, nowMs + 1));
}

export async function makeDailyReport(database: Db, input: DayReportInput): Promise<DailyReport> {
  const db = database.kysely;
  const { account, day, nowMs } = input;
  const { fromMs, toMs } = dayWindow(account, day, nowMs);
  const window = { accountId: account.id, fromMs, toMs };
  const cash = await cashSumsByDevice(db, window);
  const approvals = await approvalCountsByDevice(db, { ...window, windowMs: APPROVAL_WINDOW_MS, nowMs });
  const trx = await rowsById(db, [...cash.map((c) => c.first_id), ...cash.map((c) => c.last_id)]);
  const active = [...cash.map((c) => c.device_id), ...approvals.map((a) => a.device_id)];
  const devices = await devicesOf(db, account.id, active);
  const cashOf = new Map(cash.map((c) => [c.device_id, c]));
  const approvalsOf = new Map(approvals.map((a) => [a.device_id, a]));
  const rows: DailyDevice[] = devices.map((d) => ({
    device_id: d.id,
    name: d.name,
    ...figuresOf(cashOf.get(d.id) ?? NO_CASH, approvalsOf.get(d.id) ?? NO_APPROVALS, trx),
  }));
  const total = summed(cash, approvals);
  return {
    ...dayReportHead(input, { fromMs, toMs }),
    ledger_head: await ledgerHeadAtDayEnd(database, account.id, toMs, nowMs),
    devices: rows,
    total: figuresOf(total.cash, total.approvals, trx),
  };
}
