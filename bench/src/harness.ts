// Runs deposit functions with N concurrent callers for a fixed number of operations, timing each call.
import { performance } from 'node:perf_hooks';
import type { DepositFn } from './setup.js';
import { summarize, type CaseResult } from './stats.js';

/**
 * `callers` async loops share one counter of remaining operations, so exactly `ops` calls are made with
 * at most `callers` in flight. Each latency is what a caller sees: queueing for a connection (or for the
 * single SQLite connection) included, because that is the time a cashier waits.
 */
async function drive(deposit: DepositFn, callers: number, ops: number, latencies?: Float64Array, at = 0) {
  let next = 0;
  const caller = async () => {
    while (next < ops) {
      const index = at + next++;
      const start = performance.now();
      await deposit();
      if (latencies) latencies[index] = performance.now() - start;
    }
  };
  await Promise.all(Array.from({ length: Math.min(callers, ops) }, caller));
}

export interface CaseOptions {
  callers: number;
  ops: number;
  warmup: number;
  /** The measured ops of each path are run in this many alternating slices (see compare). */
  slices: number;
}

/**
 * Measures our path and the baseline in alternating slices (ours, raw, ours, raw, ...) rather than one
 * after the other, so a burst of other work on the machine (or a WAL checkpoint, or autovacuum) lands on
 * both and skews the ratio less.
 */
export async function compare(
  paths: { ours: DepositFn; raw: DepositFn },
  options: CaseOptions,
): Promise<{ ours: CaseResult; raw: CaseResult }> {
  // The warm-up fills the pools, JIT-compiles the hot path and caches statements; it is not measured.
  await drive(paths.ours, options.callers, options.warmup);
  await drive(paths.raw, options.callers, options.warmup);

  const latencies = { ours: new Float64Array(options.ops), raw: new Float64Array(options.ops) };
  const wallMs = { ours: 0, raw: 0 };
  const slices = Math.max(1, Math.min(options.slices, options.ops));
  for (let slice = 0; slice < slices; slice++) {
    const from = Math.floor((options.ops * slice) / slices);
    const to = Math.floor((options.ops * (slice + 1)) / slices);
    for (const name of ['ours', 'raw'] as const) {
      const start = performance.now();
      await drive(paths[name], options.callers, to - from, latencies[name], from);
      wallMs[name] += performance.now() - start;
    }
  }
  return { ours: summarize(latencies.ours, wallMs.ours), raw: summarize(latencies.raw, wallMs.raw) };
}
