// Starts the product: opens and migrates the database, seeds the demo venue when asked, serves API + web.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { readBuildHash } from './build-hash.js';
import { loadConfig } from './config.js';
import { createContext } from './context.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo, type DemoSummary } from './demo/seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  config.webDist ??= path.resolve(here, '../../web/dist');
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const ctx = createContext(config, db, readBuildHash(config.webDist));
  const demo = config.demo ? await seedDemo(ctx) : null;

  const app = await buildApp(ctx);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  printWelcome(`http://${config.host}:${port}`, config.database.kind, demo);
}

function printWelcome(url: string, database: string, demo: DemoSummary | null): void {
  const lines = [``, `Cashdesk is running at ${url}  (database: ${database})`];
  if (demo) {
    lines.push(`Demo logins: ${demo.logins.map((l) => `${l.login} / ${l.password} (${l.role})`).join(', ')}`);
  }
  lines.push(``);
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
