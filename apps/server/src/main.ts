// Starts the product: opens and migrates the database, seeds the demo venue when asked, serves API + web
// (in this process, or in WORKERS processes on PostgreSQL: workers/primary.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { readBuildHash } from './build-hash.js';
import { isLoopbackHost, loadConfig, type Config } from './config.js';
import { createContext, type AppContext } from './context.js';
import { openDatabase, type Db } from './db/database.js';
import { assertMigrated, migrateToLatest } from './db/migrate.js';
import { ensureDemoDevices } from './demo/devices.js';
import { demoLoginWarning, exposedDemoLogins } from './demo/exposed-logins.js';
import { DEMO_LOGINS, seedDemo } from './demo/seed.js';
import { startDemoSimulators, type DemoSimulators } from './demo/simulators.js';
import { demoDeviceName, describeDatabase, renderBanner, renderDevicePin } from './startup/banner.js';
import { workerProcesses } from './workers/primary.js';
import { shareMetrics, workerIndex } from './workers/worker.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHUTDOWN_GRACE_MS = 15_000;

/** The product's log lines before (or without) a server: JSON on stdout, as the server's own. */
function primaryLog(config: Config) {
  return pino({ level: config.logLevel });
}

async function main(): Promise<void> {
  const config = loadConfig();
  // A person at a terminal gets a readable banner, not JSON; warnings and errors still come as log lines
  // unless LOG_LEVEL says otherwise. A service manager or log collector gets JSON lines only.
  const tty = process.stdout.isTTY === true;
  if (tty && process.env.LOG_LEVEL === undefined) config.logLevel = 'warn';
  config.webDist ??= path.resolve(here, '../../web/dist');
  // apps/web/dist is a symlink that a later build re-points (apps/web/build.mjs): resolved once here, so
  // this process serves the build it started with (@fastify/static lists its files at start) to the end.
  if (fs.existsSync(config.webDist)) config.webDist = fs.realpathSync(config.webDist);
  const worker = workerIndex();
  if (worker !== null) return serveAsWorker(config, worker);
  if (config.workers > 1 && config.database.kind === 'sqlite') {
    // One process holds the embedded database's writes; more would only wait on its lock.
    primaryLog(config).warn(
      { workers: config.workers },
      'WORKERS needs PostgreSQL (DATABASE_URL): the embedded database runs one server process',
    );
    config.workers = 1;
  }

  const db = openDatabase(config.database);
  // MIGRATE_ON_START=0: the owner migrates (`cashdesk migrate`) and this role may own nothing.
  await (config.migrateOnStart ? migrateToLatest(db) : assertMigrated(db));
  const ctx = createContext(config, db, readBuildHash(config.webDist));
  if (config.demo) {
    await seedDemo(ctx);
    await ensureDemoDevices(ctx);
  }
  const server = config.workers > 1 ? workersServer(config, db) : await serveHere(ctx);
  let simulators: DemoSimulators | null = null;
  // Graceful stop: the listener closes (new requests are refused, /readyz with them), requests in flight
  // finish and commit or roll back whole, then the database closes. A request stuck past the grace time
  // is cut: its transaction never committed, so nothing is half-written (the retry of its trx executes).
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      server.log.error(
        { graceMs: SHUTDOWN_GRACE_MS },
        'shutdown: requests still running after the grace time, exiting',
      );
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await simulators?.stop();
    await server.close();
    await db.close();
    server.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const url = `http://${config.host}:${await server.listen()}`;
  if (tty) {
    const demoLogins = config.demo ? DEMO_LOGINS : null;
    process.stdout.write(
      renderBanner({
        url,
        database: config.database,
        demoLogins,
        metricsToken: config.metrics.token !== null,
      }),
    );
  } else {
    // The demo logins are public (README); a newcomer reading `npm start` through a pipe still finds them.
    const logins = config.demo ? DEMO_LOGINS.map((l) => `${l.login}/${l.password}`) : undefined;
    server.log.info(
      {
        url,
        database: config.database.kind,
        database_location: describeDatabase(config.database),
        demo: config.demo,
        logins,
        workers: config.workers,
      },
      'cashdesk started',
    );
  }
  // A stop asked for while starting (a restart's SIGTERM) closes the database under the steps below:
  // they are the start's, not a request's, so they end quietly.
  const unlessStopping = (error: unknown): never[] => {
    if (stopping) return [];
    throw error;
  };
  // Whatever mode this start is in: a database that still opens with the public demo passwords says so.
  const exposed = stopping ? [] : await exposedDemoLogins(db).catch(unlessStopping);
  if (exposed.length > 0) {
    const warning = demoLoginWarning(exposed, !isLoopbackHost(config.host));
    if (tty) process.stdout.write(`\n${warning}\n\n`);
    else server.log.warn({ logins: exposed.map((l) => l.login) }, warning);
  }
  if (config.demo && !stopping) {
    simulators = await startDemoSimulators(ctx, url, (device, pin, expiresAt) => {
      if (tty) process.stdout.write(renderDevicePin(device.kind, pin, expiresAt));
      else {
        const what = demoDeviceName(device.kind);
        server.log.info({ device: what, pin, expires_at: expiresAt.toISOString() }, 'demo device PIN');
      }
    });
  }
}

/** What main needs of its server: its log, how to start listening (the port), and how to stop it. */
interface Server {
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  listen(): Promise<number>;
  close(): Promise<void>;
}

/** One server process: this one serves the API. */
async function serveHere(ctx: AppContext): Promise<Server> {
  const app = await buildApp(ctx);
  watchConnections(app, ctx.db);
  const listen = async () => {
    await app.listen({ port: ctx.config.port, host: ctx.config.host });
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : ctx.config.port;
  };
  return { log: app.log, listen, close: () => app.close() };
}

/** WORKERS=N: this process forks the servers (workers/primary.ts) and serves nothing itself. */
function workersServer(config: Config, db: Db): Server {
  const log = primaryLog(config);
  watchConnections({ log }, db);
  const workers = workerProcesses(config.workers, log);
  return { log, listen: () => workers.start(), close: () => workers.stop() };
}

/** A worker of WORKERS=N: the database is migrated and seeded; serve until told to stop. */
async function serveAsWorker(config: Config, worker: number): Promise<void> {
  const db = openDatabase(config.database);
  const ctx = createContext(config, db, readBuildHash(config.webDist));
  shareMetrics(ctx.metrics);
  const app = await buildApp(ctx, { worker });
  watchConnections(app, db);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await db.close();
    process.exit(0);
  };
  // Ctrl-C reaches every process of the group; the primary's SIGTERM comes after it.
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port: config.port, host: config.host });
}

function watchConnections(server: { log: Pick<FastifyBaseLogger, 'warn'> }, db: Db): void {
  db.onConnectionError?.((pool, error) =>
    server.log.warn(
      { pool, err: error },
      'database connection lost; the pool opens another for the next query',
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
