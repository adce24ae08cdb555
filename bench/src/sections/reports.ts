// Report queries over a big ledger (1 million rows in the full run, report-dataset.ts), through the real
// server process as the cashier's screen calls them: history for a day and for a month (the statistics
// modal asks the same report call), a place's last operations, and the device list and detail whose
// 24-hour summaries read the ledger on every poll. Measured without and with the indexes of migration
// 004 in alternating rounds (before, after, before, after) on the same database.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { reportIndexesMigration } from '@cashdesk/server';
import type { Options } from '../options.js';
import { buildDataset, DATASET_PASSWORD, DAY_MS, type Dataset } from '../report-dataset.js';
import { startServer } from '../server-process.js';
import { formatMs, renderTable, summarize, type CaseResult, type Column } from '../stats.js';
import { Terminal } from '../terminal.js';
import { serverDatabaseEnv, type Target } from '../targets.js';
import { reportLedger } from './deposits.js';
import { benchLedgerProblems } from '../ledger-chain-switch.js';
import type { SectionResult } from './section.js';

const ROUNDS = 2;

/** `YYYY-MM-DDTHH:mm:ss+00:00`, the report call's local time with an offset. */
const reportTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}+00:00`;

interface Query {
  name: string;
  call(t: Terminal): Promise<{ status: number; body: string }>;
}

function queries(dataset: Dataset): Query[] {
  const day = dataset.toMs - 45 * DAY_MS;
  const report = (fromMs: number, toMs: number, remote?: boolean) => (t: Terminal) =>
    t.call('POST', '/a/cashier/report', {
      device_ids: dataset.deviceIds,
      from: reportTime(fromMs),
      to: reportTime(toMs),
      ...(remote === undefined ? {} : { remote }),
    });
  const device = dataset.deviceIds[0]!;
  return [
    { name: 'history, one day', call: report(day, day + DAY_MS - 1000) },
    { name: 'history, 30 days', call: report(dataset.toMs - 30 * DAY_MS, dataset.toMs) },
    {
      name: 'statistics, 30 days (same report call)',
      call: report(dataset.toMs - 30 * DAY_MS, dataset.toMs, true),
    },
    {
      name: 'place history (last 20)',
      call: (t) => t.call('POST', '/a/cashier/limit_report', { device_ids: [device], limit: 20, placeId: 1 }),
    },
    { name: 'device list (10 summaries)', call: (t) => t.get('/a/cashier/devices') },
    { name: 'device detail (polled)', call: (t) => t.get(`/a/cashier/devices/${device}`) },
  ];
}

const COLUMNS: Column[] = [
  { header: 'query', align: 'left' },
  { header: 'rows', align: 'right' },
  { header: 'calls', align: 'right' },
  { header: 'before p50', align: 'right' },
  { header: 'before p99', align: 'right' },
  { header: 'after p50', align: 'right' },
  { header: 'after p99', align: 'right' },
];

export async function reportsSection(target: Target, options: Options): Promise<SectionResult> {
  const ledgerRows = options.quick ? 100_000 : 1_000_000;
  const calls = options.quick ? 10 : 60;
  console.log(
    `\nReport queries over a ledger of ${ledgerRows.toLocaleString('en-US')} rows: ${target.title}`,
  );
  const bench = await target.open('reports', 10);
  try {
    const built = performance.now();
    const dataset = await buildDataset(bench.db, bench.connection, ledgerRows);
    console.log(`  dataset written in ${((performance.now() - built) / 1000).toFixed(1)} s`);
    const server = await startServer(serverDatabaseEnv(bench.connection, path.dirname(bench.where)));
    const terminal = new Terminal(server.url);
    try {
      await terminal.signIn(dataset.login, DATASET_PASSWORD);
      const list = queries(dataset);
      const latencies = { before: list.map(() => [] as number[]), after: list.map(() => [] as number[]) };
      const rows = list.map(() => 0);
      let indexed = true;
      for (let round = 0; round < ROUNDS; round++) {
        for (const phase of ['before', 'after'] as const) {
          const want = phase === 'after';
          if (want !== indexed) {
            const migrate = want ? reportIndexesMigration.up : reportIndexesMigration.down!;
            await migrate(bench.db.kysely);
            indexed = want;
          }
          for (const [i, query] of list.entries()) {
            for (let n = 0; n < calls / ROUNDS; n++) {
              const start = performance.now();
              const answer = await query.call(terminal);
              latencies[phase][i]!.push(performance.now() - start);
              if (answer.status !== 200) throw new Error(`${query.name}: ${answer.status} ${answer.body}`);
              const parsed = JSON.parse(answer.body) as unknown;
              rows[i] = Array.isArray(parsed) ? parsed.length : 1;
            }
          }
        }
      }
      const summary = (values: number[]): CaseResult => summarize(Float64Array.from(values), 1);
      const cells = list.map((query, i) => {
        const before = summary(latencies.before[i]!);
        const after = summary(latencies.after[i]!);
        return [
          query.name,
          String(rows[i]),
          String(calls),
          formatMs(before.p50Ms),
          formatMs(before.p99Ms),
          formatMs(after.p50Ms),
          formatMs(after.p99Ms),
        ];
      });
      console.log(renderTable(COLUMNS, cells));
      console.log(
        `  one signed-in cashier of 30, over HTTP, one call at a time; "before" without the indexes of ` +
          `migration 004, "after" with them, ${ROUNDS} alternating rounds. Latency includes the server's JSON.`,
      );
      // `npm run cashdesk -- verify` on the whole ledger: every balance and every venue's hash chain
      // (its bound: under 30 s for 1M rows on SQLite).
      const verifyStarted = performance.now();
      const problems = await benchLedgerProblems(bench.db);
      const verifySeconds = (performance.now() - verifyStarted) / 1000;
      console.log(
        `  verify (balances and hash chains) of ${ledgerRows.toLocaleString('en-US')} ledger rows: ` +
          `${verifySeconds.toFixed(1)} s`,
      );
      const ok = reportLedger(problems, ' on the generated ledger');
      return {
        ok,
        markdown:
          `Report queries, ${ledgerRows.toLocaleString('en-US')} ledger rows: ${target.title}\n\n${renderTable(COLUMNS, cells, 'markdown')}` +
          `\n\nverify (balances and hash chains): ${verifySeconds.toFixed(1)} s.`,
      };
    } finally {
      await terminal.close();
      await server.stop();
    }
  } finally {
    await bench.dispose();
  }
}
