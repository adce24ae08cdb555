// The operator CLI process: `npm run cashdesk -- <command>`. Opens the same database as the server
// (DATABASE_URL, else DATA_DIR/cashdesk.sqlite) only when a command needs it, runs it, exits with its code.
import { loadConfig } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { assertMigrated, migrateToLatest } from '../db/migrate.js';
import { runCli } from './run.js';

async function main(): Promise<number> {
  const opened: { db: Db | null } = { db: null };
  let databaseLabel: string | undefined;
  try {
    const config = loadConfig();
    databaseLabel =
      config.database.kind === 'sqlite' ? `sqlite ${config.database.file}` : 'postgres (DATABASE_URL)';
  } catch {
    // A bad environment is reported when a command opens the database; help still works.
  }
  try {
    return await runCli(process.argv.slice(2), {
      db: async () => {
        const config = loadConfig();
        const db = openDatabase(config.database);
        opened.db = db;
        // As the server does (MIGRATE_ON_START); `migrate` itself is how the owner brings the schema up.
        if (process.argv[2] !== 'migrate') {
          await (config.migrateOnStart ? migrateToLatest(db) : assertMigrated(db));
        }
        return db;
      },
      out: process.stdout,
      err: process.stderr,
      databaseLabel,
    });
  } finally {
    await opened.db?.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
