// `npm run bench`: deposits/s and p50/p99 latency of our deposit path on SQLite and PostgreSQL, for 1 and
// 16 concurrent callers on one hot float, next to a raw-SQL baseline of the same transaction, then a
// ledger check of every database written to (a benchmark that corrupts money must say so).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import type { Db } from '../../apps/server/src/db/database.js';
import { verifyLedger } from '../../apps/server/src/ledger/verify.js';
import { ourDeposit } from './deposits.js';
import { compare } from './harness.js';
import { rawPostgresDeposit, rawSqliteDeposit, type RawDeposit } from './raw-baseline.js';
import {
  adminQuery,
  createVenue,
  DEPOSIT_CENTS,
  FLOAT_CENTS,
  openFreshPostgres,
  openFreshSqlite,
  PLACES,
  type BenchDatabase,
  type Connection,
  type Venue,
} from './setup.js';
import { formatMs, formatRate, formatRatio, renderTable, type CaseResult, type Column } from './stats.js';

const CALLERS = [1, 16] as const;
/** Alternating slices per case (ours, raw, ours, raw, ...); see compare. */
const SLICES = 4;
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

const USAGE = `Usage: npm run bench -- [--ops N] [--quick] [--db sqlite|postgres] [--markdown]
  --ops N       measured deposits per path and case (default 2000)
  --quick       short smoke run (200 deposits per case)
  --db DB       run one database only (sqlite or postgres)
  --markdown    also print the tables as Markdown (for BENCHMARKS.md)
PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else ${DEFAULT_PG_URL}`;

interface Options {
  ops: number;
  warmup: number;
  only: 'sqlite' | 'postgres' | null;
  markdown: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ops: { type: 'string' },
      quick: { type: 'boolean', default: false },
      db: { type: 'string' },
      markdown: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  // The root script is `npm run -s bench -w @cashdesk/bench` without a trailing `--`, so that inner npm
  // takes `--quick`, `--ops N`, `--db DB` as its own config and hands them over only as npm_config_*
  // variables; a value given after a space becomes `true` there and is left behind as a positional.
  // Read them from there too (each value recognised by its shape), so `npm run bench -- --quick` works.
  const npmFlag = (name: string) => process.env[`npm_config_${name}`];
  const npmValue = (name: string, fits: (text: string) => boolean) => {
    const value = npmFlag(name);
    return value === 'true' ? positionals.find(fits) : value;
  };
  const quick = values.quick || npmFlag('quick') === 'true';
  const opsText = values.ops ?? npmValue('ops', (text) => /^\d+$/.test(text));
  const only = values.db ?? npmValue('db', (text) => /^[a-z]+$/.test(text));
  const ops = opsText === undefined ? (quick ? 200 : 2000) : Number(opsText);
  if (!Number.isSafeInteger(ops) || ops < 1)
    throw new Error(`--ops wants a positive integer, got ${opsText}`);
  if (only !== undefined && only !== 'sqlite' && only !== 'postgres') {
    throw new Error(`--db wants sqlite or postgres, got ${only}`);
  }
  return {
    ops,
    warmup: quick ? 20 : Math.min(200, Math.max(20, Math.round(ops / 10))),
    only: only ?? null,
    markdown: values.markdown || npmFlag('markdown') === 'true',
  };
}

/** pg reports a refused connection as an AggregateError with an empty message; dig out something useful. */
function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map(describeError))].join('; ');
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return error.message || (typeof code === 'string' ? code : error.name);
  }
  return String(error);
}

interface Leg {
  /** Title line of the table, with the database version and durability settings. */
  title: string;
  notes: string[];
  open(name: string): Promise<BenchDatabase>;
  raw(connection: Connection, venue: Venue): RawDeposit;
}

interface Row {
  callers: number;
  ours: CaseResult;
  raw: CaseResult;
}

const COLUMNS: Column[] = [
  { header: 'case', align: 'left' },
  { header: 'callers', align: 'right' },
  { header: 'ops', align: 'right' },
  { header: 'ops/s', align: 'right' },
  { header: 'p50 ms', align: 'right' },
  { header: 'p99 ms', align: 'right' },
  { header: 'ours/raw ops/s', align: 'right' },
  { header: 'ours/raw p50', align: 'right' },
];

function tableRows(rows: Row[]): string[][] {
  const cells = (name: string, callers: number, r: CaseResult, ratios: [string, string]) => [
    name,
    String(callers),
    String(r.ops),
    formatRate(r.opsPerSec),
    formatMs(r.p50Ms),
    formatMs(r.p99Ms),
    ...ratios,
  ];
  return rows.flatMap(({ callers, ours, raw }) => [
    cells('ours (LedgerService + Kysely)', callers, ours, [
      formatRatio(ours.opsPerSec / raw.opsPerSec),
      formatRatio(ours.p50Ms / raw.p50Ms),
    ]),
    cells('raw SQL (driver)', callers, raw, ['', '']),
  ]);
}

/** verifyLedger over the whole database, plus the totals only we know: each deposit is booked exactly once. */
async function checkLedger(db: Db, venues: { name: string; venue: Venue }[], deposits: number) {
  const problems = (await verifyLedger(db)).map((m) => JSON.stringify(m));
  for (const { name, venue } of venues) {
    const operations = await db.kysely
      .selectFrom('operations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', venue.account_id)
      .where('kind', '=', 'deposit')
      .where('status_code', '=', 200)
      .executeTakeFirstOrThrow();
    if (Number(operations.n) !== deposits) {
      problems.push(`${name}: ${Number(operations.n)} deposit operations recorded, ${deposits} made`);
    }
    const float = await db.kysely
      .selectFrom('accounts')
      .select('balance_cents')
      .where('id', '=', venue.account_id)
      .executeTakeFirstOrThrow();
    const expected = FLOAT_CENTS - deposits * DEPOSIT_CENTS;
    if (Number(float.balance_cents) !== expected) {
      problems.push(`${name}: float is ${float.balance_cents}, expected ${expected}`);
    }
  }
  return problems;
}

async function runLeg(leg: Leg, options: Options): Promise<{ ok: boolean; markdown: string }> {
  console.log(`\n${leg.title}`);
  // One fresh database holds both paths, each with its own venue (account, cashier, device): the same
  // tables, indexes and settings, and one migration.
  const target = await leg.open('bench');
  console.log(`  in ${target.where}`);
  let rawDriver: RawDeposit | undefined;
  try {
    const oursVenue = await createVenue(target.db);
    const rawVenue = await createVenue(target.db);
    const deposit = ourDeposit(target.db, oursVenue);
    rawDriver = leg.raw(target.connection, rawVenue);
    const rows: Row[] = [];
    for (const callers of CALLERS) {
      const config = { callers, ops: options.ops, warmup: options.warmup, slices: SLICES };
      rows.push({ callers, ...(await compare({ ours: deposit, raw: rawDriver.deposit }, config)) });
    }
    const cells = tableRows(rows);
    console.log(renderTable(COLUMNS, cells));
    for (const note of leg.notes) console.log(`  note: ${note}`);

    const deposits = CALLERS.length * (options.ops + options.warmup);
    const problems = await checkLedger(
      target.db,
      [
        { name: 'ours', venue: oursVenue },
        { name: 'raw', venue: rawVenue },
      ],
      deposits,
    );
    if (problems.length === 0) {
      console.log(`  ledger: clean (verifyLedger), ${deposits} deposits per path booked once, to the cent`);
    } else {
      console.log(`  ledger: CORRUPT, ${problems.length} problem(s):`);
      for (const problem of problems.slice(0, 10)) console.log(`    ${problem}`);
    }
    return {
      ok: problems.length === 0,
      markdown: `${leg.title}\n\n${renderTable(COLUMNS, cells, 'markdown')}`,
    };
  } finally {
    await rawDriver?.close();
    await target.dispose();
  }
}

function sqliteLeg(dir: string): Leg {
  const probe = new SqliteDatabase(':memory:');
  const version = probe.prepare<[], { v: string }>('select sqlite_version() as v').get()?.v ?? '?';
  probe.close();
  return {
    title: `SQLite ${version} (better-sqlite3, WAL, synchronous=FULL)`,
    notes: [
      'one connection per process: the 16 callers queue for it (Kysely runs one transaction at a time, raw ' +
        'better-sqlite3 calls are synchronous), so 16 callers cannot beat 1 and their latency is mostly the queue.',
    ],
    open: (name) => openFreshSqlite(dir, name),
    raw: (connection, venue) => {
      if (connection.kind !== 'sqlite') throw new Error('a SQLite leg needs a SQLite connection');
      return rawSqliteDeposit(connection.file, venue);
    },
  };
}

async function postgresLeg(url: string): Promise<Leg> {
  const poolSize = Math.max(...CALLERS);
  const { rows } = await adminQuery(
    url,
    `select current_setting('server_version') as version, current_setting('fsync') as fsync,
       current_setting('synchronous_commit') as sync`,
  );
  const info = rows[0] as { version: string; fsync: string; sync: string } | undefined;
  const where = new URL(url);
  return {
    title:
      `PostgreSQL ${info?.version ?? '?'} (pg, server ${where.host}, ` +
      `fsync=${info?.fsync ?? '?'}, synchronous_commit=${info?.sync ?? '?'})`,
    notes: [
      `pool of ${poolSize} connections for each path; every deposit locks the one account row FOR UPDATE, ` +
        'so concurrent deposits wait for each other to commit (9 round trips each, BEGIN to COMMIT).',
    ],
    open: () => openFreshPostgres(url, poolSize),
    raw: (connection, venue) => {
      if (connection.kind !== 'postgres') throw new Error('a PostgreSQL leg needs a PostgreSQL connection');
      return rawPostgresDeposit(connection.url, venue, poolSize);
    },
  };
}

/** The 1-minute load average: figures taken while other work ran on the machine are not comparable. */
function load(): string {
  return `load average ${os.loadavg()[0]?.toFixed(2) ?? '?'} over ${os.cpus().length} cores`;
}

function printMachine(): void {
  const cpus = os.cpus();
  console.log('Deposit benchmark (foundation)');
  console.log(
    `machine: ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ` +
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}; Node ${process.version}; ` +
      `${load()} at start`,
  );
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  printMachine();
  console.log(
    `workload: deposits of ${DEPOSIT_CENTS} cents to one account (one hot float), spread over ${PLACES} places ` +
      `of one device; ${options.ops} measured deposits per path and case (in ${SLICES} alternating slices) ` +
      `after ${options.warmup} warm-up; a new trx per call.`,
  );

  const results: boolean[] = [];
  const markdown: string[] = [];
  if (options.only !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-bench-'));
    try {
      const leg = await runLeg(sqliteLeg(dir), options);
      results.push(leg.ok);
      markdown.push(leg.markdown);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  if (options.only !== 'sqlite') {
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_PG_URL;
    let leg: Leg | undefined;
    try {
      leg = await postgresLeg(url);
    } catch (error) {
      console.log(`\nPostgreSQL: skipped (${describeError(error)} at ${new URL(url).host})`);
    }
    if (leg) {
      const result = await runLeg(leg, options);
      results.push(result.ok);
      markdown.push(result.markdown);
    }
  }

  console.log(`\n${load()} at the end`);
  if (options.markdown) console.log(`\n${markdown.join('\n\n')}`);
  if (results.includes(false)) {
    console.log('\nFAILED: a ledger check found corrupt money; the figures above are not trustworthy.');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
