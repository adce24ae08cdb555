// The shift report: per-cashier deposit and withdraw totals of one account for a day or a range.
import { ERR, type ShiftReport } from '@cashdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountRow } from '../../src/db/schema.js';
import { updateUser } from '../../src/users/users.repository.js';
import { FakeClock, HOUR } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cash } from '../helpers/cashier.js';
import { signedInAs, type SignedIn } from './support.js';

describe.each(testDatabases)('back-office shift report on $name', (database) => {
  let venue: AccountRow;
  let manager: SignedIn;
  const ids: Record<'ann' | 'ben' | 'cid' | 'mover', number> = { ann: 0, ben: 0, cid: 0, mover: 0 };
  const day = Date.UTC(2026, 10, 22);

  // Sessions end after 12 idle hours: the whole story fits in 11.
  const clock = new FakeClock(day + 13 * HOUR);
  const suite = useTestServer(database, { clock });
  beforeAll(async () => {
    venue = await createVenue(suite.db, { float: 10_000_00 });
    manager = await signedInAs(suite.server, suite.db, 'manager', venue.id);
    const cabinet = await createLinkedDevice(suite.db, { account_id: venue.id });
    const other = await createVenue(suite.db);
    const client = async (key: keyof typeof ids, name: string) => {
      const user = await createTestUser(suite.db, { account_id: venue.id });
      await updateUser(suite.db.kysely, user.id, { name });
      ids[key] = user.id;
      return clientForUser(suite.server, user);
    };
    const ann = await client('ann', 'Ann');
    const ben = await client('ben', 'Ben');
    await client('cid', 'Cid');
    const mover = await client('mover', 'Max');

    await cash(ann, cabinet.id, 1, 100_00);
    await cash(ann, cabinet.id, 1, -30_00);
    await cash(ben, cabinet.id, 2, 50_00);
    await cash(mover, cabinet.id, 3, 20_00);
    // Max has moved to another venue since; his shift here still counts here.
    await updateUser(suite.db.kysely, ids.mover, { account_id: other.id });
    clock.advance(11 * HOUR); // midnight: the next day
    await cash(ann, cabinet.id, 1, 7_00);
  });

  const report = (from: string, to: string) =>
    manager.client.get<ShiftReport>(
      `/a/manager/account/${venue.id}/shift_report?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );

  it("totals each cashier's day, lists the idle ones with zeros, and sums the venue", async () => {
    const res = await report('2026-11-22T00:00:00+00:00', '2026-11-22T23:59:59+00:00');
    expect(res.status).toBe(200);
    expect(res.body.cashiers).toEqual([
      {
        user_id: ids.ann,
        login: expect.any(String),
        name: 'Ann',
        deposits: 1,
        deposit_total: 100_00,
        withdraws: 1,
        withdraw_total: 30_00,
        net: 70_00,
      },
      {
        user_id: ids.ben,
        login: expect.any(String),
        name: 'Ben',
        deposits: 1,
        deposit_total: 50_00,
        withdraws: 0,
        withdraw_total: 0,
        net: 50_00,
      },
      {
        user_id: ids.cid,
        login: expect.any(String),
        name: 'Cid',
        deposits: 0,
        deposit_total: 0,
        withdraws: 0,
        withdraw_total: 0,
        net: 0,
      },
      {
        user_id: ids.mover,
        login: expect.any(String),
        name: 'Max',
        deposits: 1,
        deposit_total: 20_00,
        withdraws: 0,
        withdraw_total: 0,
        net: 20_00,
      },
    ]);
    expect(res.body.totals).toEqual({
      deposits: 3,
      deposit_total: 170_00,
      withdraws: 1,
      withdraw_total: 30_00,
      net: 140_00,
    });
    expect(res.body).toMatchObject({
      currency: 'EUR',
      from: '2026-11-22T00:00:00.000Z',
      to: '2026-11-22T23:59:59.000Z',
    });
  });

  it('a range spans days; a window in another time zone moves the day', async () => {
    const range = await report('2026-11-22', '2026-11-24');
    expect(range.body.totals).toMatchObject({ deposits: 4, deposit_total: 177_00 });
    // 13:00 UTC on the 22nd is 23:00 in UTC+10: the 23rd there starts after the first four operations.
    const east = await report('2026-11-23T00:00:00+10:00', '2026-11-23T23:59:59+10:00');
    expect(east.body.totals).toMatchObject({ deposits: 1, deposit_total: 7_00 });
  });

  it.each([
    ['from after to', '?from=2026-11-23&to=2026-11-22'],
    ['no from', '?to=2026-11-22'],
    ['a time without its offset', '?from=2026-11-22T00:00:00&to=2026-11-23'],
  ])('refuses %s (400)', async (_what, query) => {
    const res = await manager.client.get(`/a/manager/account/${venue.id}/shift_report${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ err: ERR.validation });
  });
});
