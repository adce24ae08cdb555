// Game events over HTTP: cabinets sending bets and wins to POST /device/events through the real server
// process, at 1, 16 and 64 clients on 8 and 64 cabinets, beside the machine's limit measured in the same
// run: on SQLite the raw per-operation transaction (raw-baseline.ts, one better-sqlite3 transaction per
// operation), on PostgreSQL pgbench (pgbench.ts). Also shown: how many operations the server's ledger
// transactions held (its batch observer, through server-entry.ts), where the server reports it, and the
// same events through a ledger in the benchmark's own process (no HTTP, no server): what the ledger alone
// reaches, so the table tells the ledger's share of the cost from the HTTP path's.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TX_TYPE } from '@cashdesk/contract';
import { LedgerSealer, LedgerService, type Db } from '@cashdesk/server';
import { Client } from 'undici';
import { compare, type OpFn } from '../harness.js';
import type { Options } from '../options.js';
import { describePgbench, runPgbench, type PgbenchResult } from '../pgbench.js';
import type { RawCash } from '../raw-baseline.js';
import { batchCell, cpuPerCall, startServer, type ServerProcess } from '../server-process.js';
import { addCashier, addDevice, fundedAccount, PLACES, type Venue } from '../setup.js';
import { formatMs, formatRate, formatRatio, renderTable, type CaseResult, type Column } from '../stats.js';
import { rawCashOn, serverDatabaseEnv, type Target } from '../targets.js';
import { reportLedger } from './deposits.js';
import type { SectionResult } from './section.js';
import { benchLedgerProblems, ledgerChainOn } from '../ledger-chain-switch.js';

const CLIENTS = [1, 16, 64] as const;
const CABINETS = [8, 64] as const;
const SLICES = 4;
const SERVER_POOL_SIZE = 10;
const AMOUNT_CENTS = 100;
const PGBENCH_SECONDS = 15;

interface Cabinet {
  id: number;
  uuid: string;
  token: string;
}

/** A linked, ready cabinet with PLACES places and a device token the benchmark knows. */
async function addCabinet(db: Db, accountId: number): Promise<Cabinet> {
  const token = randomBytes(32).toString('base64url');
  // The gateway's hash of a device token (gateway.service.ts hashToken).
  const device = await addDevice(db, accountId, createHash('sha256').update(token).digest('hex'));
  return { ...device, token };
}

/** One client's lane: its cabinet and a place of its own, so its win-then-bet pairs never overdraw. */
interface Lane {
  cabinet: Cabinet;
  place: number;
}

function lanesFor(cabinets: Cabinet[], clients: number): Lane[] {
  return Array.from({ length: clients }, (_, i) => ({
    cabinet: cabinets[i % cabinets.length]!,
    place: (Math.floor(i / cabinets.length) % PLACES) + 1,
  }));
}

/** Win, then bet the same amount, per client: every bet finds the money. Each client on its own connection. */
function eventsPath(url: string, lanes: Lane[]): { op: OpFn; close(): Promise<void> } {
  const clients = lanes.map(() => new Client(url, { pipelining: 1, keepAliveTimeout: 60_000 }));
  const count = new Array<number>(lanes.length).fill(0);
  const op: OpFn = async (caller) => {
    const lane = lanes[caller]!;
    const n = count[caller]!;
    count[caller] = n + 1;
    const response = await clients[caller]!.request({
      path: '/device/events',
      method: 'POST',
      headers: { authorization: `Bearer ${lane.cabinet.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        trx: randomUUID(),
        place: lane.place,
        type: n % 2 === 0 ? TX_TYPE.win : TX_TYPE.pay,
        amount: AMOUNT_CENTS,
      }),
    });
    const body = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`event refused: ${response.statusCode} ${body}`);
  };
  return { op, close: async () => void (await Promise.all(clients.map((c) => c.close()))) };
}

/**
 * The same win-then-bet events straight into a LedgerService on the benchmark's own connection: the
 * ledger with its group commit, without HTTP, routing, auth or JSON. Its batch sizes go to `onBatch`.
 */
function ledgerPath(db: Db, lanes: Lane[], onBatch: (size: number) => void): OpFn {
  const ledger = new LedgerService(db, undefined, undefined, {
    chain: ledgerChainOn(),
    // The chain's sealing is the ledger's work too: counted here as in the server.
    sealer: new LedgerSealer(db),
  });
  ledger.onBatch(onBatch);
  const count = new Array<number>(lanes.length).fill(0);
  return async (caller) => {
    const lane = lanes[caller]!;
    const n = count[caller]!;
    count[caller] = n + 1;
    const outcome = await ledger.applyDeviceEvent({
      device_id: lane.cabinet.id,
      place: lane.place,
      type: n % 2 === 0 ? TX_TYPE.win : TX_TYPE.pay,
      amount_cents: AMOUNT_CENTS,
      trx: randomUUID(),
    });
    if (outcome.status !== 200) throw new Error(`event refused: ${JSON.stringify(outcome)}`);
  };
}

function rawPath(raw: RawCash, venue: Venue, clients: number): OpFn {
  const count = new Array<number>(clients).fill(0);
  return (caller) => {
    const n = count[caller]!;
    count[caller] = n + 1;
    const place = (caller % PLACES) + 1;
    return raw.cash({ venue, place, delta: n % 2 === 0 ? AMOUNT_CENTS : -AMOUNT_CENTS });
  };
}

const COLUMNS: Column[] = [
  { header: 'cabinets', align: 'right' },
  { header: 'clients', align: 'right' },
  { header: 'path', align: 'left' },
  { header: 'ops', align: 'right' },
  { header: 'ops/s', align: 'right' },
  { header: 'p50 ms', align: 'right' },
  { header: 'p99 ms', align: 'right' },
  { header: 'vs limit', align: 'right' },
  { header: 'ops/batch (max)', align: 'right' },
  { header: 'server CPU µs/op', align: 'right' },
];

function cells(
  cabinets: number,
  clients: number,
  name: string,
  result: CaseResult,
  limit: number | null,
  batches: string,
  cpu = '',
): string[] {
  return [
    String(cabinets),
    String(clients),
    name,
    String(result.ops),
    formatRate(result.opsPerSec),
    formatMs(result.p50Ms),
    formatMs(result.p99Ms),
    limit === null ? '' : formatRatio(result.opsPerSec / limit),
    batches,
    cpu,
  ];
}

export async function eventsSection(target: Target, options: Options): Promise<SectionResult> {
  console.log(`\nGame events over HTTP (win/bet pairs on /device/events): ${target.title}`);
  const bench = await target.open('cashdesk', SERVER_POOL_SIZE);
  const closers: (() => Promise<void>)[] = [];
  let server: ServerProcess | null = null;
  try {
    const env = serverDatabaseEnv(bench.connection, path.dirname(bench.where));
    server = await startServer({ ...env, BENCH_PREPARED: '1' });
    const accountId = await fundedAccount(bench.db);
    const cabinets: Cabinet[] = [];
    for (let i = 0; i < Math.max(...CABINETS); i++) cabinets.push(await addCabinet(bench.db, accountId));

    // The machine's limit, in this run: raw per-operation transactions (SQLite) or pgbench (PostgreSQL).
    let pgbench: PgbenchResult | null = null;
    let raw: RawCash | null = null;
    let rawVenue: Venue | null = null;
    if (bench.connection.kind === 'postgres') {
      const started = performance.now();
      pgbench = await runPgbench(options.pgUrl, options.quick ? 5 : PGBENCH_SECONDS);
      console.log(
        `  ${describePgbench(pgbench)} (${((performance.now() - started) / 1000).toFixed(0)} s with init)`,
      );
    } else {
      raw = rawCashOn(bench.connection, SERVER_POOL_SIZE);
      closers.push(() => raw!.close());
      const rawAccount = await fundedAccount(bench.db);
      const rawCashier = await addCashier(bench.db, rawAccount);
      const rawCabinet = await addCabinet(bench.db, rawAccount);
      rawVenue = {
        account_id: rawAccount,
        user_id: rawCashier.id,
        device_id: rawCabinet.id,
        device_uuid: rawCabinet.uuid,
        places: PLACES,
      };
    }

    const table: string[][] = [];
    let next = 0;
    for (const cabinetCount of CABINETS) {
      for (const clients of CLIENTS) {
        // Fresh cabinets per case where there are enough, so one case's rows do not slow the next's.
        const pool = cabinets.slice(0, cabinetCount);
        const lanes = lanesFor(pool, clients);
        next++;
        const http = eventsPath(server.url, lanes);
        closers.push(http.close);
        const inProcess = { batches: 0, operations: 0, max: 0 };
        const paths: Record<string, OpFn> = {
          http: http.op,
          ledger: ledgerPath(bench.db, lanes, (size) => {
            inProcess.batches += 1;
            inProcess.operations += size;
            inProcess.max = Math.max(inProcess.max, size);
          }),
        };
        if (raw && rawVenue) paths.raw = rawPath(raw, rawVenue, clients);
        const config = { callers: clients, ops: options.ops, warmup: options.warmup, slices: SLICES };
        await server.ledgerBatches(); // starts the count afresh
        // Only the HTTP path's calls reach the server process (the others run in this one): its CPU time
        // over the compare is theirs, warm-up included.
        const serverCpu = cpuPerCall(server);
        const results = await compare(paths, config);
        const cpu = serverCpu(options.ops + options.warmup);
        const batches = batchCell(await server.ledgerBatches());
        const limit = pgbench ? pgbench.tps : results.raw!.opsPerSec;
        const rows = [
          cells(cabinetCount, clients, 'HTTP events', results.http!, limit, batches, cpu),
          // The warm-up's batches are in its count too; the mean hardly moves.
          cells(cabinetCount, clients, 'ledger in process', results.ledger!, limit, batchCell(inProcess)),
        ];
        if (results.raw)
          rows.push(cells(cabinetCount, clients, 'raw per-op transaction', results.raw, null, ''));
        table.push(...rows);
        console.log(
          renderTable(COLUMNS, rows)
            .split('\n')
            .slice(next === 1 ? 0 : 2)
            .join('\n'),
        );
      }
    }
    console.log(
      `  ${options.ops} measured events per path and case (alternating wins and bets of ${AMOUNT_CENTS} cents, ` +
        `each client on its own place and keep-alive connection), ${SLICES} alternating slices after ${options.warmup} warm-up. ` +
        (pgbench
          ? `"vs limit" = events/s over ${describePgbench(pgbench)}.`
          : '"vs limit" = events/s over the raw per-operation transaction of the same case.'),
    );
    const ok = reportLedger(await benchLedgerProblems(bench.db), ', every event answered 200');
    const reference = pgbench ? `\n\nLimit: ${describePgbench(pgbench)}.` : '';
    return {
      ok,
      markdown: `Game events over HTTP: ${target.title}\n\n${renderTable(COLUMNS, table, 'markdown')}${reference}`,
    };
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    if (server) await server.stop();
    await bench.dispose();
  }
}
