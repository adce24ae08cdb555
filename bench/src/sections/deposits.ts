// In-process deposits: LedgerService.changePlaceCash on one hot float, 1 and 16 callers, with prepared
// statements reused (now), with fresh statements per call (before: Kysely's drivers as they come), and the
// raw-SQL baseline, in alternating slices on one database. Then a ledger check.
import type { Db } from '@cashdesk/server';
import { ourDeposit } from '../deposits.js';
import { compare, type OpFn } from '../harness.js';
import type { Options } from '../options.js';
import { rawDeposits, type RawCash } from '../raw-baseline.js';
import { createVenue, DEPOSIT_CENTS, FLOAT_CENTS, PLACES, type Venue } from '../setup.js';
import { renderTable, versusRawCells, VERSUS_RAW_COLUMNS, type CaseResult, type Column } from '../stats.js';
import { openAgain, rawCashOn, type Target } from '../targets.js';
import { benchLedgerProblems } from '../ledger-chain-switch.js';
import type { SectionResult } from './section.js';

const CALLERS = [1, 16] as const;
const SLICES = 4;
const POOL_SIZE = Math.max(...CALLERS);

const PATHS = {
  ours: 'ours (LedgerService + Kysely)',
  fresh: 'ours, fresh statements (before)',
  raw: 'raw SQL (driver)',
} as const;
type PathName = keyof typeof PATHS;

const COLUMNS: Column[] = [
  { header: 'case', align: 'left' },
  { header: 'callers', align: 'right' },
  ...VERSUS_RAW_COLUMNS,
];

function tableRows(rows: { callers: number; results: Record<PathName, CaseResult> }[]): string[][] {
  return rows.flatMap(({ callers, results }) =>
    (Object.keys(PATHS) as PathName[]).map((name) => [
      PATHS[name],
      String(callers),
      ...versusRawCells(results[name], name === 'raw' ? undefined : results.raw),
    ]),
  );
}

/** verifyLedger over the whole database, plus the totals only we know: each deposit is booked exactly once. */
async function checkLedger(db: Db, venues: { name: string; venue: Venue }[], deposits: number) {
  const problems = await benchLedgerProblems(db);
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

export function reportLedger(problems: string[], clean: string): boolean {
  if (problems.length === 0) {
    console.log(`  ledger: clean (verifyLedger)${clean}`);
    return true;
  }
  console.log(`  ledger: CORRUPT, ${problems.length} problem(s):`);
  for (const problem of problems.slice(0, 10)) console.log(`    ${problem}`);
  return false;
}

export async function depositsSection(target: Target, options: Options): Promise<SectionResult> {
  console.log(`\nDeposits in process, one hot float: ${target.title}`);
  // One fresh database holds every path, each with its own venue (account, cashier, device): the same
  // tables, indexes and settings, and one migration.
  const bench = await target.open('deposits', POOL_SIZE);
  console.log(`  in ${bench.where}`);
  let fresh: Db | undefined;
  let raw: RawCash | undefined;
  try {
    const venues = {
      ours: await createVenue(bench.db),
      fresh: await createVenue(bench.db),
      raw: await createVenue(bench.db),
    };
    fresh = openAgain(bench.connection, POOL_SIZE, false);
    raw = rawCashOn(bench.connection, POOL_SIZE);
    const paths: Record<PathName, OpFn> = {
      ours: ourDeposit(bench.db, venues.ours),
      fresh: ourDeposit(fresh, venues.fresh),
      raw: rawDeposits(raw, venues.raw),
    };
    const rows = [];
    for (const callers of CALLERS) {
      const config = { callers, ops: options.ops, warmup: options.warmup, slices: SLICES };
      rows.push({ callers, results: await compare(paths, config) });
    }
    const cells = tableRows(rows);
    console.log(renderTable(COLUMNS, cells));
    console.log(
      `  ${options.ops} measured deposits of ${DEPOSIT_CENTS} cents per path and case over the ${PLACES} places ` +
        `of one device, in ${SLICES} alternating slices after ${options.warmup} warm-up; a new trx per call.`,
    );
    console.log(
      target.name === 'sqlite'
        ? '  one connection per process: 16 callers queue for it, so they cannot beat 1.'
        : `  pool of ${POOL_SIZE} per path; every deposit locks the one account row FOR UPDATE.`,
    );
    const deposits = CALLERS.length * (options.ops + options.warmup);
    const problems = await checkLedger(
      bench.db,
      (Object.keys(venues) as PathName[]).map((name) => ({ name, venue: venues[name] })),
      deposits,
    );
    const ok = reportLedger(problems, `, ${deposits} deposits per path booked once, to the cent`);
    return {
      ok,
      markdown: `Deposits in process: ${target.title}\n\n${renderTable(COLUMNS, cells, 'markdown')}`,
    };
  } finally {
    await raw?.close();
    await fresh?.close();
    await bench.dispose();
  }
}
