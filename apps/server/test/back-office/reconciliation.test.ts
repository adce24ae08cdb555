// Reconciliation: the ledger's verify over HTTP. A clean ledger says ok; a stored balance that no longer
// matches its ledger rows shows as a mismatch to an admin and to that account's manager, not to others.
import type { VerifyResult } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { signedInAs } from './support.js';

describe.each(testDatabases)('back-office reconciliation on $name', (database) => {
  let db: Db;
  let server: TestServer;

  beforeAll(async () => {
    db = await database.open();
    server = await startTestServer(db);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('says ok on clean books, then names the float that drifted from its ledger', async () => {
    const admin = await signedInAs(server, db, 'admin', null);
    const drifting = await createVenue(db, { float: 100_00 });
    const clean = await createVenue(db, { float: 50_00 });
    const cleanManager = await signedInAs(server, db, 'manager', clean.id);
    const driftingManager = await signedInAs(server, db, 'manager', drifting.id);

    const before = await admin.client.get<VerifyResult>('/a/admin/verify');
    expect(before.body).toMatchObject({ ok: true, account_id: null, mismatches: [] });
    // Its time and every other kind of drift, each venue apart: reconciliation-drift.test.ts.

    // Someone edits a balance behind the ledger's back.
    await db.kysely
      .updateTable('accounts')
      .set({ balance_cents: 100_01 })
      .where('id', '=', drifting.id)
      .execute();

    const everything = await admin.client.get<VerifyResult>('/a/admin/verify');
    expect(everything.body.ok).toBe(false);
    expect(everything.body.mismatches).toEqual([
      { kind: 'float', account_id: drifting.id, stored: 100_01, ledger: 100_00 },
    ]);
    const own = await driftingManager.client.get<VerifyResult>(`/a/manager/account/${drifting.id}/verify`);
    expect(own.body).toMatchObject({
      ok: false,
      account_id: drifting.id,
      mismatches: everything.body.mismatches,
    });
    const other = await cleanManager.client.get<VerifyResult>(`/a/manager/account/${clean.id}/verify`);
    expect(other.body).toMatchObject({ ok: true, account_id: clean.id, mismatches: [] });

    await db.kysely
      .updateTable('accounts')
      .set({ balance_cents: 100_00 })
      .where('id', '=', drifting.id)
      .execute();
    expect((await admin.client.get<VerifyResult>('/a/admin/verify')).body.ok).toBe(true);
  });
});
