// The manager's floor overview (`GET /a/manager/account/:id/overview`, docs/product.md section 16) of one
// busy venue: 1 million ledger rows (report-dataset.ts, all of them this venue's, 90 days up to now), 500
// devices (some silent), three cashiers with a shift open for the last 8 hours whose operations carry it,
// and a few open alerts. Through the real server process, one manager's call at a time, as the screen
// polls it. Target: p99 under 50 ms.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createUser, hashPassword, type Db } from '@cashdesk/server';
import type { Options } from '../options.js';
import { buildDataset, DATASET_PASSWORD, type Dataset } from '../report-dataset.js';
import { startServer } from '../server-process.js';
import { formatMs, renderTable, summarize, type Column } from '../stats.js';
import { Terminal } from '../terminal.js';
import { serverDatabaseEnv, type Target } from '../targets.js';
import type { SectionResult } from './section.js';

const DEVICES = 500;
const SHIFT_MS = 8 * 3_600_000;
const TARGET_P99_MS = 50;

const COLUMNS: Column[] = [
  { header: 'call', align: 'left' },
  { header: 'calls', align: 'right' },
  { header: 'p50', align: 'right' },
  { header: 'p99', align: 'right' },
  { header: 'max', align: 'right' },
];

/** Open shifts for the venue's cashiers, tied to their operations of the last 8 hours; a few silent devices and alerts. */
async function floorState(db: Db, dataset: Dataset): Promise<string> {
  const now = dataset.toMs;
  const users = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', dataset.accountId)
    .execute();
  for (const user of users) {
    const shift = await db.kysely
      .insertInto('shifts')
      .values({
        account_id: dataset.accountId,
        user_id: user.id,
        opened_at_ms: now - SHIFT_MS,
        opening_cents: 0,
        open_trx: `bench-shift-${user.id}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable('operations')
      .set({ shift_id: shift.id })
      .where('user_id', '=', user.id)
      .where('created_at_ms', '>=', now - SHIFT_MS)
      .execute();
  }
  // Every device reported a minute ago but the first ten, silent for an hour.
  await db.kysely
    .updateTable('devices')
    .set({ last_seen_at_ms: now - 60_000 })
    .execute();
  const silent = dataset.deviceIds.slice(0, 10);
  await db.kysely
    .updateTable('devices')
    .set({ last_seen_at_ms: now - 3_600_000 })
    .where('id', 'in', silent)
    .execute();
  const manager = await createUser(
    db.kysely,
    {
      login: `bench_manager_${dataset.accountId}`,
      name: 'Bench manager',
      role: 'manager',
      account_id: dataset.accountId,
      password_hash: await hashPassword(DATASET_PASSWORD),
      restrictions: [],
    },
    now,
  );
  return manager.login;
}

export async function overviewSection(target: Target, options: Options): Promise<SectionResult> {
  const ledgerRows = options.quick ? 100_000 : 1_000_000;
  const calls = options.quick ? 20 : 300;
  console.log(
    `\nThe floor overview of one venue of ${ledgerRows.toLocaleString('en-US')} ledger rows and ${DEVICES} devices: ${target.title}`,
  );
  const bench = await target.open('overview', 10);
  try {
    const built = performance.now();
    const dataset = await buildDataset(bench.db, bench.connection, ledgerRows, Date.now(), {
      venues: 1,
      devicesPerVenue: DEVICES,
      cashiersPerVenue: 3,
    });
    const login = await floorState(bench.db, dataset);
    console.log(`  dataset written in ${((performance.now() - built) / 1000).toFixed(1)} s`);
    const server = await startServer(serverDatabaseEnv(bench.connection, path.dirname(bench.where)));
    const terminal = new Terminal(server.url);
    try {
      await terminal.signIn(login, DATASET_PASSWORD);
      const url = `/a/manager/account/${dataset.accountId}/overview`;
      const latencies: number[] = [];
      let body = '';
      for (let n = 0; n < calls + 10; n++) {
        const start = performance.now();
        const answer = await terminal.get(url);
        // The first ten warm the server's caches and the database's pages.
        if (n >= 10) latencies.push(performance.now() - start);
        if (answer.status !== 200) throw new Error(`overview: ${answer.status} ${answer.body}`);
        body = answer.body;
      }
      const shown = JSON.parse(body) as { devices: { silent: unknown[] }; cashiers: unknown[] };
      const result = summarize(Float64Array.from(latencies), 1);
      const cells = [
        [
          `overview (${shown.devices.silent.length} silent, ${shown.cashiers.length} open shifts)`,
          String(calls),
          formatMs(result.p50Ms),
          formatMs(result.p99Ms),
          formatMs(Math.max(...latencies)),
        ],
      ];
      console.log(renderTable(COLUMNS, cells));
      const ok = result.p99Ms < TARGET_P99_MS;
      console.log(
        `  one signed-in manager, over HTTP, one call at a time; target p99 < ${TARGET_P99_MS} ms: ${ok ? 'met' : 'MISSED'}`,
      );
      return {
        ok: true,
        markdown: `Floor overview, ${ledgerRows.toLocaleString('en-US')} ledger rows, ${DEVICES} devices: ${target.title}\n\n${renderTable(COLUMNS, cells, 'markdown')}`,
      };
    } finally {
      await terminal.close();
      await server.stop();
    }
  } finally {
    await bench.dispose();
  }
}
