// The figures `GET /metrics` serves (Prometheus text format, prom-client): one set per server (app
// context), so two servers in one process (tests, benchmarks) never add up each other's counts. What
// describes the process itself (CPU, memory, event-loop lag, GC) is collected once per process.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolName, PoolStats } from '../db/database.js';

/** What a ledger operation was, as the counters name it (docs/operations.md, "Metrics"). */
export type LedgerOperationKind =
  | 'deposit'
  | 'withdraw'
  | 'cash_out'
  | 'remote_deposit'
  | 'remote_withdraw'
  | 'remote_cash_out'
  | 'game_event'
  | 'float_top_up'
  | 'float_withdraw'
  | 'correction'
  | 'transfer';

/**
 * How it ended: applied (the money moved), refused (by a money rule, a block, a PIN...), replayed (a
 * stored answer served again for a retried trx), conflict (the trx was used for another request), error
 * (an unexpected failure: a 500).
 */
export type LedgerOperationOutcome = 'applied' | 'refused' | 'replayed' | 'conflict' | 'error';

/** Where the gauges read their value at each scrape. */
export interface MetricSources {
  /** Live-update streams open in this process (live/). */
  openLiveStreams: () => number;
  /** null: no pool to describe (SQLite), and the pool gauges are left out. */
  pools: () => Record<PoolName, PoolStats> | null;
  /** Each venue's floor figures (back-office/floor/floor-figures.ts), read at scrape time. */
  floor: () => Promise<readonly VenueFigures[]>;
}

/** What the floor's gauges show of one venue (the same conditions its alerts are raised on). */
export interface VenueFigures {
  account_id: number;
  float_cents: number;
  devices_silent: number;
  withdrawals_last_hour_cents: number;
  alerts_open: Readonly<Record<string, number>>;
  thresholds: Readonly<Record<string, number>>;
}

/** The route label of a request no route matched: one series for every unknown URL, never the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the request-duration figure reads of a request Fastify answered (a FastifyRequest fits). */
interface AnsweredRequest {
  method: string;
  routeOptions: { url?: string | undefined };
}

/** What it reads of the answer (a FastifyReply fits): its status and the milliseconds it took. */
interface Answer {
  statusCode: number;
  elapsedTime: number;
}

const PREFIX = 'cashdesk_';
/** Seconds: the API answers in milliseconds; a slow report or a stalled database shows in the top buckets. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];

let processRegistry: Registry | null = null;

/** Node's default metrics (event-loop lag included), started once per process on first use. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export class ServerMetrics {
  private readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly ledgerOperations: Counter<'kind' | 'outcome'>;
  private readonly ledgerBatchSize: Histogram;

  constructor(sources: MetricSources) {
    processMetrics();
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Time to answer an HTTP request, by route pattern (never the raw URL) and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.ledgerOperations = new Counter({
      name: `${PREFIX}ledger_operations_total`,
      help: 'Money operations by kind and outcome (applied, refused, replayed, conflict, error)',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.ledgerBatchSize = new Histogram({
      name: `${PREFIX}ledger_batch_size`,
      help: 'Operations committed together in one ledger batch',
      buckets: BATCH_BUCKETS,
      registers,
    });
    new Gauge({
      name: `${PREFIX}live_streams_open`,
      help: 'Live-update streams open in this process',
      registers,
      collect() {
        this.set(sources.openLiveStreams());
      },
    });
    venueGauges(sources.floor, registers);
    // Registered only where there is a pool: on SQLite a zero would read as "no connection available".
    if (sources.pools() !== null) {
      const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
        new Gauge({
          name: `${PREFIX}${name}`,
          help,
          labelNames: ['pool'],
          registers,
          collect() {
            for (const [pool, stats] of Object.entries(sources.pools() ?? {}))
              this.set({ pool }, read(stats));
          },
        });
      poolGauge('db_pool_connections', 'PostgreSQL connections open in the pool', (s) => s.total);
      poolGauge('db_pool_idle_connections', 'PostgreSQL connections open and idle', (s) => s.idle);
      poolGauge('db_pool_waiting_requests', 'Queries waiting for a pool connection', (s) => s.waiting);
    }
  }

  /**
   * Times an answered request: the app's `onResponse` hook as it is (metrics.routes.ts installMetrics),
   * labelled by the route's pattern (`/api/v1/a/cashier/devices/:id`), or UNMATCHED_ROUTE.
   */
  readonly observeRequest = async (request: AnsweredRequest, reply: Answer): Promise<void> => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    this.httpDuration.observe(labels, reply.elapsedTime / 1000);
  };

  countLedgerOperation(kind: LedgerOperationKind, outcome: LedgerOperationOutcome): void {
    this.ledgerOperations.inc({ kind, outcome });
  }

  /**
   * The ledger's batch listener as it is (`ledger.onBatch(metrics.observeLedgerBatch)`, context.ts): how
   * many operations one commit carried.
   */
  readonly observeLedgerBatch = (size: number): void => {
    this.ledgerBatchSize.observe(size);
  };

  readonly contentType = this.registry.contentType;

  /** This server's figures and the process's: what a worker process hands its primary (workers/). */
  get registries(): Registry[] {
    return [this.registry, processMetrics()];
  }

  private renderText: () => Promise<string> = () => Registry.merge(this.registries).metrics();

  /** From now on a scrape gets `whole()`: every worker process's figures summed (workers/worker.ts). */
  renderWith(whole: () => Promise<string>): void {
    this.renderText = whole;
  }

  /** The text a scrape gets: this server's figures, then the process's. */
  async render(): Promise<string> {
    return this.renderText();
  }
}

/** A scrape reads the venues once for all the floor's gauges (prom-client collects each in turn). */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > 1_000) last = { at: Date.now(), value: read() };
    return last.value;
  };
}

/**
 * Per venue (label `account_id`): the float, silent devices, the last hour's withdrawals, open alerts by
 * kind and the alert settings, for Prometheus's own alert rules (docs/operations.md). Every worker
 * process reads the same database, so a scrape summed over workers takes one worker's value (`max`).
 */
function venueGauges(read: () => Promise<readonly VenueFigures[]>, registers: Registry[]): void {
  const figures = sharedRead(read);
  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    set: (g: Gauge, venue: VenueFigures, account_id: string) => void,
  ) =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      labelNames,
      registers,
      aggregator: 'max',
      async collect() {
        const venues = await figures();
        this.reset();
        for (const venue of venues) set(this, venue, String(venue.account_id));
      },
    });
  gauge('venue_float_cents', "The venue's float, cents", ['account_id'], (g, v, id) =>
    g.set({ account_id: id }, v.float_cents),
  );
  gauge(
    'venue_devices_silent',
    "Ready devices past the venue's silence setting",
    ['account_id'],
    (g, v, id) => g.set({ account_id: id }, v.devices_silent),
  );
  gauge(
    'venue_withdrawals_last_hour_cents',
    "Cashiers' withdrawals and cash-outs of the last hour, cents",
    ['account_id'],
    (g, v, id) => g.set({ account_id: id }, v.withdrawals_last_hour_cents),
  );
  gauge('venue_alert_open', 'Open floor alerts by kind', ['account_id', 'kind'], (g, v, id) => {
    for (const [kind, open] of Object.entries(v.alerts_open)) g.set({ account_id: id, kind }, open);
  });
  gauge(
    'venue_alert_threshold',
    "The venue's alert settings (cents; minutes for device_silent_minutes); absent when off",
    ['account_id', 'setting'],
    (g, v, id) => {
      for (const [setting, value] of Object.entries(v.thresholds)) g.set({ account_id: id, setting }, value);
    },
  );
}
