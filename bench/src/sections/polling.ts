// Polling capacity: how many cashier terminals (fleet.ts) one server process sustains with the p99 of
// every call under 100 ms. Ramps the fleet (doubling, then bisecting) against the real server process,
// once with terminals that revalidate (If-None-Match -> 304 for an unchanged answer) and once with
// terminals that fetch full answers every time (the web app before), alternating the two at each size.
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { verifyLedger } from '../../../apps/server/src/ledger/verify.js';
import { ensureTerminals, Fleet, type TerminalData } from '../fleet.js';
import type { Options } from '../options.js';
import { startServer } from '../server-process.js';
import { formatMs, formatRate, percentile, renderTable, type Column } from '../stats.js';
import { serverDatabaseEnv, type Target } from '../targets.js';
import { reportLedger } from './deposits.js';
import type { SectionResult } from './section.js';

export const P99_BUDGET_MS = 100;
const SERVER_POOL_SIZE = 10;

const VARIANTS = {
  revalidate: 'revalidating (ETag, 304 when unchanged)',
  plain: 'full answer every poll (before)',
} as const;
type VariantName = keyof typeof VARIANTS;

interface Plan {
  start: number;
  max: number;
  bisectSteps: number;
  warmMs: number;
  measureMs: number;
}

function planFor(options: Options): Plan {
  return options.quick
    ? { start: 200, max: 800, bisectSteps: 0, warmMs: 5_000, measureMs: 6_000 }
    : { start: 250, max: 16_000, bisectSteps: 3, warmMs: 5_000, measureMs: 15_000 };
}

interface StepResult {
  variant: VariantName;
  terminals: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  pollP99Ms: number;
  cashP99Ms: number;
  errors: number;
  serverCpuPct: number | null;
  /** Server CPU time per answered call: steadier than latency on a busy machine, and what capacity divides. */
  serverCpuUsPerCall: number | null;
  generatorLagP99Ms: number;
  pass: boolean;
}

const COLUMNS: Column[] = [
  { header: 'terminals', align: 'right' },
  { header: 'variant', align: 'left' },
  { header: 'req/s', align: 'right' },
  { header: 'p50 ms', align: 'right' },
  { header: 'p99 ms', align: 'right' },
  { header: 'poll p99', align: 'right' },
  { header: 'cash p99', align: 'right' },
  { header: 'errors', align: 'right' },
  { header: 'server CPU', align: 'right' },
  { header: 'CPU µs/call', align: 'right' },
  { header: 'gen lag p99', align: 'right' },
  { header: 'p99 < 100 ms', align: 'left' },
];

function cells(r: StepResult): string[] {
  return [
    String(r.terminals),
    VARIANTS[r.variant],
    formatRate(r.requestsPerSec),
    formatMs(r.p50Ms),
    formatMs(r.p99Ms),
    formatMs(r.pollP99Ms),
    Number.isNaN(r.cashP99Ms) ? '' : formatMs(r.cashP99Ms),
    String(r.errors),
    r.serverCpuPct === null ? '?' : `${r.serverCpuPct.toFixed(0)}%`,
    r.serverCpuUsPerCall === null ? '?' : r.serverCpuUsPerCall.toFixed(0),
    formatMs(r.generatorLagP99Ms),
    r.pass ? 'yes' : 'NO',
  ];
}

const sortedLatencies = (values: number[]) => Float64Array.from(values).sort();

async function step(
  url: string,
  data: TerminalData[],
  variant: VariantName,
  plan: Plan,
  cpuMs: () => number | null,
): Promise<StepResult> {
  const fleet = new Fleet(url, data, { revalidate: variant === 'revalidate' });
  fleet.start();
  await sleep(plan.warmMs);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const errorsBefore = fleet.errors;
  const from = performance.now();
  const cpuFrom = cpuMs();
  await sleep(plan.measureMs);
  const to = performance.now();
  const cpuTo = cpuMs();
  lag.disable();
  await fleet.stop();
  const window = fleet.samples.filter((s) => s.at >= from && s.at < to);
  const all = sortedLatencies(window.map((s) => s.latencyMs));
  const polls = sortedLatencies(window.filter((s) => s.kind === 'poll').map((s) => s.latencyMs));
  const cash = sortedLatencies(window.filter((s) => s.kind === 'cash').map((s) => s.latencyMs));
  const errors = fleet.errors - errorsBefore;
  const p99Ms = percentile(all, 99);
  return {
    variant,
    terminals: data.length,
    requestsPerSec: (window.length / (to - from)) * 1000,
    p50Ms: percentile(all, 50),
    p99Ms,
    pollP99Ms: percentile(polls, 99),
    cashP99Ms: percentile(cash, 99),
    errors,
    serverCpuPct: cpuFrom === null || cpuTo === null ? null : ((cpuTo - cpuFrom) / (to - from)) * 100,
    serverCpuUsPerCall:
      cpuFrom === null || cpuTo === null || window.length === 0
        ? null
        : ((cpuTo - cpuFrom) * 1000) / window.length,
    generatorLagP99Ms: lag.percentile(99) / 1e6,
    pass: errors === 0 && p99Ms < P99_BUDGET_MS,
  };
}

export async function pollingSection(target: Target, options: Options): Promise<SectionResult> {
  const plan = planFor(options);
  console.log(`\nPolling capacity (p99 of every call < ${P99_BUDGET_MS} ms): ${target.title}`);
  const bench = await target.open('cashdesk', SERVER_POOL_SIZE);
  const server = await startServer(serverDatabaseEnv(bench.connection, path.dirname(bench.where)));
  try {
    let data: TerminalData[] = [];
    const results: StepResult[] = [];
    const best: Record<VariantName, { pass: number; fail: number | null }> = {
      revalidate: { pass: 0, fail: null },
      plain: { pass: 0, fail: null },
    };
    const run = async (terminals: number, variant: VariantName) => {
      data = await ensureTerminals(bench.db, data, terminals);
      const result = await step(server.url, data.slice(0, terminals), variant, plan, server.cpuMs);
      results.push(result);
      const c = cells(result);
      console.log(`  ${COLUMNS.map((col, i) => `${col.header}: ${c[i]}`).join(', ')}`);
      const record = best[variant];
      if (result.pass) record.pass = Math.max(record.pass, terminals);
      else record.fail = Math.min(record.fail ?? Infinity, terminals);
    };
    const variants = Object.keys(VARIANTS) as VariantName[];
    // Doubling while any variant still passes, both variants at each size (alternating which goes first).
    for (let n = plan.start, round = 0; n <= plan.max; n *= 2, round++) {
      const live = variants.filter((v) => best[v].fail === null);
      if (live.length === 0) break;
      for (const v of round % 2 === 0 ? live : [...live].reverse()) await run(n, v);
    }
    for (let i = 0; i < plan.bisectSteps; i++) {
      for (const v of variants) {
        const { pass, fail } = best[v];
        if (fail === null || fail - pass <= Math.max(50, pass * 0.1)) continue;
        await run(Math.round((pass + fail) / 2 / 50) * 50, v);
      }
    }
    const summary = variants.map(
      (v) =>
        `${VARIANTS[v]}: ${best[v].pass} terminals` +
        (best[v].fail === null ? ` (did not fail up to ${plan.max})` : ` (failed at ${best[v].fail})`),
    );
    console.log(
      `  each terminal: float, device detail and version every 5 s (own timers, random phase) and a cash call ` +
        `a minute, on its own keep-alive connection; ${plan.warmMs / 1000} s warm-up, ${plan.measureMs / 1000} s ` +
        `measured per step. "gen lag" is the load generator's own event-loop delay: when it is high, part of ` +
        `the latency is the generator's, not the server's.`,
    );
    const ok = reportLedger(
      (await verifyLedger(bench.db)).map((m) => JSON.stringify(m)),
      '',
    );
    const rows = [...results].sort((a, b) => a.terminals - b.terminals || a.variant.localeCompare(b.variant));
    console.log(renderTable(COLUMNS, rows.map(cells)));
    console.log(`  capacity of one server process: ${summary.join('; ')}`);
    return {
      ok,
      markdown:
        `Polling capacity: ${target.title}\n\n${renderTable(COLUMNS, rows.map(cells), 'markdown')}\n\n` +
        `Capacity: ${summary.join('; ')}`,
    };
  } finally {
    await server.stop();
    await bench.dispose();
  }
}
