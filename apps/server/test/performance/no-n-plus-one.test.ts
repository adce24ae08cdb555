// No N+1 queries: what a screen asks for costs the same number of database queries whether the venue
// has one device or ten, one cashier or many. A loop that fetched each device's places or totals one by
// one would make the device list of a big venue slow, and the polls of every terminal with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { signedInAs } from '../back-office/support.js';
import { cash, cashierClient, linkCabinet } from '../helpers/cashier.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { QueryRecorder } from '../helpers/query-recorder.js';
import { startTestServer, type TestClient, type TestResponse, type TestServer } from '../helpers/server.js';

interface Venue {
  id: number;
  deviceIds: number[];
  cashier: TestClient;
  manager: TestClient;
}

/** The calls a venue's screens make, each a function of the venue (same shape for every venue). */
const CALLS: Record<string, (v: Venue) => Promise<TestResponse<unknown>>> = {
  'cashier device list': (v) => v.cashier.get('/a/cashier/devices'),
  'cashier device detail': (v) => v.cashier.get(`/a/cashier/devices/${v.deviceIds[0]}`),
  'cashier history of every device': (v) =>
    v.cashier.post('/a/cashier/report', {
      device_ids: v.deviceIds,
      from: '2000-01-01',
      to: '2100-01-01',
    }),
  'a place’s last operations': (v) =>
    v.cashier.post('/a/cashier/limit_report', { device_ids: [v.deviceIds[0]], limit: 100, placeId: 1 }),
  'back-office device list': (v) => v.manager.get(`/a/manager/account/${v.id}/devices`),
  'back-office user list': (v) => v.manager.get(`/a/manager/account/${v.id}/users`),
  'back-office ledger': (v) => v.manager.get(`/a/manager/account/${v.id}/transactions`),
};

describe.each(testDatabases)('queries per call on $name', (database) => {
  let db: Db;
  let server: TestServer;
  const recorder = new QueryRecorder();
  let small: Venue;
  let big: Venue;

  /** A venue with `devices` cabinets, `cashiers` cashiers and two cash calls on every device. */
  async function venueWith(devices: number, cashiers: number): Promise<Venue> {
    const account = await createVenue(db, { float: 100_000_00 });
    const cashier = (await cashierClient(server, db, account.id)).client;
    for (let i = 1; i < cashiers; i++) await cashierClient(server, db, account.id);
    const deviceIds: number[] = [];
    for (let i = 0; i < devices; i++) {
      const device = await linkCabinet(server, cashier);
      expect((await cash(cashier, device.id, 1, 20_00)).status).toBe(200);
      expect((await cash(cashier, device.id, 2, 30_00)).status).toBe(200);
      deviceIds.push(device.id);
    }
    const manager = (await signedInAs(server, db, 'manager', account.id)).client;
    return { id: account.id, deviceIds, cashier, manager };
  }

  /** The queries one call costs, asked twice so that first-call work (a cache filling) is not counted. */
  async function queriesOf(call: () => Promise<TestResponse<unknown>>): Promise<number> {
    expect((await call()).status).toBe(200);
    recorder.start();
    const res = await call();
    recorder.recording = false;
    expect([200, 304]).toContain(res.status);
    return recorder.queries.length;
  }

  beforeAll(async () => {
    const opened = await database.open();
    db = { ...opened, kysely: opened.kysely.withPlugin(recorder) };
    server = await startTestServer(db, { config: { enrollmentOpen: true } });
    // The floor's alert checks run after a cash call, on their own (back-office/floor/alert-checks.ts):
    // not the call's queries, which are what is counted here.
    await server.ctx.alerts.stop();
    small = await venueWith(1, 1);
    big = await venueWith(10, 6);
    // The setup's rows on their chains, and no sealing pass after it among the counted queries.
    await server.ctx.sealer.close();
  });
  afterAll(async () => {
    expect(await verifyLedger(db)).toEqual([]);
    await server.close();
    await db.close();
  });

  it.each(Object.keys(CALLS))('%s: as many queries for ten devices as for one', async (name) => {
    const call = CALLS[name]!;
    const forOne = await queriesOf(() => call(small));
    const forTen = await queriesOf(() => call(big));
    expect(forOne).toBeGreaterThan(0);
    expect(forTen).toBe(forOne);
  });
});
