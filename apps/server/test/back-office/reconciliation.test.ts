// Reconciliation: the ledger's verify over HTTP. A clean ledger says ok; a stored balance that no longer
// matches its ledger rows shows as a mismatch to an admin and to that account's manager, not to others.
import type { VerifyResult } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { signedInAs } from './support.js';

describe.each(testDatabases)('back-office reconciliation on $name', (database) => {
  const suite = useTestServer(database);

  it('says ok on clean books, then names the float that drifted from its ledger', async () => {
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    const drifting = await createVenue(suite.db, { float: 100_00 });
    const clean = await createVenue(suite.db, { float: 50_00 });
    const cleanManager = await signedInAs(suite.server, suite.db, 'manager', clean.id);
    const driftingManager = await signedInAs(suite.server, suite.db, 'manager', drifting.id);

    const before = await admin.client.get<VerifyResult>('/a/admin/verify');
    expect(before.body).toMatchObject({ ok: true, account_id: null, mismatches: [] });
    // Its time and every other kind of drift, each venue apart: reconciliation-drift.test.ts.

    // Someone edits a balance behind the ledger's back.
    await suite.db.kysely
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

    await suite.db.kysely
      .updateTable('accounts')
      .set({ balance_cents: 100_00 })
      .where('id', '=', drifting.id)
      .execute();
    expect((await admin.client.get<VerifyResult>('/a/admin/verify')).body.ok).toBe(true);
  });
});
