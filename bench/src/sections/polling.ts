// Polling capacity: how many cashier terminals (fleet.ts) one server process sustains with the p99 of
// every call under 100 ms. Ramps the fleet (doubling, then bisecting) against the real server process,
// with terminals that revalidate (If-None-Match -> 304 for an unchanged answer), terminals that fetch
// full answers every time (the web app before) and terminals that hold the live-updates stream (push,
// SSE) and poll only slowly, rotating which goes first at each size. For push also the delivery of a
// change (cash call answered -> `change` at the venue's other terminals) and the streams held.
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DELIVERY_LATE_MS,
  ensureTerminals,
  Fleet,
  OPENING_CONCURRENCY,
  SAFETY_POLL_MS,
  type DeliveryFigures,
  type TerminalData,
} from '../fleet.js';
import type { Options } from '../options.js';
import { startServer, type ServerProcess } from '../server-process.js';
import { formatMs, formatRate, percentile, renderTable, type Column } from '../stats.js';
import { serverDatabaseEnv, type Target } from '../targets.js';
import { reportLedger } from './deposits.js';
import { benchLedgerProblems } from '../ledger-chain-switch.js';
import type { SectionResult } from './section.js';

export const P99_BUDGET_MS = 100;
const SERVER_POOL_SIZE = 10;

const VARIANTS = {
  revalidate: 'revalidating (ETag, 304 when unchanged)',
  plain: 'full answer every poll (before)',
  push: `push (SSE), poll every ${SAFETY_POLL_MS / 1000} s`,
} as const;
type VariantName = keyof typeof VARIANTS;
const VARIANT_NAMES = Object.keys(VARIANTS) as VariantName[];
/** Connections a terminal holds: its calls', and the stream's for push. */
const CONNECTIONS: Record<VariantName, number> = { revalidate: 1, plain: 1, push: 2 };

interface Plan {
  /** Fleet sizes per variant: from `start`, doubling, to `max` (push starts higher: it is lighter). */
  sizes: Record<VariantName, { start: number; max: number }>;
  bisectSteps: number;
  warmMs: number;
  measureMs: number;
  /** Why a variant's max is below the plan's (the load generator's own limits), for the report. */
  capped: string[];
}

function planFor(options: Options): Plan {
  const plan: Plan = options.quick
    ? {
        sizes: {
          revalidate: { start: 200, max: 800 },
          plain: { start: 200, max: 800 },
          push: { start: 400, max: 1_600 },
        },
        bisectSteps: 0,
        warmMs: 5_000,
        measureMs: 6_000,
        capped: [],
      }
    : {
        sizes: {
          revalidate: { start: 250, max: 16_000 },
          plain: { start: 250, max: 16_000 },
          push: { start: 2_000, max: 8_000 },
        },
        bisectSteps: 3,
        warmMs: 5_000,
        measureMs: 15_000,
        capped: [],
      };
  // Each connection is a socket on both ends (the server process inherits our limits) and a local port.
  const limits = generatorLimits();
  for (const v of VARIANT_NAMES) {
    const size = plan.sizes[v];
    const byFds = limits.fds === null ? Infinity : Math.floor((limits.fds - 512) / CONNECTIONS[v] / 50) * 50;
    const byPorts =
      limits.ports === null ? Infinity : Math.floor((limits.ports - 2_000) / CONNECTIONS[v] / 50) * 50;
    const cap = Math.min(byFds, byPorts);
    if (cap < size.max) {
      plan.capped.push(
        `${VARIANTS[v]} capped at ${cap} terminals by the load generator's ` +
          (byFds <= byPorts
            ? `open-file limit (${limits.fds}; raise ulimit -n)`
            : `local port range (${limits.ports} ports)`),
      );
      size.max = cap;
      size.start = Math.min(size.start, cap);
    }
  }
  return plan;
}

/** The soft open-file limit of this process (and of the server it spawns), and the local ports for connecting. */
function generatorLimits(): { fds: number | null; ports: number | null } {
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  const soft = read('/proc/self/limits').match(/^Max open files\s+(\d+|unlimited)/m)?.[1];
  const range = read('/proc/sys/net/ipv4/ip_local_port_range').trim().split(/\s+/).map(Number);
  return {
    fds: soft === undefined || soft === 'unlimited' ? null : Number(soft),
    ports: range.length === 2 && range.every(Number.isFinite) ? range[1]! - range[0]! + 1 : null,
  };
}

interface PushFigures {
  /** Opening every stream (each with its hello's refetches), OPENING_CONCURRENCY at a time. */
  openingMs: number;
  /** Streams whose hello the terminals had and that were still open at the end of the window. */
  streamsOpen: number;
  /** The server's own count of live-updates streams at the end of the window (null: it did not say). */
  streamsHeld: number | null;
  delivery: DeliveryFigures;
  failures: string[];
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
  /**
   * Server CPU time per terminal and minute: what compares the variants (a push terminal makes fewer
   * calls, and its stream costs CPU that no call is charged with).
   */
  serverCpuMsPerTerminalMin: number | null;
  generatorLagP99Ms: number;
  /** What the errors were, for the log. */
  errorDetail: string;
  push: PushFigures | null;
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
  { header: 'CPU ms/terminal/min', align: 'right' },
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
    r.serverCpuMsPerTerminalMin === null ? '?' : r.serverCpuMsPerTerminalMin.toFixed(2),
    formatMs(r.generatorLagP99Ms),
    r.pass ? 'yes' : 'NO',
  ];
}

const PUSH_COLUMNS: Column[] = [
  { header: 'terminals', align: 'right' },
  { header: 'opening s', align: 'right' },
  { header: 'streams (server)', align: 'right' },
  { header: 'streams (terminals)', align: 'right' },
  { header: 'cash calls', align: 'right' },
  { header: 'changes timed', align: 'right' },
  { header: 'delivery p50 ms', align: 'right' },
  { header: 'delivery p99 ms', align: 'right' },
  { header: 'max ms', align: 'right' },
  { header: `under ${P99_BUDGET_MS} ms`, align: 'right' },
  { header: `late (> ${DELIVERY_LATE_MS / 1000} s) or lost`, align: 'right' },
];

function pushCells(r: StepResult & { push: PushFigures }): string[] {
  const { delivery } = r.push;
  const timed = delivery.latenciesMs;
  const ms = (value: number) => (Number.isNaN(value) ? '' : formatMs(value));
  return [
    String(r.terminals),
    (r.push.openingMs / 1000).toFixed(1),
    r.push.streamsHeld === null ? '?' : String(r.push.streamsHeld),
    String(r.push.streamsOpen),
    String(delivery.calls),
    String(timed.length),
    ms(percentile(timed, 50)),
    ms(percentile(timed, 99)),
    ms(timed.length === 0 ? Number.NaN : timed[timed.length - 1]!),
    timed.length === 0
      ? ''
      : `${((timed.filter((t) => t < P99_BUDGET_MS).length / timed.length) * 100).toFixed(1)}%`,
    String(delivery.late),
  ];
}

const hasPush = (r: StepResult): r is StepResult & { push: PushFigures } => r.push !== null;

const sortedLatencies = (values: number[]) => Float64Array.from(values).sort();

async function step(
  server: ServerProcess,
  data: TerminalData[],
  variant: VariantName,
  plan: Plan,
): Promise<StepResult> {
  const push = variant === 'push';
  const fleet = new Fleet(server.url, data, { mode: variant });
  const openingFrom = performance.now();
  await fleet.start();
  const openingMs = performance.now() - openingFrom;
  await sleep(plan.warmMs);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const errorsBefore = fleet.errors;
  const from = performance.now();
  const cpuFrom = server.cpuMs();
  await sleep(plan.measureMs);
  const to = performance.now();
  const cpuTo = server.cpuMs();
  lag.disable();
  const streamsOpen = fleet.openStreams;
  const streamsHeld = push ? await server.liveStreams() : null;
  // Push: the changes of the window's last cash calls may come up to a coalescing second later.
  await fleet.stop(5_000, push ? { to, graceMs: 3_000 } : undefined);
  const window = fleet.samples.filter((s) => s.at >= from && s.at < to);
  const all = sortedLatencies(window.map((s) => s.latencyMs));
  const polls = sortedLatencies(
    window.filter((s) => s.kind === 'poll' || s.kind === 'fetch').map((s) => s.latencyMs),
  );
  const cash = sortedLatencies(window.filter((s) => s.kind === 'cash').map((s) => s.latencyMs));
  const errors = fleet.errors - errorsBefore;
  // What failed (calls from the window on, by kind and status; 0 = no answer), to tell noise from a fault.
  const failed = new Map<string, number>();
  for (const s of fleet.samples)
    if (s.at >= from && s.status !== 200 && s.status !== 304) {
      const key = `${s.kind} ${s.status}`;
      failed.set(key, (failed.get(key) ?? 0) + 1);
    }
  const errorDetail =
    errors === 0 ? '' : [...failed].map(([k, n]) => `${n}x ${k}`).join(', ') || 'calls unanswered at the end';
  const p99Ms = percentile(all, 99);
  const pushFigures: PushFigures | null = push
    ? {
        openingMs,
        streamsOpen,
        streamsHeld,
        delivery: fleet.deliveries(from, to),
        failures: [...fleet.streamFailures].map(([reason, count]) => `${count}x ${reason}`),
      }
    : null;
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
    serverCpuMsPerTerminalMin:
      cpuFrom === null || cpuTo === null ? null : ((cpuTo - cpuFrom) / (to - from)) * (60_000 / data.length),
    generatorLagP99Ms: lag.percentile(99) / 1e6,
    errorDetail,
    push: pushFigures,
    // Push also has to deliver: a change lost or seconds late fails the size like a refused call.
    pass: errors === 0 && p99Ms < P99_BUDGET_MS && (pushFigures === null || pushFigures.delivery.late === 0),
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
    const best = Object.fromEntries(VARIANT_NAMES.map((v) => [v, { pass: 0, fail: null }])) as Record<
      VariantName,
      { pass: number; fail: number | null }
    >;
    const run = async (terminals: number, variant: VariantName) => {
      data = await ensureTerminals(bench.db, data, terminals);
      const result = await step(server, data.slice(0, terminals), variant, plan);
      results.push(result);
      const c = cells(result);
      console.log(`  ${COLUMNS.map((col, i) => `${col.header}: ${c[i]}`).join(', ')}`);
      if (result.errorDetail) console.log(`    errors: ${result.errorDetail}`);
      if (hasPush(result)) {
        const p = pushCells(result);
        console.log(
          `    ${PUSH_COLUMNS.slice(1)
            .map((col, i) => `${col.header}: ${p[i + 1]}`)
            .join(', ')}`,
        );
        if (result.push.failures.length > 0)
          console.log(`    stream failures: ${result.push.failures.slice(0, 5).join('; ')}`);
      }
      const record = best[variant];
      if (result.pass) record.pass = Math.max(record.pass, terminals);
      else record.fail = Math.min(record.fail ?? Infinity, terminals);
    };
    for (const note of plan.capped) console.log(`  note: ${note}`);
    // Doubling while any variant still passes, every variant from its own start (rotating which goes
    // first); a variant whose max is not on the doubling runs once at its max.
    const first = Math.min(...VARIANT_NAMES.map((v) => plan.sizes[v].start));
    for (let n = first, round = 0; ; n *= 2, round++) {
      const open = VARIANT_NAMES.filter((v) => best[v].fail === null && n / 2 < plan.sizes[v].max);
      if (open.length === 0) break;
      const due = open.filter((v) => n >= plan.sizes[v].start);
      const turn = round % Math.max(1, due.length);
      for (const v of [...due.slice(turn), ...due.slice(0, turn)])
        await run(Math.min(n, plan.sizes[v].max), v);
    }
    for (let i = 0; i < plan.bisectSteps; i++) {
      for (const v of VARIANT_NAMES) {
        const { pass, fail } = best[v];
        if (fail === null || fail - pass <= Math.max(50, pass * 0.1)) continue;
        await run(Math.round((pass + fail) / 2 / 50) * 50, v);
      }
    }
    const summary = VARIANT_NAMES.map(
      (v) =>
        `${VARIANTS[v]}: ${best[v].pass} terminals` +
        (best[v].fail === null
          ? ` (did not fail up to ${plan.sizes[v].max})`
          : ` (failed at ${best[v].fail})`),
    );
    const atCapacity = results.find((r) => r.variant === 'push' && r.terminals === best.push.pass);
    const delivery =
      atCapacity?.push && atCapacity.push.delivery.latenciesMs.length > 0
        ? `; push delivery at ${atCapacity.terminals} terminals, p50 ${formatMs(
            percentile(atCapacity.push.delivery.latenciesMs, 50),
          )} ms, p99 ${formatMs(percentile(atCapacity.push.delivery.latenciesMs, 99))} ms`
        : '';
    console.log(
      `  polling terminals: float, device detail and version every 5 s (own timers, random phase) and a cash call ` +
        `a minute, on its own keep-alive connection; ${plan.warmMs / 1000} s warm-up, ${plan.measureMs / 1000} s ` +
        `measured per step. "gen lag" is the load generator's own event-loop delay: when it is high, part of ` +
        `the latency is the generator's, not the server's.`,
    );
    console.log(
      `  push terminals: the live-updates stream on a second connection (opened ${OPENING_CONCURRENCY} at a time before the ` +
        `warm-up, each refetching float, device detail and version on its hello), float and/or device detail refetched ` +
        `(If-None-Match) on each change naming them, float, device detail and version polled every ` +
        `${SAFETY_POLL_MS / 1000} s, the same cash call a minute; "poll p99" is polls and refetches. Delivery: ` +
        `from a cash call's answer at one terminal to the change naming the float at each other terminal of ` +
        `its venue (4 terminals a venue; 0 when the change came before the answer), for the calls answered in ` +
        `the window.`,
    );
    const ok = reportLedger(await benchLedgerProblems(bench.db), '');
    const rows = [...results].sort((a, b) => a.terminals - b.terminals || a.variant.localeCompare(b.variant));
    const pushRows = rows.filter(hasPush);
    console.log(renderTable(COLUMNS, rows.map(cells)));
    if (pushRows.length > 0) console.log(`\n${renderTable(PUSH_COLUMNS, pushRows.map(pushCells))}`);
    console.log(`  capacity of one server process: ${summary.join('; ')}${delivery}`);
    return {
      ok,
      markdown:
        `Polling capacity: ${target.title}\n\n${renderTable(COLUMNS, rows.map(cells), 'markdown')}\n\n` +
        (pushRows.length > 0 ? `${renderTable(PUSH_COLUMNS, pushRows.map(pushCells), 'markdown')}\n\n` : '') +
        `Capacity: ${summary.join('; ')}${delivery}`,
    };
  } finally {
    await server.stop();
    await bench.dispose();
  }
}
