// The devices of an account in the back office: every one listed (hidden and home-play too), renamed or
// hidden as the cashiers then see them, and unlinked only once no player money is left on them.
import { ERR, type Device } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRow } from '../../src/db/schema.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createVenue } from '../helpers/factories.js';
import { type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import {
  cash,
  cashierClient,
  deviceState,
  linkCabinet,
  linkRemote,
  remoteCash,
  sendEvent,
  showPin,
} from '../helpers/cashier.js';
import { answer, auditRowsOf, newTrx, signedInAs, type SignedIn } from './support.js';

describe.each(testDatabases)('back-office devices on $name', (database) => {
  let venue: AccountRow;
  let manager: SignedIn;
  let cashier: TestClient;
  const base = () => `/a/manager/account/${venue.id}`;

  const suite = useTestServer(database, { config: { enrollmentOpen: true } });
  beforeAll(async () => {
    venue = await createVenue(suite.db, { float: 1_000_00, home_play: true });
    manager = await signedInAs(suite.server, suite.db, 'manager', venue.id);
    cashier = (await cashierClient(suite.server, suite.db, venue.id)).client;
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it('lists hidden cabinets and home-play phones beside the visible cabinets', async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    const hidden = await createLinkedDevice(suite.db, { account_id: venue.id, name: 'Back room' });
    await cashier.post(`/a/cashier/devices/${hidden.id}`, { name: 'Back room', hidden: true });
    const phone = await linkRemote(suite.server, cashier);
    const res = await manager.client.get<Device[]>(`${base()}/devices`);
    const byId = new Map(res.body.map((d) => [d.id, d]));
    expect(byId.get(cabinet.id)).toMatchObject({ type: 0, hidden: false, players: 4 });
    expect(byId.get(hidden.id)).toMatchObject({ hidden: true, name: 'Back room' });
    expect(byId.get(phone.id)).toMatchObject({ type: 1 });
  });

  it('renames and hides a device as the cashiers then see it, with the change in the log', async () => {
    const device = await createLinkedDevice(suite.db, { account_id: venue.id, name: 'Old name' });
    const res = await manager.client.post<Device>(`${base()}/devices/${device.id}`, {
      name: 'Window cabinet',
      hidden: true,
      reason: 'moved to the window',
    });
    expect(res.body).toMatchObject({ id: device.id, name: 'Window cabinet', hidden: true });
    const seen = await cashier.get<Device[]>('/a/cashier/devices');
    expect(seen.body.find((d) => d.id === device.id)).toMatchObject({ name: 'Window cabinet', hidden: true });
    const [entry] = await auditRowsOf(suite.db, { type: 'device', id: device.id });
    expect(entry).toMatchObject({
      action: 'device.update',
      reason: 'moved to the window',
      account_id: venue.id,
    });
    expect(JSON.parse(entry!.before_json!)).toEqual({ name: 'Old name', hidden: false });
    expect(JSON.parse(entry!.after_json!)).toEqual({ name: 'Window cabinet', hidden: true });
  });

  it.each([
    ['an empty name', { name: '  ', hidden: false }],
    ['no hidden flag', { name: 'X' }],
    ['a name too long', { name: 'x'.repeat(65), hidden: false }],
  ])('refuses an edit with %s (400)', async (_what, body) => {
    const device = await createLinkedDevice(suite.db, { account_id: venue.id });
    const res = await manager.client.post(`${base()}/devices/${device.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ err: ERR.validation });
  });

  it("another account's device is not found", async () => {
    const other = await createVenue(suite.db);
    const foreign = await createLinkedDevice(suite.db, { account_id: other.id, name: 'Theirs' });
    const edit = await manager.client.post(`${base()}/devices/${foreign.id}`, {
      name: 'Mine now',
      hidden: false,
    });
    expect(answer(edit)).toEqual({ status: 404, body: { err: ERR.notFound } });
    expect((await manager.client.post(`${base()}/devices/${foreign.id}/unlink`, {})).status).toBe(404);
  });

  it('refuses to unlink a device that holds player money; once cashed out it unlinks and can be linked again', async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    await cash(cashier, cabinet.id, 2, 30_00);
    // A pay accrues final bonus; cashing out burns it, so both balances go back to 0.
    await sendEvent(cabinet, { place: 2, type: 3, amount: 10_00 });
    const refused = await manager.client.post(`${base()}/devices/${cabinet.id}/unlink`, { reason: 'broken' });
    expect(answer(refused)).toEqual({ status: 422, body: { err: ERR.deviceHasMoney } });

    await cash(cashier, cabinet.id, 2, -20_00);
    const unlinked = await manager.client.post(`${base()}/devices/${cabinet.id}/unlink`, {
      reason: 'broken',
    });
    expect(answer(unlinked)).toEqual({ status: 200, body: { ok: true } });
    expect((await cashier.get<Device[]>('/a/cashier/devices')).body.map((d) => d.id)).not.toContain(
      cabinet.id,
    );
    expect((await cash(cashier, cabinet.id, 1, 1_00)).body).toEqual({ err: ERR.deviceNotAvailable });
    expect((await deviceState(cabinet)).body.linked).toBe(false);
    const [entry] = await auditRowsOf(suite.db, { type: 'device', id: cabinet.id });
    expect(entry).toMatchObject({
      action: 'device.unlink',
      reason: 'broken',
      after_json: '{"account_id":null}',
    });

    // Another venue links it with a fresh PIN.
    const other = await createVenue(suite.db);
    const otherCashier = (await cashierClient(suite.server, suite.db, other.id)).client;
    const pin = await showPin(cabinet);
    const relinked = await otherCashier.post('/a/cashier/devices/register', { pin, trx: newTrx() });
    expect(answer(relinked)).toEqual({ status: 200, body: { id: cabinet.id } });
  });

  it("unlinking a phone voids its PIN: the cashier's remote calls stop", async () => {
    const phone = await linkRemote(suite.server, cashier);
    expect((await remoteCash(cashier, phone, 5_00)).status).toBe(200);
    await remoteCash(cashier, phone, -5_00);
    expect((await manager.client.post(`${base()}/devices/${phone.id}/unlink`, {})).status).toBe(200);
    expect((await remoteCash(cashier, phone, 5_00)).body).toEqual({ err: ERR.deviceNotAvailable });
  });
});
