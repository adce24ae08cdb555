// One call of the load generators (fleet.ts, sections/venue.ts), timed from the moment it is sent and
// counted in flight while it runs, so a run's end can wait for the calls still out.
import { performance } from 'node:perf_hooks';

/** What a timed call took: when it started (performance.now() ms), how long, its status (0 when it threw). */
export interface TimedCall {
  at: number;
  latencyMs: number;
  status: number;
}

export async function timedCall(
  counter: { inFlight: number },
  call: () => Promise<{ status: number }>,
): Promise<TimedCall> {
  const at = performance.now();
  let status = 0;
  counter.inFlight++;
  try {
    status = (await call()).status;
  } catch {
    status = 0;
  } finally {
    counter.inFlight--;
  }
  return { at, latencyMs: performance.now() - at, status };
}
