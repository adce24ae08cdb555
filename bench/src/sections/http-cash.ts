// Cash operations over HTTP: a deposit/withdraw mix through the real server process at 1, 8 and 32
// concurrent connections (each a signed-in cashier on its own keep-alive connection), on one hot float
// and spread over many venues, beside the raw-SQL baseline of the same transaction on the same database.
// The server runs twice side by side, with prepared statements reused (now) and fresh per call (before),
// and every path is measured in alternating slices.
import fs from 'node:fs';
import path from 'node:path';
import { hashPassword } from '@cashdesk/server';
import { compare, type OpFn } from '../harness.js';
import type { Options } from '../options.js';
import type { RawCash } from '../raw-baseline.js';
import { batchCell, cpuPerCall, startServer, type ServerProcess } from '../server-process.js';
import { addCashier, addDevice, fundedAccount, PLACES, type BenchDatabase, type Venue } from '../setup.js';
import { renderTable, versusRawCells, VERSUS_RAW_COLUMNS, type CaseResult, type Column } from '../stats.js';
import { Terminal } from '../terminal.js';
import { rawCashOn, serverDatabaseEnv, type Target } from '../targets.js';
import { describePgbench, runPgbench } from '../pgbench.js';
import { reportLedger } from './deposits.js';
import { benchLedgerProblems } from '../ledger-chain-switch.js';
import type { SectionResult } from './section.js';

const CONNECTIONS = [1, 8, 32] as const;
const MAX_CONNECTIONS = Math.max(...CONNECTIONS);
const SLICES = 4;
/** The server's own pool (apps/server default); the raw baseline gets the same, to compare like with like. */
const SERVER_POOL_SIZE = 10;
const PASSWORD = 'bench-password';
const AMOUNT_CENTS = 100;
const SIGN_IN_BATCH = 8;

type CaseName = 'hot' | 'spread';
const CASES: Record<CaseName, string> = {
  hot: 'one hot float (32 cashiers of one venue)',
  spread: 'spread (32 venues, one cashier each)',
};

const PATHS = {
  http: 'HTTP, server now',
  fresh: 'HTTP, fresh statements (before)',
  raw: 'raw SQL (driver)',
} as const;
type PathName = keyof typeof PATHS;

/** What one concurrent caller works on: its cashier, and a place of its own (so the mix never overdraws). */
interface Lane {
  venue: Venue;
  login: string;
  place: number;
}

/** MAX_CONNECTIONS lanes: on one venue (4 devices of 8 places) or on as many venues as lanes. */
async function createLanes(bench: BenchDatabase, kind: CaseName, passwordHash: string): Promise<Lane[]> {
  const lanes: Lane[] = [];
  const hotAccount = kind === 'hot' ? await fundedAccount(bench.db) : 0;
  let device: { id: number; uuid: string } | null = null;
  for (let i = 0; i < MAX_CONNECTIONS; i++) {
    const accountId = kind === 'hot' ? hotAccount : await fundedAccount(bench.db);
    const cashier = await addCashier(bench.db, accountId, passwordHash);
    if (kind === 'spread' || i % PLACES === 0) device = await addDevice(bench.db, accountId);
    if (!device) throw new Error('no device');
    const venue: Venue = {
      account_id: accountId,
      user_id: cashier.id,
      device_id: device.id,
      device_uuid: device.uuid,
      places: PLACES,
    };
    lanes.push({ venue, login: cashier.login, place: kind === 'hot' ? (i % PLACES) + 1 : 1 });
  }
  return lanes;
}

/** Deposit, then withdraw the same amount, per lane: a 50/50 mix whose withdraws always find the money. */
function alternating(run: (lane: number, delta: number) => Promise<void>): OpFn {
  const count = new Array<number>(MAX_CONNECTIONS).fill(0);
  return (caller) => {
    const n = count[caller]!;
    count[caller] = n + 1;
    return run(caller, n % 2 === 0 ? AMOUNT_CENTS : -AMOUNT_CENTS);
  };
}

async function httpPath(server: ServerProcess, lanes: Lane[]): Promise<{ op: OpFn; close(): Promise<void> }> {
  const terminals = lanes.map(() => new Terminal(server.url));
  // A few at a time: the sign-in throttle counts an attempt as a failure until its password checks out,
  // so 30 sign-ins in flight at once from one address would lock the address (docs/security.md).
  for (let i = 0; i < terminals.length; i += SIGN_IN_BATCH) {
    const batch = terminals.slice(i, i + SIGN_IN_BATCH);
    await Promise.all(batch.map((t, j) => t.signIn(lanes[i + j]!.login, PASSWORD)));
  }
  const op = alternating(async (i, delta) => {
    await terminals[i]!.cash(lanes[i]!.venue.device_id, lanes[i]!.place, delta);
  });
  return { op, close: async () => void (await Promise.all(terminals.map((t) => t.close()))) };
}

function rawPath(raw: RawCash, lanes: Lane[]): OpFn {
  return alternating((i, delta) => raw.cash({ venue: lanes[i]!.venue, place: lanes[i]!.place, delta }));
}

const COLUMNS: Column[] = [
  { header: 'case', align: 'left' },
  { header: 'path', align: 'left' },
  { header: 'conns', align: 'right' },
  ...VERSUS_RAW_COLUMNS,
  { header: 'ops/batch (max)', align: 'right' },
  { header: 'server CPU µs/op', align: 'right' },
];

function rows(
  kind: CaseName,
  connections: number,
  results: Record<PathName, CaseResult>,
  batches: Record<'http' | 'fresh', string>,
  cpu: Record<'http' | 'fresh', string>,
): string[][] {
  return (Object.keys(PATHS) as PathName[]).map((name) => [
    kind,
    PATHS[name],
    String(connections),
    ...versusRawCells(results[name], name === 'raw' ? undefined : results.raw),
    name === 'raw' ? '' : batches[name],
    name === 'raw' ? '' : cpu[name],
  ]);
}

export async function httpCashSection(target: Target, options: Options): Promise<SectionResult> {
  console.log(`\nCash operations over HTTP (deposit/withdraw mix): ${target.title}`);
  const bench = await target.open('cashdesk', SERVER_POOL_SIZE);
  const passwordHash = await hashPassword(PASSWORD);
  const servers: ServerProcess[] = [];
  const closers: (() => Promise<void>)[] = [];
  try {
    const env = serverDatabaseEnv(bench.connection, path.dirname(bench.where));
    if (bench.connection.kind === 'sqlite' && !fs.existsSync(bench.where))
      throw new Error('no database file');
    const now = await startServer({ ...env, BENCH_PREPARED: '1' });
    servers.push(now);
    const before = await startServer({ ...env, BENCH_PREPARED: '0' });
    servers.push(before);
    const raw = rawCashOn(bench.connection, SERVER_POOL_SIZE);
    closers.push(() => raw.close());

    const cells: string[][] = [];
    for (const kind of Object.keys(CASES) as CaseName[]) {
      const lanes = {
        http: await createLanes(bench, kind, passwordHash),
        fresh: await createLanes(bench, kind, passwordHash),
        raw: await createLanes(bench, kind, passwordHash),
      };
      const http = await httpPath(now, lanes.http);
      const fresh = await httpPath(before, lanes.fresh);
      closers.push(http.close, fresh.close);
      const paths: Record<PathName, OpFn> = { http: http.op, fresh: fresh.op, raw: rawPath(raw, lanes.raw) };
      const part: string[][] = [];
      for (const connections of CONNECTIONS) {
        const config = { callers: connections, ops: options.ops, warmup: options.warmup, slices: SLICES };
        // Each server serves one path only: what its ledger batched is that path's.
        await Promise.all([now.ledgerBatches(), before.ledgerBatches()]); // starts the counts afresh
        const [nowCpu, beforeCpu] = [cpuPerCall(now), cpuPerCall(before)];
        const results = await compare(paths, config);
        const served = options.ops + options.warmup;
        const [nowBatches, beforeBatches] = await Promise.all([now.ledgerBatches(), before.ledgerBatches()]);
        part.push(
          ...rows(
            kind,
            connections,
            results,
            { http: batchCell(nowBatches), fresh: batchCell(beforeBatches) },
            { http: nowCpu(served), fresh: beforeCpu(served) },
          ),
        );
      }
      console.log(renderTable(COLUMNS, part));
      cells.push(...part);
    }
    console.log(
      `  ${options.ops} measured calls per path and case (half deposits, half withdraws of ${AMOUNT_CENTS} cents, ` +
        `each caller on its own place), ${SLICES} alternating slices after ${options.warmup} warm-up. ` +
        `Cases: ${Object.entries(CASES)
          .map(([k, v]) => `${k} = ${v}`)
          .join('; ')}.`,
    );
    console.log(
      target.name === 'sqlite'
        ? '  SQLite: one connection per server process; the raw baseline is a second connection in the benchmark process.'
        : `  PostgreSQL: each server has a pool of ${SERVER_POOL_SIZE}; the raw baseline a pool of the same size.`,
    );
    // PostgreSQL's limit on this machine in the same run, beside the raw baseline of our own transaction.
    let reference = '';
    if (bench.connection.kind === 'postgres') {
      reference = describePgbench(await runPgbench(options.pgUrl, options.quick ? 5 : 15));
      console.log(`  Same run: ${reference}.`);
    }
    const ok = reportLedger(await benchLedgerProblems(bench.db), ', every call answered 200');
    return {
      ok,
      markdown:
        `Cash operations over HTTP: ${target.title}\n\n${renderTable(COLUMNS, cells, 'markdown')}` +
        (reference ? `\n\nSame run: ${reference}.` : ''),
    };
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    for (const server of servers) await server.stop();
    await bench.dispose();
  }
}
