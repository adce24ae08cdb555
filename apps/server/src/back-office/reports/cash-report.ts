// The cash report of one venue's gaming day (docs/product.md section 19), modelled on the US casino
// rules (31 CFR 1021.311 and 1021.313): the log of every player cash transaction above the venue's log
// threshold, with the player's card and name, and the players whose cash in or cash out of the day,
// summed over every seat and till, passed its report threshold, with their identity. Its day, header
// and ledger head are the daily report's (daily-report.ts); the back office's route and the CLI's
// `report:cash` both make it here.
import type { CashLogLine, CashReport } from '@cashdesk/contract';
import type { Db } from '../../db/database.js';
import { cashLogRows, reportedPlayers, type CashLogRow } from './cash-report.repository.js';
import { dayWindow, dayReportHead, ledgerHeadAtDayEnd, type DayReportInput } from './daily-report.js';

const iso = (ms: number) => new Date(ms).toISOString();
const orNull = (value: number | null) => (value === null ? null : Number(value));

function logLine(row: CashLogRow): CashLogLine {
  return {
    at: iso(row.created_at_ms),
    player_id: row.player_id,
    card: row.card,
    name: row.name,
    kind: row.amount_cents > 0 ? 'cash_in' : 'cash_out',
    amount: Math.abs(row.amount_cents),
    device_id: row.device_id,
    place: row.place,
    cashier: row.cashier,
    trx: row.trx,
    corrected_by: row.corrected_by,
  };
}

export async function makeCashReport(database: Db, input: DayReportInput): Promise<CashReport> {
  const db = database.kysely;
  const { account, day, nowMs } = input;
  const { fromMs, toMs } = dayWindow(account, day, nowMs);
  const logAbove = orNull(account.cash_log_above_cents);
  const reportAbove = orNull(account.cash_report_above_cents);
  // A correction counts when made before the day ended: a closed day's report stays what it was then,
  // as its ledger head does. For a running day that is every correction so far.
  const window = { accountId: account.id, fromMs, toMs, correctedBeforeMs: toMs };
  const log = logAbove === null ? [] : await cashLogRows(db, { ...window, aboveCents: logAbove });
  const reports = reportAbove === null ? [] : await reportedPlayers(db, { ...window, aboveCents: reportAbove });
  return {
    ...dayReportHead(input, { fromMs, toMs }),
    log_above: logAbove,
    report_above: reportAbove,
    log: log.map(logLine),
    reports,
    ledger_head: await ledgerHeadAtDayEnd(database, account.id, toMs, nowMs),
  };
}
