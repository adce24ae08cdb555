// The set-up most server suites share: a database of their own (from `describe.each(testDatabases)`, so
// SQLite always and PostgreSQL when TEST_DATABASE_URL is set) and a real server on it, opened before the
// suite's first test and closed after its last one.
//
//   describe.each(testDatabases)('floor on $name', (database) => {
//     const clock = new FakeClock();
//     const suite = useTestServer(database, { clock, config: { enrollmentOpen: true } });
//     beforeAll(async () => {
//       venue = await createVenue(suite.db);   // runs after the database and the server are up
//     });
//     it('...', async () => {
//       const { client } = await createSignedInUser(suite.server);
//     });
//   });
//
// Call it before the suite's own hooks: its beforeAll then runs first, and its afterAll last (vitest runs
// after-hooks in reverse), so a suite's own afterAll (closing streams, verifying the ledger) still finds
// the server and the database open. Suites that test the set-up itself (migrations, workers, a graceful
// close) or open several servers on one database call startTestServer (server.ts) themselves.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Db } from '../../src/db/database.js';
import type { TestDatabase } from './databases.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

export interface TestServerSuiteOptions extends TestServerOptions {
  /** A fresh database and server for each test (beforeEach/afterEach) instead of one per describe. */
  perTest?: boolean;
  /** The PostgreSQL pool's size (TestDatabase.open); suites that race many calls at once widen it. */
  poolSize?: number;
}

export interface TestServerSuite {
  /** The suite's database; it is closed (its PostgreSQL schema dropped) once the suite has ended. */
  readonly db: Db;
  /** The server on `db`, listening on a free port of 127.0.0.1. */
  readonly server: TestServer;
}

/** Read the handle's fields inside hooks and tests: they are set before the first test runs. */
export function useTestServer(database: TestDatabase, options: TestServerSuiteOptions = {}): TestServerSuite {
  const { perTest = false, poolSize, ...serverOptions } = options;
  let db: Db | undefined;
  let server: TestServer | undefined;
  const notYet = (field: string): never => {
    throw new Error(
      `useTestServer: ${field} is read before the suite's set-up ran (read it in a hook or a test)`,
    );
  };

  (perTest ? beforeEach : beforeAll)(async () => {
    db = await database.open(poolSize === undefined ? {} : { poolSize });
    server = await startTestServer(db, serverOptions);
  });
  (perTest ? afterEach : afterAll)(async () => {
    // Closed even when the set-up failed half-way, so a failed start leaves no pool or schema behind.
    await server?.close();
    await db?.close();
    server = undefined;
    db = undefined;
  });

  return {
    get db() {
      return db ?? notYet('db');
    },
    get server() {
      return server ?? notYet('server');
    },
  };
}
