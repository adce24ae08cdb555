// What every route and service needs, built once at start and passed down explicitly.
import { AuthCache } from './auth/auth-cache.js';
import { BackgroundJobs } from './background-jobs.js';
import { AlertChecks } from './back-office/floor/alert-checks.js';
import { floorFigures } from './back-office/floor/floor-figures.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { PinGuard } from './devices/pin-guard.js';
import { systemClock, type Clock } from './clock.js';
import { LedgerSealer } from './ledger/ledger-sealer.js';
import type { LedgerService } from './ledger/ledger.service.js';
import type { ChangeFeed } from './live/change-feed.js';
import { openChangeFeed } from './live/open-change-feed.js';
import { MeteredLedger } from './metrics/metered-ledger.js';
import { ServerMetrics } from './metrics/server-metrics.js';
import { PostgresChangeFeed } from './live/pg-change-feed.js';

export interface AppContext {
  config: Config;
  db: Db;
  ledger: LedgerService;
  /** Puts the ledger's committed rows on their hash chains (ledger/ledger-sealer.ts): started and closed with the app. */
  sealer: LedgerSealer;
  clock: Clock;
  /** What changed for which venue, for the live-updates streams (closed with the app). */
  changes: ChangeFeed;
  /** The server's build hash (`/cashier_v`), the same one the web app's /version.json carries. */
  buildHash: string;
  /**
   * Sessions and device tokens remembered in this process (auth/auth-cache.ts), handed to every writer
   * that revokes them. One per database handle: a second context on the same Db (tests) is handed the
   * first one's.
   */
  auth: AuthCache;
  /** Throttles and judges device PINs for every call that takes one (devices/pin-guard.ts). */
  pins: PinGuard;
  /** What `GET /metrics` serves (metrics/); the ledger counts its operations there. */
  metrics: ServerMetrics;
  /** The floor's alert checks (back-office/floor/alert-checks.ts): started and stopped with the app. */
  alerts: AlertChecks;
  /**
   * The server's background jobs (background-jobs.ts), listed by app.ts, started and stopped with the
   * app: `jobs.list()` says which run.
   */
  jobs: BackgroundJobs;
}

export function createContext(
  config: Config,
  db: Db,
  buildHash: string,
  clock: Clock = systemClock,
  auth: AuthCache = AuthCache.of(db),
): AppContext {
  const changes = openChangeFeed(db);
  const metrics = new ServerMetrics({
    openLiveStreams: () => changes.subscriberCount,
    pools: () => db.poolStats?.() ?? null,
    floor: () => floorFigures(db.kysely, clock.now()),
  });
  // Across processes the auth cache hears revocations on the feed's connection (auth/auth-cache.ts).
  if (changes instanceof PostgresChangeFeed) changes.serveRevocations(auth);
  const sealer = new LedgerSealer(db);
  const ledger = new MeteredLedger(metrics, db, clock, changes, { ...config.ledger, sealer });
  ledger.onBatch(metrics.observeLedgerBatch);
  return {
    config,
    db,
    ledger,
    sealer,
    clock,
    changes,
    buildHash,
    auth,
    pins: new PinGuard(db, clock, changes),
    metrics,
    alerts: new AlertChecks(db, clock, changes, config.alerts),
    jobs: new BackgroundJobs(),
  };
}
