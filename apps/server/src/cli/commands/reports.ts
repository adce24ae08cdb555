// report:daily: a venue's daily report (docs/product.md section 15) as a table, CSV or JSON.
import {
  csvLines,
  DAILY_REPORT_COLUMNS,
  dailyReportHeader,
  dailyReportRows,
  gamingDay,
  type DailyReport,
} from '@cashdesk/contract';
import { findAccount } from '../../accounts/accounts.repository.js';
import { OPERATOR } from '../../back-office/access.js';
import { makeDailyReport } from '../../back-office/reports/daily-report.js';
import { ApiError } from '../../http/api-error.js';
import type { Command } from '../command.js';
import { CliError, UsageError } from '../errors.js';
import { money, table } from '../output.js';
import { parseId, validate } from '../values.js';

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
    `daily report: ${r.venue} (account ${r.account_id}), gaming day ${r.day}${r.complete ? '' : ' (still running)'}`,
    `  ${r.from} .. ${r.to} (${r.time_zone}, day starts at ${r.day_starts_at}:00)`,
    `  made ${r.made_at} by ${r.made_by}`,
    `  ledger head at the day's end: ${r.ledger_head.entries} entries, ${r.ledger_head.hash}`,
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

const reportDaily: Command = {
  name: 'report:daily',
  usage: 'report:daily --account <id> --day YYYY-MM-DD [--csv]',
  summary: "a venue's daily report: per device and in total, for one gaming day",
  details: [
    "The gaming day starts at the account's day_starts_at hour in its time_zone (account:set).",
    '--csv prints the file the back office downloads; --json the report as the API answers it.',
  ],
  positionals: [],
  flags: { account: 'string', day: 'string', csv: 'boolean' },
  async run(args, { db, clock, print }) {
    const id = parseId('--account', args.required('account'));
    const day = validate(gamingDay, args.required('day'), { '': '--day' });
    const account = await findAccount(db.kysely, id);
    if (!account) throw new CliError(`unknown account ${id}`);
    const report = await makeDailyReport(db, {
      account,
      day,
      nowMs: clock.now(),
      madeBy: OPERATOR.login,
    }).catch((error: unknown) => {
      if (error instanceof ApiError)
        throw new UsageError(`bad --day '${day}': the gaming day has not begun yet`);
      throw error;
    });
    if (args.bool('csv') && !print.json) {
      print.result(report, () => dailyReportCsv(report).trimEnd());
    } else {
      print.result(report, () => describe(report));
    }
  },
};

export const reportCommands: readonly Command[] = [reportDaily];
