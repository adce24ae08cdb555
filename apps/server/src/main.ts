// Starts the product: opens and migrates the database, seeds the demo venue when asked, serves API + web.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { readBuildHash } from './build-hash.js';
import { loadConfig } from './config.js';
import { createContext } from './context.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureDemoDevices } from './demo/devices.js';
import { DEMO_LOGINS, seedDemo } from './demo/seed.js';
import { startDemoSimulators, type DemoSimulators } from './demo/simulators.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  config.webDist ??= path.resolve(here, '../../web/dist');
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const ctx = createContext(config, db, readBuildHash(config.webDist));
  if (config.demo) {
    await seedDemo(ctx);
    await ensureDemoDevices(ctx);
  }

  const app = await buildApp(ctx);
  let simulators: DemoSimulators | null = null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await simulators?.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  printWelcome(url, config.database.kind, config.demo);
  if (config.demo) {
    simulators = await startDemoSimulators(ctx, url, (device, pin, expiresAt) => {
      const what =
        device.kind === 'remote'
          ? 'Home-play phone (Remote devices)'
          : 'Unlinked Rocket Game cabinet (Add device)';
      process.stdout.write(`${what}: PIN ${pin} (valid until ${expiresAt.toLocaleTimeString()})\n`);
    });
  }
}

function printWelcome(url: string, database: string, demo: boolean): void {
  const lines = [``, `Cashdesk is running at ${url}  (database: ${database})`];
  if (demo) {
    lines.push(`Demo logins: ${DEMO_LOGINS.map((l) => `${l.login} / ${l.password} (${l.role})`).join(', ')}`);
    lines.push(`Admins and managers land on the back office: ${url}/back-office`);
  }
  lines.push(``);
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
