// A PostgreSQL connection the server ends while it sits idle in a pool (a restart, a failover,
// pg_terminate_backend) is told and dropped, never an uncaught exception that ends the process (issue
// 25, item 9: the backup-restore test's 'terminating connection due to administrator command'), and the
// next query gets a new connection. The change feed's LISTEN connection has its own test of the same
// (live-updates.test.ts, 'ends its streams when its LISTEN connection drops').
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, PoolName } from '../../src/db/database.js';
import { adminClient, postgresTestDatabase } from '../helpers/databases.js';

const pidQuery = CompiledQuery.raw('select pg_backend_pid() as pid') as CompiledQuery<{ pid: number }>;

describe.skipIf(!postgresTestDatabase)('lost PostgreSQL connections', () => {
  let db: Db;

  beforeAll(async () => {
    db = await postgresTestDatabase!.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('a pool tells of an idle connection the server ended and opens another for the next query', async () => {
    const lost: Array<{ pool: PoolName; message: string }> = [];
    let told = () => {};
    db.onConnectionError!((pool, error) => {
      lost.push({ pool, message: error.message });
      told();
    });
    // Three queries at once open three connections of the query pool; one batch uses the ledger's pool.
    const rows = await Promise.all([
      ...[1, 2, 3].map(() => db.kysely.executeQuery(pidQuery)),
      db.pipelined((pipe) => pipe.run(pidQuery)).then((batch) => ({ rows: batch })),
    ]);
    const pids = [...new Set(rows.flatMap((result) => result.rows.map((row) => row.pid)))];
    expect(pids.length).toBeGreaterThanOrEqual(2);

    const everyLossTold = new Promise<void>((resolve) => {
      told = () => {
        if (lost.length === pids.length) resolve();
      };
    });
    const admin = adminClient(new URL(process.env.TEST_DATABASE_URL!).toString());
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
    } finally {
      await admin.end();
    }
    await everyLossTold;

    expect(new Set(lost.map((l) => l.pool))).toEqual(new Set(['queries', 'ledger_batches']));
    expect(lost.every((l) => l.message.includes('terminating connection'))).toBe(true);
    const again = await sql<{ one: number }>`select 1 as one`.execute(db.kysely);
    expect(again.rows).toEqual([{ one: 1 }]);
    expect(await db.pipelined((pipe) => pipe.run(CompiledQuery.raw('select 1 as one')))).toEqual([
      { one: 1 },
    ]);
  });
});
