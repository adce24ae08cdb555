// Runs operations with N concurrent callers for a fixed number of operations, timing each call, and
// compares several paths (variants) in alternating slices.
import { performance } from 'node:perf_hooks';
import { summarize, type CaseResult } from './stats.js';

/**
 * One operation. `caller` is the index of the concurrent caller making it (0..callers-1), so a path can
 * give each caller its own connection, session or place; it rejects when the operation was refused, so
 * a refusal cannot pass as a result.
 */
export type OpFn = (caller: number) => Promise<void>;

/**
 * `callers` async loops share one counter of remaining operations, so exactly `ops` calls are made with
 * at most `callers` in flight. Each latency is what a caller sees: queueing for a connection (or for the
 * single SQLite connection) included, because that is the time a cashier waits.
 */
async function drive(op: OpFn, callers: number, ops: number, latencies?: Float64Array, at = 0) {
  let next = 0;
  const caller = async (index: number) => {
    while (next < ops) {
      const slot = at + next++;
      const start = performance.now();
      await op(index);
      if (latencies) latencies[slot] = performance.now() - start;
    }
  };
  await Promise.all(Array.from({ length: Math.min(callers, ops) }, (_, index) => caller(index)));
}

export interface CaseOptions {
  callers: number;
  ops: number;
  warmup: number;
  /** The measured ops of each path are run in this many alternating slices (see compare). */
  slices: number;
}

/**
 * Measures every path in alternating slices (A, B, C, A, B, C, ...) rather than one after the other, so a
 * burst of other work on the machine (or a WAL checkpoint, or autovacuum) lands on all of them and skews
 * the ratios less.
 */
export async function compare<K extends string>(
  paths: Record<K, OpFn>,
  options: CaseOptions,
): Promise<Record<K, CaseResult>> {
  const names = Object.keys(paths) as K[];
  // The warm-up fills the pools, JIT-compiles the hot path and caches statements; it is not measured.
  for (const name of names) await drive(paths[name], options.callers, options.warmup);

  const latencies = new Map(names.map((name) => [name, new Float64Array(options.ops)]));
  const wallMs = new Map(names.map((name) => [name, 0]));
  const slices = Math.max(1, Math.min(options.slices, options.ops));
  for (let slice = 0; slice < slices; slice++) {
    const from = Math.floor((options.ops * slice) / slices);
    const to = Math.floor((options.ops * (slice + 1)) / slices);
    for (const name of names) {
      const start = performance.now();
      await drive(paths[name], options.callers, to - from, latencies.get(name), from);
      wallMs.set(name, (wallMs.get(name) ?? 0) + performance.now() - start);
    }
  }
  const results = {} as Record<K, CaseResult>;
  for (const name of names) results[name] = summarize(latencies.get(name)!, wallMs.get(name)!);
  return results;
}
