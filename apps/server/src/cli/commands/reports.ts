// report:daily: a venue's daily report (docs/product.md section 15) as a table, CSV or JSON; report:cash:
// its cash report of a gaming day (section 19) the same ways.
import {
  cashReportLines,
  csvLines,
  DAILY_REPORT_COLUMNS,
  dailyReportHeader,
  dailyReportRows,
  gamingDay,
  type CashReport,
  type DailyReport,
  type GamingDayReportHead,
  type LedgerHead,
} from '@cashdesk/contract';
import { findAccount } from '../../accounts/accounts.repository.js';
import { OPERATOR } from '../../back-office/access.js';
import { makeCashReport } from '../../back-office/reports/cash-report.js';
import { makeDailyReport, type DayReportInput } from '../../back-office/reports/daily-report.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { Command } from '../command.js';
import { CliError, UsageError } from '../errors.js';
import { money, table } from '../output.js';
import { parseId, validate } from '../values.js';

/** The lines a report's text starts with: which venue and day, when it was made, the ledger head. */
function heading(title: string, r: GamingDayReportHead & { ledger_head: LedgerHead }): string[] {
  return [
    `${title}: ${r.venue} (account ${r.account_id}), gaming day ${r.day}${r.complete ? '' : ' (still running)'}`,
    `  ${r.from} .. ${r.to} (${r.time_zone}, day starts at ${r.day_starts_at}:00)`,
    `  made ${r.made_at} by ${r.made_by}`,
    `  ledger head at the day's end: ${r.ledger_head.entries} entries, ${r.ledger_head.hash}`,
  ];
}

/**
 * A command printing a report of a venue's gaming day: as text, with --csv as the file the back office
 * downloads, with --json as the API answers it. A day not begun yet is a usage error.
 */
function gamingDayReportCommand<R>(spec: {
  name: string;
  summary: string;
  /** The line `help <command>` starts with: where the report's day and figures come from. */
  about: string;
  make: (db: Db, input: DayReportInput) => Promise<R>;
  csv: (report: R) => string;
  describe: (report: R) => string;
}): Command {
  return {
    name: spec.name,
    usage: `${spec.name} --account <id> --day YYYY-MM-DD [--csv]`,
    summary: spec.summary,
    details: [
      spec.about,
      '--csv prints the file the back office downloads; --json the report as the API answers it.',
    ],
    positionals: [],
    flags: { account: 'string', day: 'string', csv: 'boolean' },
    async run(args, { db, clock, print }) {
      const id = parseId('--account', args.required('account'));
      const day = validate(gamingDay, args.required('day'), { '': '--day' });
      const account = await findAccount(db.kysely, id);
      if (!account) throw new CliError(`unknown account ${id}`);
      const report = await spec
        .make(db, { account, day, nowMs: clock.now(), madeBy: OPERATOR.login })
        .catch((error: unknown) => {
          if (error instanceof ApiError)
            throw new UsageError(`bad --day '${day}': the gaming day has not begun yet`);
          throw error;
        });
      if (args.bool('csv') && !print.json) {
        print.result(report, () => spec.csv(report).trimEnd());
      } else {
        print.result(report, () => spec.describe(report));
      }
    },
  };
}

/**
 * The same file the back office downloads (by the same writer, without the browser's BOM): the header
 * as `name,value` lines, a blank line, the table.
 */
export function dailyReportCsv(report: DailyReport): string {
  return csvLines([...dailyReportHeader(report), [], [...DAILY_REPORT_COLUMNS], ...dailyReportRows(report)]);
}

function describe(r: DailyReport): string {
  const m = (cents: number) => money(cents, r.currency);
  const rows = [
    ...r.devices.map((d) => ({ ...d, label: `${d.device_id} ${d.name}` })),
    { ...r.total, label: 'total' },
  ];
  return [
    ...heading('daily report', r),
    '',
    table(
      [
        'device',
        'deposits',
        'withdrawals',
        'cash-outs',
        'net',
        'first trx',
        'last trx',
        'corr.',
        // They add up: waiting at the start + requested = approved + declined + withdrawn + expired +
        // waiting at the end.
        'approvals start+r=a+d+w+e+end',
      ],
      rows.map((f) => [
        f.label,
        `${f.deposits} ${m(f.deposit_total)}`,
        `${f.withdrawals} ${m(f.withdrawal_total)}`,
        `${f.cash_outs} ${m(f.cash_out_total)}`,
        m(f.net),
        f.first_trx ?? '-',
        f.last_trx ?? '-',
        String(f.corrections),
        `${f.approvals_waiting_at_start}+${f.approvals_requested}=` +
          `${f.approvals_approved}+${f.approvals_declined}+${f.approvals_withdrawn}+${f.approvals_expired}+` +
          `${f.approvals_waiting_at_end}`,
      ]),
    ),
  ].join('\n');
}

const reportDaily = gamingDayReportCommand({
  name: 'report:daily',
  summary: "a venue's daily report: per device and in total, for one gaming day",
  about: "The gaming day starts at the account's day_starts_at hour in its time_zone (account:set).",
  make: makeDailyReport,
  csv: dailyReportCsv,
  describe,
});

/** The cash report's file as the back office downloads it (by the same writer, without the browser's BOM). */
export function cashReportCsv(report: CashReport): string {
  return csvLines(cashReportLines(report));
}

function describeCash(r: CashReport): string {
  const m = (cents: number | null) => (cents === null ? 'off' : money(cents, r.currency));
  const who = (p: { card: string; name: string | null }) =>
    p.name === null ? p.card : `${p.card} ${p.name}`;
  return [
    ...heading('cash report', r),
    `  logged above ${m(r.log_above)}, reported above ${m(r.report_above)}`,
    '',
    `log: ${r.log.length}`,
    table(
      ['at', 'player', 'kind', 'amount', 'device/place', 'cashier', 'trx', 'corrected by'],
      r.log.map((l) => [
        l.at,
        who(l),
        l.kind,
        m(l.amount),
        `${l.device_id}/${l.place}`,
        l.cashier ?? '-',
        l.trx,
        l.corrected_by ?? '-',
      ]),
    ),
    '',
    `reports: ${r.reports.length}`,
    table(
      ['player', 'document', 'birth date', 'cash in', 'cash out', 'transactions'],
      r.reports.map((p) => [
        who(p),
        [p.document_kind, p.document_number].filter((x) => x !== null).join(' ') || '-',
        p.birth_date ?? '-',
        m(p.cash_in),
        m(p.cash_out),
        String(p.transactions),
      ]),
    ),
  ].join('\n');
}

const reportCash = gamingDayReportCommand({
  name: 'report:cash',
  summary:
    "a venue's cash report: players' cash transactions logged and players reported, for one gaming day",
  about:
    "The gaming day is the daily report's; the thresholds are the account's cash_log_above and cash_report_above.",
  make: makeCashReport,
  csv: cashReportCsv,
  describe: describeCash,
});

export const reportCommands: readonly Command[] = [reportDaily, reportCash];
