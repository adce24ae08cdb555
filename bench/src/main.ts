// `npm run bench`: every benchmark section on the embedded database and on PostgreSQL in one run, with
// the machine and its load at start and end (other work on a shared machine makes figures noisy), and a
// failure exit when a check (ledger, refused calls) failed. Sections: see options.ts and BENCHMARKS.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ledgerChainOn } from './ledger-chain-switch.js';
import { describeError, load, machineLine } from './machine.js';
import { parseOptions, type Options, type Section } from './options.js';
import { profileSummaries } from './profile-summary.js';
import { depositsSection } from './sections/deposits.js';
import { eventsSection } from './sections/events.js';
import { httpCashSection } from './sections/http-cash.js';
import { overviewSection } from './sections/overview.js';
import { pollingSection } from './sections/polling.js';
import { reportsSection } from './sections/reports.js';
import { venueSection } from './sections/venue.js';
import type { SectionResult } from './sections/section.js';
import { webBudgetSection } from './sections/web-budget.js';
import { postgresTarget, sqliteTarget, type Target } from './targets.js';

type DatabaseSection = (target: Target, options: Options) => Promise<SectionResult>;

const DATABASE_SECTIONS: [Section, DatabaseSection][] = [
  ['deposits', depositsSection],
  ['events', eventsSection],
  ['http', httpCashSection],
  ['polling', pollingSection],
  ['reports', reportsSection],
  ['overview', overviewSection],
  ['venue', venueSection],
];

async function targets(options: Options, dir: string): Promise<Target[]> {
  const list: Target[] = [];
  if (options.databases.includes('sqlite')) list.push(sqliteTarget(dir));
  if (options.databases.includes('postgres')) {
    try {
      list.push(await postgresTarget(options.pgUrl));
    } catch (error) {
      console.log(`\nPostgreSQL: skipped (${describeError(error)} at ${new URL(options.pgUrl).host})`);
    }
  }
  return list;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  console.log(`Cashdesk benchmarks${options.quick ? ' (quick smoke run: figures are indicative only)' : ''}`);
  console.log(`${machineLine()}; ${load()} at start`);
  console.log(`sections: ${options.sections.join(', ')}; databases: ${options.databases.join(', ')}`);
  if (!ledgerChainOn())
    console.log('ledger hash chain: OFF (BENCH_LEDGER_CHAIN=0, the on/off pair; not tamper-evident)');

  const results: SectionResult[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-bench-'));
  try {
    for (const target of await targets(options, dir)) {
      for (const [name, run] of DATABASE_SECTIONS) {
        if (!options.sections.includes(name)) continue;
        try {
          results.push(await run(target, options));
        } catch (error) {
          console.log(`\n${name} on ${target.name}: FAILED (${describeError(error)})`);
          if (error instanceof Error && error.stack) console.log(error.stack);
          results.push({ ok: false, markdown: '' });
        }
      }
    }
    if (options.sections.includes('web')) results.push(await webBudgetSection(options));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const profiles = process.env.BENCH_CPU_PROF;
  if (profiles) {
    console.log(`\nServer CPU by part (the V8 profiles in ${profiles}, one per server process started):`);
    for (const line of profileSummaries(profiles, started)) console.log(`  ${line}`);
  }
  console.log(`\n${load()} at the end; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
  if (options.markdown)
    console.log(
      `\n${results
        .map((r) => r.markdown)
        .filter(Boolean)
        .join('\n\n')}`,
    );
  if (results.some((r) => !r.ok)) {
    console.log('\nFAILED: a check failed (see above); the figures above are not trustworthy.');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
