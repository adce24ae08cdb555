// Command-line options of `npm run bench`.
import { parseArgs } from 'node:util';

export const SECTIONS = [
  'deposits',
  'events',
  'http',
  'polling',
  'reports',
  'overview',
  'venue',
  'web',
] as const;
export type Section = (typeof SECTIONS)[number];
export type DatabaseName = 'sqlite' | 'postgres';

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

export const USAGE = `Usage: npm run bench -- [--quick] [--only SECTIONS] [--db sqlite|postgres] [--ops N] [--markdown]
  --quick        short smoke run of every section, without Lighthouse (a few minutes)
  --only LIST    comma-separated sections to run: ${SECTIONS.join(', ')} (default: all)
  --db DB        run one database only (sqlite or postgres)
  --ops N        measured operations per path and case in deposits and http (default 2000, quick 200)
  --markdown     also print the tables as Markdown (for BENCHMARKS.md)
  venue (a busy night at one venue, open loop):
  --cabinets LIST  venue sizes in cabinets (default 100,300,1000; quick 40)
  --seconds N      measured seconds per size (default 60; quick 10), after --warm N (default 10; quick 5)
  --tills N        cashier tills holding the stream (default 8; quick 4; 0: cabinets and manager only)
  --event-ms N     mean ms between one cabinet's game events (default 1500)
  --workers N      server processes on the one database, as WORKERS=N runs them (default 1; PostgreSQL)
PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else ${DEFAULT_PG_URL}
Lighthouse: CHROME_PATH (default /usr/bin/chromium); BENCH_NO_LH=1 skips the Lighthouse runs; BENCH_LH_REPORTS=dir keeps their reports
The servers started take LEDGER_LANES and LEDGER_BATCH_MAX from the environment; BENCH_LEDGER_CHAIN=0 runs
every ledger without its hash chain (the chain's cost, as a pair with a run that keeps it); BENCH_CPU_PROF=<dir>
writes each server's V8 CPU profile there when it stops, and the run ends with each one's CPU time by part`;

export interface Options {
  quick: boolean;
  ops: number;
  warmup: number;
  databases: DatabaseName[];
  sections: Section[];
  markdown: boolean;
  pgUrl: string;
  venue: VenueOptions;
}

/** The venue section's load (sections/venue.ts). */
export interface VenueOptions {
  cabinets: number[];
  warmMs: number;
  measureMs: number;
  tills: number;
  eventMs: number;
  /** Server processes sharing the database, each client given one in turn (WORKERS=N's cluster). */
  workers: number;
}

export function parseOptions(argv: string[]): Options {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ops: { type: 'string' },
      quick: { type: 'boolean', default: false },
      db: { type: 'string' },
      only: { type: 'string' },
      markdown: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      cabinets: { type: 'string' },
      seconds: { type: 'string' },
      warm: { type: 'string' },
      tills: { type: 'string' },
      'event-ms': { type: 'string' },
      workers: { type: 'string' },
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
  const only = values.db ?? npmValue('db', (text) => /^(sqlite|postgres)$/.test(text));
  const sectionsText =
    values.only ?? npmValue('only', (text) => /^[a-z,]+$/.test(text) && !/^(sqlite|postgres)$/.test(text));
  const ops = opsText === undefined ? (quick ? 200 : 2000) : Number(opsText);
  if (!Number.isSafeInteger(ops) || ops < 1)
    throw new Error(`--ops wants a positive integer, got ${opsText}`);
  if (only !== undefined && only !== 'sqlite' && only !== 'postgres') {
    throw new Error(`--db wants sqlite or postgres, got ${only}`);
  }
  const sections = sectionsText === undefined ? [...SECTIONS] : sectionsText.split(',').filter(Boolean);
  const unknown = sections.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length > 0) throw new Error(`--only: unknown section(s) ${unknown.join(', ')}`);
  const whole = (name: string, text: string | undefined, fallback: number, least = 1): number => {
    // `--name=value` only, when npm took the flag (npm_config_*): a bare `true` there names no value.
    const given = text ?? (npmFlag(name) === 'true' ? undefined : npmFlag(name));
    if (given === undefined) return fallback;
    const value = Number(given);
    if (!Number.isSafeInteger(value) || value < least)
      throw new Error(`--${name} wants an integer of at least ${least}, got ${given}`);
    return value;
  };
  const cabinetsText = values.cabinets ?? (npmFlag('cabinets') === 'true' ? undefined : npmFlag('cabinets'));
  const cabinets =
    cabinetsText === undefined ? (quick ? [40] : [100, 300, 1000]) : cabinetsText.split(',').map(Number);
  if (cabinets.some((n) => !Number.isSafeInteger(n) || n < 1))
    throw new Error(`--cabinets wants a comma-separated list of positive integers, got ${cabinetsText}`);
  const venue: VenueOptions = {
    cabinets,
    warmMs: whole('warm', values.warm, quick ? 5 : 10) * 1000,
    measureMs: whole('seconds', values.seconds, quick ? 10 : 60) * 1000,
    // 0 tills: the cabinets and the manager alone, to tell the screens' share of the cost.
    tills: whole('tills', values.tills, quick ? 4 : 8, 0),
    eventMs: whole('event-ms', values['event-ms'], 1500),
    workers: whole('workers', values.workers, 1),
  };
  return {
    venue,
    quick,
    ops,
    warmup: quick ? 20 : Math.min(200, Math.max(20, Math.round(ops / 10))),
    databases: only ? [only] : ['sqlite', 'postgres'],
    sections: sections as Section[],
    markdown: values.markdown || npmFlag('markdown') === 'true',
    pgUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_PG_URL,
  };
}
