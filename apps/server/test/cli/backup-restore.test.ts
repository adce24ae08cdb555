// Backup and restore as docs/operations.md tells an operator to do them. Embedded database: `backup`
// (VACUUM INTO) while deposits keep coming, then the documented restore (copy the file into a new
// DATA_DIR without the WAL files) opens, verifies and serves. PostgreSQL: pg_dump -Fc, then pg_restore
// into an empty database gives the same books.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { runCliCaptured } from '../helpers/cli.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';
import { createPostgresDatabase } from '../torture/fixture.js';
import { totalBalances } from '../torture/invariants.js';
import { freePort, ServerProcess } from '../torture/server-process.js';

const run = promisify(execFile);
const pgUrl = process.env.TEST_DATABASE_URL;
const hasPgTools = fs.existsSync('/usr/bin/pg_dump') && fs.existsSync('/usr/bin/pg_restore');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-backup-'));

afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** A venue with a cabinet and a cashier; `deposit()` books 1.00 more onto place 1. */
async function venueWithTraffic(db: Db) {
  const venue = await createVenue(db, { float: 1_000_000, min_amount: 1 });
  const cashier = await createTestUser(db, { account_id: venue.id });
  const device = await createLinkedDevice(db, { account_id: venue.id });
  const ledger = new LedgerService(db);
  const deposit = () =>
    ledger.changePlaceCash({
      account_id: venue.id,
      user_id: cashier.id,
      device_id: device.id,
      device_uuid: device.uuid,
      place: 1,
      delta_cents: 1_00,
      trx: `bk-${randomBytes(8).toString('hex')}`,
      remote_pin: null,
    });
  for (let i = 0; i < 20; i++) await deposit();
  return { deposit };
}

async function books(db: Db) {
  const operations = await sql<{ n: number }>`select count(*) as n from operations`.execute(db.kysely);
  return { balances: await totalBalances(db), operations: Number(operations.rows[0]?.n) };
}

const cli = (db: Db, ...argv: string[]) => runCliCaptured(db, argv);

/** The documented restore: the copy becomes DATA_DIR/cashdesk.sqlite, with no WAL files beside it. */
function restoreInto(backupFile: string, dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'cashdesk.sqlite');
  fs.copyFileSync(backupFile, file);
  for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  return file;
}

describe('backup and restore of the embedded database', () => {
  it('backs up between deposits that keep coming; the restored copy opens, verifies and serves', async () => {
    const db = openDatabase({ kind: 'sqlite', file: path.join(workDir, 'live', 'cashdesk.sqlite') });
    await migrateToLatest(db);
    try {
      const { deposit } = await venueWithTraffic(db);

      // Taken through a connection of its own (the CLI is another process) while a writer keeps
      // depositing: a copy of one moment, whose books hold.
      const cliDb = openDatabase({ kind: 'sqlite', file: path.join(workDir, 'live', 'cashdesk.sqlite') });
      let writing = true;
      const writer = (async () => {
        while (writing) await deposit();
      })();
      const busyCopy = path.join(workDir, 'busy.sqlite');
      const busy = await cli(cliDb, 'backup', '--to', busyCopy, '--json');
      writing = false;
      await writer;
      await cliDb.close();
      expect(busy.code, busy.err).toBe(0);
      expect(JSON.parse(busy.out)).toMatchObject({ ok: true, file: busyCopy });

      const restoredBusy = openDatabase({
        kind: 'sqlite',
        file: restoreInto(busyCopy, path.join(workDir, 'restored-busy')),
      });
      expect(await verifyLedger(restoredBusy)).toEqual([]);
      expect((await books(restoredBusy)).operations).toBeGreaterThanOrEqual(20);
      await restoredBusy.close();

      // Taken at rest: the restored books equal the live ones to the cent.
      const quietCopy = path.join(workDir, 'quiet.sqlite');
      expect((await cli(db, 'backup', '--to', quietCopy)).code).toBe(0);
      const restoredDir = path.join(workDir, 'restored-quiet');
      const restored = openDatabase({ kind: 'sqlite', file: restoreInto(quietCopy, restoredDir) });
      expect(await books(restored)).toEqual(await books(db));
      await restored.close();

      // And a server starts on it and is ready.
      const server = new ServerProcess({
        name: 'restored',
        port: await freePort(),
        database: { DATA_DIR: restoredDir },
        logFile: path.join(workDir, 'restored-server.log'),
      });
      await server.start();
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      expect(await server.stop()).toBe(0);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('refuses to overwrite a file, and points PostgreSQL to pg_dump', async () => {
    const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    const existing = path.join(workDir, 'exists.sqlite');
    fs.writeFileSync(existing, 'keep me');
    const res = await cli(db, 'backup', '--to', existing);
    expect(res.code).toBe(1);
    expect(res.err).toContain('exists already');
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');
    await db.close();
    const pgLike = { ...db, dialect: 'postgres' as const };
    const pg = await cli(pgLike, 'backup', '--to', path.join(workDir, 'never.sqlite'));
    expect(pg).toMatchObject({ code: 1, err: expect.stringContaining('pg_dump') });
  });
});

describe('backup and restore of PostgreSQL', () => {
  if (!pgUrl || !hasPgTools)
    console.warn('PostgreSQL backup/restore test SKIPPED: needs TEST_DATABASE_URL and pg_dump/pg_restore.');

  it.skipIf(!pgUrl || !hasPgTools)(
    'pg_dump -Fc, pg_restore into an empty database: the same books',
    async () => {
      const source = await createPostgresDatabase(pgUrl!);
      const target = await createPostgresDatabase(pgUrl!);
      const db = await source.open();
      try {
        await venueWithTraffic(db);
        const dump = path.join(workDir, 'cashdesk.dump');
        const sourceUrl = (source.serverEnv as { DATABASE_URL: string }).DATABASE_URL;
        const targetUrl = (target.serverEnv as { DATABASE_URL: string }).DATABASE_URL;
        await run('pg_dump', ['-Fc', '--no-owner', '-f', dump, sourceUrl]);
        await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', targetUrl, dump]);
        const restored = await target.open();
        try {
          expect(await verifyLedger(restored)).toEqual([]);
          expect(await books(restored)).toEqual(await books(db));
        } finally {
          await restored.close();
        }
      } finally {
        await db.close();
        await source.drop();
        await target.drop();
      }
    },
    60_000,
  );
});
