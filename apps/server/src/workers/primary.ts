// WORKERS=N on PostgreSQL: N server processes on one port, so a busy server uses every core
// (docs/operations.md, "Workers"). This process (the primary) forks them with node:cluster, which hands
// each new connection to one of them in turn. Everything the processes must agree on already lives in
// the database: sessions, idempotency, the sign-in and PIN throttles, push and the auth cache's
// revocations (LISTEN/NOTIFY). Each worker keeps its own ledger group commit and pools. The primary
// serves no request: it migrates and seeds before the fork (main.ts), replaces a worker that dies, stops
// them all on SIGTERM, and sums their metrics for a scrape.
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import {
  METRICS_ANSWER,
  METRICS_ASK,
  WORKER_INDEX_ENV,
  type MetricsAnswer,
  type MetricsAsk,
} from './worker.js';

/** A worker that dies is replaced after this long (not at once: a crash loop would spin the CPU). */
const REPLACE_AFTER_MS = 1_000;

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface Workers {
  /**
   * Forks the workers and settles with the port they share (the one asked for, or the one the system
   * chose for port 0) once each listens. A worker that dies before it ever listened fails the start (a
   * bad configuration would only die again); one that dies later is replaced.
   */
  start(): Promise<number>;
  /** Stops every worker running (each finishes its requests in flight, as a lone server does) and waits. */
  stop(): Promise<void>;
}

function isMetricsAsk(message: unknown): message is MetricsAsk {
  return (message as { type?: unknown } | null)?.type === METRICS_ASK;
}

/** Answers a worker's ask for every worker's metrics, summed (prom-client's aggregation). */
function serveMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMetricsAsk(message)) return;
    const answer = (fields: Partial<MetricsAnswer>) =>
      worker.send({ type: METRICS_ANSWER, id: message.id, ...fields } satisfies MetricsAnswer);
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: String(error) }),
    );
  });
}

/** `count` worker processes, none forked before `start`; `stop` may come at any moment. */
export function workerProcesses(count: number, log: Log): Workers {
  let stopping = false;
  const running = new Map<number, Worker>();

  const start = () =>
    new Promise<number>((resolve, reject) => {
      serveMetrics();
      let listening = 0;
      const fork = (index: number, replacing: boolean) => {
        if (stopping) return;
        const worker = cluster.fork({ [WORKER_INDEX_ENV]: String(index) });
        running.set(index, worker);
        let listened = false;
        worker.on('listening', (address) => {
          listened = true;
          if (!replacing && ++listening === count) resolve(address.port);
        });
        worker.on('exit', (code, signal) => {
          running.delete(index);
          if (stopping) return;
          if (!listened && !replacing) {
            reject(new Error(`worker ${index} exited (${signal ?? code}) before it listened`));
            return;
          }
          log.error({ worker: index, code, signal }, 'worker process died; starting another');
          setTimeout(() => fork(index, true), REPLACE_AFTER_MS).unref();
        });
      };
      for (let index = 1; index <= count; index++) fork(index, false);
    });

  const stop = async () => {
    stopping = true;
    const workers = [...running.values()];
    const exits = workers.map(
      (worker) => new Promise<void>((done) => (worker.isDead() ? done() : worker.once('exit', () => done()))),
    );
    for (const worker of workers) worker.process.kill('SIGTERM');
    await Promise.all(exits);
    log.info({ workers: workers.length }, 'workers stopped');
  };

  return { start, stop };
}
