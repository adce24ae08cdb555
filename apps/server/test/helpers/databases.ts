// The databases every suite runs on: embedded SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
// Each PostgreSQL database is a fresh schema, so suites and files never see each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Db, type DialectName } from '../../src/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';

export interface TestDatabase {
  name: DialectName;
  /**
   * Opens a fresh database migrated to the latest schema, or only up to the migration `migrateTo` names
   * (tests of a later migration over older data); `close` drops it.
   */
  open(options?: { poolSize?: number; migrateTo?: string }): Promise<Db>;
}

const pgUrl = process.env.TEST_DATABASE_URL;

function migrateSchema(db: Db, upTo: string | undefined): Promise<void> {
  return upTo === undefined ? migrateToLatest(db) : migrateTo(db, upTo);
}

export const sqliteTestDatabase: TestDatabase = {
  name: 'sqlite',
  async open(options = {}) {
    const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateSchema(db, options.migrateTo);
    return db;
  },
};

/**
 * A short-lived client of its own with an 'error' listener: the statement in flight fails with the
 * error anyway, but one the server sends while the client is idle (a restart, pg_terminate_backend)
 * would otherwise be an uncaught exception that fails the whole run.
 */
export function adminClient(connectionString: string): pg.Client {
  const client = new pg.Client({ connectionString });
  client.on('error', (error) => console.warn(`PostgreSQL admin connection lost: ${error.message}`));
  return client;
}

export const postgresTestDatabase: TestDatabase | null = pgUrl
  ? {
      name: 'postgres',
      async open(options = {}) {
        const schema = `t_${randomBytes(6).toString('hex')}`;
        const admin = adminClient(pgUrl);
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        await admin.end();
        const url = new URL(pgUrl);
        url.searchParams.set('options', `-c search_path=${schema}`);
        const db = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: options.poolSize ?? 20 });
        await migrateSchema(db, options.migrateTo);
        return {
          ...db,
          async close() {
            await db.close();
            const cleanup = adminClient(pgUrl);
            await cleanup.connect();
            await cleanup.query(`drop schema ${schema} cascade`);
            await cleanup.end();
          },
        };
      },
    }
  : null;

if (!postgresTestDatabase) {
  console.warn('PostgreSQL leg SKIPPED: TEST_DATABASE_URL is not set (the suite runs on SQLite only).');
}

/** The databases to run a shared suite on. */
export const testDatabases: TestDatabase[] = [
  sqliteTestDatabase,
  ...(postgresTestDatabase ? [postgresTestDatabase] : []),
];
