// Graceful shutdown of a real server process: SIGTERM while deposits are in flight (held up by a lock the
// test keeps on the venue's row). The in-flight deposits finish and are answered 200, every one of them is
// in the ledger once, new connections are refused meanwhile, and the process exits 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { lockAccount } from '../../src/ledger/ledger.repository.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import {
  createPostgresDatabase,
  createSqliteDatabase,
  linkCabinets,
  seedVenue,
  type TortureDatabase,
} from '../torture/fixture.js';
import { freePort, ServerProcess, sleep } from '../torture/server-process.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const kinds = ['sqlite', ...(pgUrl ? ['postgres' as const] : [])] as const;
const workDirs: string[] = [];

afterAll(() => {
  for (const dir of workDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(kinds)('graceful shutdown on %s', (kind) => {
  it('finishes the requests in flight, refuses new ones, writes nothing half and exits 0', async () => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-shutdown-'));
    workDirs.push(workDir);
    const database: TortureDatabase =
      kind === 'postgres'
        ? await createPostgresDatabase(pgUrl!)
        : createSqliteDatabase(path.join(workDir, 'data'));
    const server = new ServerProcess({
      name: 'server',
      port: await freePort(),
      database: database.serverEnv,
      logFile: path.join(workDir, 'server.log'),
    });
    const db = await database.open();
    try {
      const { accountId, cashiers } = await seedVenue(db, { float: 100_000, overdraft: 0, cashiers: 1 });
      await server.start();
      const [cabinet] = await linkCabinets(server.baseUrl, cashiers[0]!, 1, 4);

      // The test holds the venue's row: deposits reach the ledger and wait there, in flight.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = db.kysely.transaction().execute(async (tx) => {
        await lockAccount(tx, db.dialect, accountId);
        locked();
        await held;
      });
      await isLocked;

      // On SQLite a waiting writer blocks its process (better-sqlite3 is synchronous): one deposit in flight.
      const count = kind === 'postgres' ? 10 : 1;
      const trxs = Array.from({ length: count }, () => randomUUID());
      const deposits = trxs.map((trx) =>
        fetch(`${server.baseUrl}/api/v1/a/cashier/devices/${cabinet!.id}/place/1/update`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `x-token=${cashiers[0]!.token}` },
          body: JSON.stringify({ delta: 1_00, trx }),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown })),
      );
      await sleep(500);
      const exited = server.stop();
      await sleep(300);
      if (kind === 'postgres') {
        // The listener is closed: a new client cannot get in while the old requests finish.
        const late = await fetch(`${server.baseUrl}/healthz`).then(
          (res) => res.status,
          () => 'refused',
        );
        expect([503, 'refused']).toContain(late);
      }
      release();
      await holder;

      const answers = await Promise.all(deposits);
      expect(answers.map((a) => a.status)).toEqual(trxs.map(() => 200));
      expect(await exited).toBe(0);
      const applied = await db.kysely
        .selectFrom('ledger_entries')
        .select('trx')
        .where('line', '=', 'entries')
        .where('trx', 'in', trxs)
        .execute();
      expect(applied.map((r) => r.trx).sort()).toEqual([...trxs].sort());
      expect(await verifyLedger(db)).toEqual([]);
    } finally {
      await server.kill();
      await db.close();
      await database.drop();
    }
  }, 60_000);
});
