// The server as a PostgreSQL role that owns nothing (db/runtime-role.ts, docs/operations.md "Two database
// roles"): the owner migrates and grants (`cashdesk migrate`, `cashdesk db:grant-runtime`), a real server
// process runs as the role with MIGRATE_ON_START=0 and serves a cash call, and the role cannot do what
// the owner can: turn the append-only triggers off, or update, delete or truncate a ledger row, a seal
// or an anchor.
// SKIPPED without TEST_DATABASE_URL, as every PostgreSQL test; the settings' part runs on SQLite too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorClosedDays } from '../../src/back-office/reports/ledger-anchors.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { assertMigrated, migrateTo } from '../../src/db/migrate.js';
import { GENESIS_HASH } from '../../src/db/ledger-chain.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { runCliCaptured } from '../helpers/cli.js';
import { FakeClock } from '../helpers/clock.js';
import { adminClient, sqliteTestDatabase } from '../helpers/databases.js';
import { createPostgresDatabase, linkCabinets, seedVenue } from '../torture/fixture.js';
import { freePort, ServerProcess } from '../torture/server-process.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('migrations at start or by the owner', () => {
  it('migrates at start by default; MIGRATE_ON_START=0 leaves it to `migrate`', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: '0' }).migrateOnStart).toBe(false);
  });

  it('refuses a schema the owner has not migrated, naming what is missing, until `migrate` ran', async () => {
    const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      await migrateTo(db, '018-ledger-anchors');
      await expect(assertMigrated(db)).rejects.toThrow(
        "the database schema is not up to date (pending: 019-ledger-seals, 020-device-cash-moves, 021-drawer-movements, 022-players, 023-structuring-alert, 024-audit-player-target, 025-player-search-text): run 'npm run cashdesk -- migrate' as the tables' owner",
      );
      const cli = await runCliCaptured(db, ['migrate']);
      expect(cli).toMatchObject({ code: 0, out: 'schema up to date (025-player-search-text)\n' });
      await expect(assertMigrated(db)).resolves.toBeUndefined();
    } finally {
      await db.close();
    }
  });

  it('grants roles on PostgreSQL only', async () => {
    const db = await sqliteTestDatabase.open();
    try {
      const cli = await runCliCaptured(db, ['db:grant-runtime', 'cashdesk_app']);
      expect(cli.code).toBe(1);
      expect(cli.err).toContain('PostgreSQL only');
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!pgUrl)('a runtime role that owns nothing, on PostgreSQL', () => {
  it('serves a cash call, and cannot turn the triggers off or change a ledger row, a seal or an anchor', async () => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-role-'));
    workDirs.push(workDir);
    const role = `cashdesk_rt_${randomBytes(4).toString('hex')}`;
    const admin = adminClient(pgUrl!);
    await admin.connect();
    await admin.query(`create role ${role} login`);
    // The owner's database, migrated by the owner (the fixture connects as TEST_DATABASE_URL's user).
    const database = await createPostgresDatabase(pgUrl!);
    const owner = await database.open();
    if (!('DATABASE_URL' in database.serverEnv)) throw new Error('a PostgreSQL fixture has its URL');
    const runtimeUrl = new URL(database.serverEnv.DATABASE_URL);
    runtimeUrl.username = role;
    const runtime = openDatabase({ kind: 'postgres', url: runtimeUrl.toString(), poolSize: 4 });
    const server = new ServerProcess({
      name: 'runtime',
      port: await freePort(),
      database: { DATABASE_URL: runtimeUrl.toString() },
      logFile: path.join(workDir, 'server.log'),
      env: { MIGRATE_ON_START: '0' },
    });
    try {
      expect((await runCliCaptured(owner, ['migrate'])).code).toBe(0);
      const granted = await runCliCaptured(owner, ['db:grant-runtime', role]);
      expect(granted.code).toBe(0);
      expect(granted.out).toContain(`grant select, insert on public.ledger_entries to ${role}`);

      const { accountId, cashiers } = await seedVenue(owner, { float: 100_000, overdraft: 0, cashiers: 1 });
      await server.start();
      const [cabinet] = await linkCabinets(server.baseUrl, cashiers[0]!, 1, 2);
      const cash = (delta: number) =>
        fetch(`${server.baseUrl}/api/v1/a/cashier/devices/${cabinet!.id}/place/1/update`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `x-token=${cashiers[0]!.token}` },
          body: JSON.stringify({ delta, trx: randomUUID() }),
        });
      expect((await cash(50_00)).status).toBe(200);
      expect((await cash(-20_00)).status).toBe(200);
      // The anchors' sweep writes as this role too, and verify reads every table it checks.
      const clock = new FakeClock(Date.now() + 3 * 86_400_000);
      expect(await anchorClosedDays({ db: runtime, clock })).toBeGreaterThan(0);
      expect(await verifyLedger(runtime, { nowMs: clock.now() })).toEqual([]);

      const refused = (statement: string) => sql.raw(statement).execute(runtime.kysely);
      const owns = /must be owner/;
      const denied = /permission denied/;
      await expect(
        refused('alter table ledger_entries disable trigger ledger_entries_append_only'),
      ).rejects.toThrow(owns);
      await expect(refused('alter table ledger_entries disable trigger all')).rejects.toThrow(owns);
      await expect(refused('drop trigger ledger_entries_append_only on ledger_entries')).rejects.toThrow(
        owns,
      );
      await expect(refused('update ledger_entries set amount_cents = amount_cents')).rejects.toThrow(denied);
      await expect(refused('delete from ledger_entries')).rejects.toThrow(denied);
      await expect(refused('truncate ledger_entries')).rejects.toThrow(denied);
      await expect(
        refused('alter table ledger_anchors disable trigger ledger_anchors_append_only'),
      ).rejects.toThrow(owns);
      await expect(refused(`update ledger_anchors set hash = '${GENESIS_HASH}'`)).rejects.toThrow(denied);
      await expect(refused('delete from ledger_anchors')).rejects.toThrow(denied);
      await expect(refused('drop table ledger_anchors')).rejects.toThrow(owns);
      // The seals hold each row's place and hash on the chain: as append-only as the rows themselves.
      await expect(
        refused('alter table ledger_seals disable trigger ledger_seals_append_only'),
      ).rejects.toThrow(owns);
      await expect(
        refused('alter table ledger_seals disable trigger ledger_seals_no_truncate'),
      ).rejects.toThrow(owns);
      await expect(refused(`update ledger_seals set chain_hash = '${GENESIS_HASH}'`)).rejects.toThrow(denied);
      await expect(refused('delete from ledger_seals')).rejects.toThrow(denied);
      await expect(refused('truncate ledger_seals')).rejects.toThrow(denied);
      await expect(refused('create table mine (id integer)')).rejects.toThrow(denied);
      await expect(refused('update audit_log set reason = null')).rejects.toThrow(denied);

      // Nothing moved: the books the server wrote are whole, as the owner reads them.
      const rows = await owner.kysely
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBeGreaterThan(0);
      expect(await verifyLedger(owner, { nowMs: clock.now() })).toEqual([]);
    } finally {
      await server.kill();
      await runtime.close();
      await owner.close();
      await database.drop();
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  }, 60_000);
});
