// A live update leaves only once its change has committed: a terminal told of a
// deposit asks for the device at once, and must see the money, never the state before it. The
// publisher here reads the database through a second SQLite connection at the very moment it is told:
// in WAL mode a second connection sees only committed rows, and better-sqlite3 reads synchronously, so a
// change told inside its transaction (before COMMIT) would be caught reading the old balance. SQLite
// only: a PostgreSQL read is asynchronous and could land after the commit either way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { TX_TYPE } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { openDatabase, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import type { Change, ChangePublisher } from '../../src/live/change-feed.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

describe('live updates are told after their commit (SQLite, a second connection)', () => {
  let dir: string;
  let db: Db;
  let reader: Sqlite.Database;
  /** What the second connection saw of place 1 of the device each time a change was told. */
  const seen: { change: Change; entries: number | undefined }[] = [];
  let deviceId = 0;
  const publisher: ChangePublisher = {
    publish: async (change) => {
      const row = reader
        .prepare('select entries_cents from places where device_id = ? and place = 1')
        .get(deviceId) as { entries_cents: number } | undefined;
      seen.push({ change, entries: row?.entries_cents });
    },
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-publish-'));
    const file = path.join(dir, 'cashdesk.sqlite');
    db = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(db);
    reader = new Sqlite(file, { readonly: true });
  });
  afterAll(async () => {
    reader?.close();
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("tells of a deposit and of a game event only when a terminal's read sees them", async () => {
    const account = await createVenue(db, { float: 100_00 });
    const user = await createTestUser(db, { account_id: account.id });
    const device = await createLinkedDevice(db, { account_id: account.id });
    deviceId = device.id;
    const ledger = new LedgerService(db, systemClock, publisher);

    const deposit = await ledger.changePlaceCash({
      account_id: account.id,
      user_id: user.id,
      device_id: device.id,
      device_uuid: device.uuid,
      place: 1,
      delta_cents: 30_00,
      trx: 'deposit-told-after-commit',
      remote_pin: null,
    });
    expect(deposit.status).toBe(200);
    const win = await ledger.applyDeviceEvent({
      device_id: device.id,
      place: 1,
      type: TX_TYPE.win,
      amount_cents: 5_00,
      trx: 'win-told-after-commit',
    });
    expect(win.status).toBe(200);

    expect(seen).toEqual([
      { change: expect.objectContaining({ account_id: account.id }), entries: 30_00 },
      { change: expect.objectContaining({ account_id: account.id }), entries: 35_00 },
    ]);
  });
});
