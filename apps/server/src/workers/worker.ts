// One worker process of WORKERS=N (workers/primary.ts forks them; docs/operations.md, "Workers"). It serves
// the API like a lone server on the port the primary shares, without migrating or seeding (the primary
// did). Its metrics are its own; a scrape it answers asks the primary, which sums every worker's.
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { ServerMetrics } from '../metrics/server-metrics.js';

/** The worker's number (1..N), given at its fork and kept by the replacement of a worker that died. */
export const WORKER_INDEX_ENV = 'CASHDESK_WORKER_INDEX';

/** This process's worker number, or null when it is not a worker of WORKERS. */
export function workerIndex(): number | null {
  if (!cluster.isWorker) return null;
  const index = Number(process.env[WORKER_INDEX_ENV]);
  return Number.isInteger(index) && index > 0 ? index : null;
}

/** A worker asks the primary for every worker's metrics; the primary answers with the text or why not. */
export const METRICS_ASK = 'cashdesk:metrics';
export const METRICS_ANSWER = 'cashdesk:metrics-answer';
export interface MetricsAsk {
  type: typeof METRICS_ASK;
  id: number;
}
export interface MetricsAnswer {
  type: typeof METRICS_ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** Longer than prom-client's own 5 s wait for the slowest worker, so its error is the one reported. */
const METRICS_WAIT_MS = 6_000;

function isMetricsAnswer(message: unknown): message is MetricsAnswer {
  return (message as { type?: unknown } | null)?.type === METRICS_ANSWER;
}

/**
 * Hands this worker's figures to the primary when it gathers them, and makes a scrape of `/metrics` here
 * answer the sum over every worker: a Prometheus scrape reaches one worker, whichever the port gave it.
 */
export function shareMetrics(metrics: ServerMetrics): void {
  AggregatorRegistry.setRegistries(metrics.registries);
  // Its constructor makes this process answer the primary's requests (prom-client's cluster protocol).
  new AggregatorRegistry();
  let next = 0;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on('message', (message: unknown) => {
    if (!isMetricsAnswer(message)) return;
    const asker = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.text !== undefined) asker?.resolve(message.text);
    else
      asker?.reject(new Error(`the primary could not gather the metrics: ${message.error ?? 'no reason'}`));
  });
  metrics.renderWith(
    () =>
      new Promise<string>((resolve, reject) => {
        const id = next++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('the primary did not answer for the metrics'));
        }, METRICS_WAIT_MS);
        const settle =
          <T>(then: (value: T) => void) =>
          (value: T) => {
            clearTimeout(timer);
            then(value);
          };
        waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
        const ask: MetricsAsk = { type: METRICS_ASK, id };
        process.send?.(ask);
      }),
  );
}
