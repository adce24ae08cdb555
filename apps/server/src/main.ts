// Starts the product: opens and migrates the database, seeds the demo venue when asked, serves API + web.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { readBuildHash } from './build-hash.js';
import { isLoopbackHost, loadConfig } from './config.js';
import { createContext } from './context.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureDemoDevices } from './demo/devices.js';
import { demoLoginWarning, exposedDemoLogins } from './demo/exposed-logins.js';
import { DEMO_LOGINS, seedDemo } from './demo/seed.js';
import { startDemoSimulators, type DemoSimulators } from './demo/simulators.js';
import { demoDeviceName, describeDatabase, renderBanner, renderDevicePin } from './startup/banner.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHUTDOWN_GRACE_MS = 15_000;

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
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const ctx = createContext(config, db, readBuildHash(config.webDist));
  if (config.demo) {
    await seedDemo(ctx);
    await ensureDemoDevices(ctx);
  }

  const app = await buildApp(ctx);
  db.onConnectionError?.((pool, error) =>
    app.log.warn({ pool, err: error }, 'database connection lost; the pool opens another for the next query'),
  );
  let simulators: DemoSimulators | null = null;
  // Graceful stop: the listener closes (new requests are refused, /readyz with them), requests in flight
  // finish and commit or roll back whole, then the database closes. A request stuck past the grace time
  // is cut: its transaction never committed, so nothing is half-written (the retry of its trx executes).
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      app.log.error(
        { graceMs: SHUTDOWN_GRACE_MS },
        'shutdown: requests still running after the grace time, exiting',
      );
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await simulators?.stop();
    await app.close();
    await db.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
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
    app.log.info(
      {
        url,
        database: config.database.kind,
        database_location: describeDatabase(config.database),
        demo: config.demo,
        logins,
      },
      'cashdesk started',
    );
  }
  // Whatever mode this start is in: a database that still opens with the public demo passwords says so.
  const exposed = await exposedDemoLogins(db);
  if (exposed.length > 0) {
    const warning = demoLoginWarning(exposed, !isLoopbackHost(config.host));
    if (tty) process.stdout.write(`\n${warning}\n\n`);
    else app.log.warn({ logins: exposed.map((l) => l.login) }, warning);
  }
  if (config.demo) {
    simulators = await startDemoSimulators(ctx, url, (device, pin, expiresAt) => {
      if (tty) process.stdout.write(renderDevicePin(device.kind, pin, expiresAt));
      else {
        const what = demoDeviceName(device.kind);
        app.log.info({ device: what, pin, expires_at: expiresAt.toISOString() }, 'demo device PIN');
      }
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
