// The cashier's day over HTTP: link a cabinet by the PIN it shows, deposit, let it play, withdraw,
// read the reports; and the home-play flow with its PIN.
import { randomUUID } from 'node:crypto';
import { ERR } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { createSignedInUser, type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

describe.each(testDatabases)('cashier flow on $name', (database) => {
  let cashier: TestClient;
  let device: TestClient;
  let phone: TestClient;

  const suite = useTestServer(database, { config: { enrollmentOpen: true } });
  beforeAll(async () => {
    const venue = await createVenue(suite.db, { float: 1_000_00, overdraft: 100_00, home_play: true });
    ({ client: cashier } = await createSignedInUser(suite.server, {
      account_id: venue.id,
      restrictions: [
        'can_register_new_device',
        'can_edit_device',
        'can_cashier_view_account_balance',
        'can_cashier_view_account_overdraft',
      ],
    }));
    device = suite.server.client({ base: suite.server.baseUrl });
    phone = suite.server.client({ base: suite.server.baseUrl });
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it('links a cabinet by its PIN, deposits, plays, withdraws and reports', async () => {
    const enrolled = await device.post<{ device_token: string }>('/device/enroll', {
      kind: 'cabinet',
      module: 1,
      game_id: 1,
      places: 4,
    });
    expect(enrolled.status).toBe(200);
    const auth = { authorization: `Bearer ${enrolled.body.device_token}` };
    // A device may ask for a PIN with an empty JSON body, `{}` or no body at all.
    const emptyJson = await device.post('/device/pin', undefined, {
      ...auth,
      'content-type': 'application/json',
    });
    expect(emptyJson.status).toBe(200);
    const pin = await device.post<{ pin: string }>('/device/pin', undefined, auth);
    expect(pin.body.pin).toMatch(/^\d{5}$/);

    const linked = await cashier.post<{ id: number }>('/a/cashier/devices/register', {
      pin: pin.body.pin,
      trx: randomUUID(),
    });
    expect(linked.status).toBe(200);
    const id = linked.body.id;
    // Typed again while it lives, the PIN opens the same cabinet (it names it), never a second link.
    const again = await cashier.post('/a/cashier/devices/register', { pin: pin.body.pin, trx: randomUUID() });
    expect(again.body).toEqual({ id });

    const registering = await cashier.get<{ status: string; places: unknown[] }>(`/a/cashier/devices/${id}`);
    expect(registering.body).toMatchObject({ status: 'registering', places: [] });
    const state = await device.get<{ linked: boolean }>('/device/state', auth);
    expect(state.body.linked).toBe(true);

    const list = await cashier.get<{ id: number; status: string; players: number }[]>('/a/cashier/devices');
    expect(list.body).toEqual([expect.objectContaining({ id, status: 'ready', players: 4, payment: 0 })]);

    const trx = randomUUID();
    const deposit = await cashier.post(`/a/cashier/devices/${id}/place/2/update`, { delta: 50_00, trx });
    expect(deposit.status).toBe(200);
    expect(deposit.body).toMatchObject({
      balances: { entries: 50_00, final_bonus: 0 },
      float_balance: 950_00,
    });
    const replay = await cashier.post(`/a/cashier/devices/${id}/place/2/update`, { delta: 50_00, trx });
    expect(replay.body).toEqual(deposit.body);
    const changed = await cashier.post(`/a/cashier/devices/${id}/place/2/update`, { delta: 51_00, trx });
    expect(changed).toMatchObject({ status: 422, body: { err: ERR.trxConflict } });

    const bet = await device.post(
      '/device/events',
      { trx: randomUUID(), place: 2, type: 3, amount: 10_00 },
      auth,
    );
    expect(bet.body).toEqual({ balances: { entries: 40_00, final_bonus: 1_00 } });

    const detail = await cashier.get<{ places: { place: number; colour: string; balances: unknown }[] }>(
      `/a/cashier/devices/${id}`,
    );
    expect(detail.body.places[1]).toEqual({
      place: 2,
      username: '',
      colour: 'blue',
      balances: { entries: 40_00, final_bonus: 1_00 },
    });

    const cashOut = await cashier.post(`/a/cashier/devices/${id}/place/2/update`, {
      delta: -40_00,
      trx: randomUUID(),
    });
    expect(cashOut.body).toMatchObject({
      balances: { entries: 0, final_bonus: 0 },
      burned_final_bonus: 1_00,
      float_balance: 990_00,
    });

    const float = await cashier.get('/a/cashier/account_balance');
    expect(float.body).toMatchObject({
      balance: 990_00,
      overdraft: 100_00,
      has_overdraft: true,
      currency: 'EUR',
    });

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const report = await cashier.post<{ data: { total_in: number; total_out: number } }[]>(
      '/a/cashier/report',
      {
        device_ids: [id],
        from: today,
        to: tomorrow,
      },
    );
    expect(report.body.map((r) => r.data)).toEqual([
      { total_in: 0, total_out: 40_00 },
      { total_in: 50_00, total_out: 0 },
    ]);
    const placeHistory = await cashier.post<unknown[]>('/a/cashier/limit_report', {
      device_ids: [id],
      limit: 20,
      placeId: 2,
      remote: true,
    });
    expect(placeHistory.body).toHaveLength(2);

    const summary = (await cashier.get<{ summary: unknown }[]>('/a/cashier/devices')).body[0]!.summary;
    expect(summary).toMatchObject({ deposit_24h: 50_00, withdraw_24h: 40_00, delta_24h: 10_00 });
  });

  it('connects a home-play client by its PIN and answers 406 pin changed after the phone makes a new one', async () => {
    const enrolled = await phone.post<{ device_token: string }>('/device/enroll', {
      kind: 'remote',
      module: 5,
      game_id: 2,
      places: 1,
    });
    const auth = { authorization: `Bearer ${enrolled.body.device_token}` };
    const pin = (await phone.post<{ pin: string }>('/device/pin', {}, auth)).body.pin;
    expect(pin).toMatch(/^\d{6}$/);
    const linked = await cashier.post<{ id: number }>('/a/cashier/devices/remote/register', {
      pin,
      trx: randomUUID(),
    });
    expect(linked.status).toBe(200);
    const id = linked.body.id;

    const detail = await cashier.get(`/a/cashier/devices/remote/${id}`, { 'x-device-pin': pin });
    expect(detail).toMatchObject({ status: 200, body: { id, type: 1, status: 'ready' } });
    const deposit = await cashier.post(`/a/cashier/devices/remote/${id}/place/1/update`, {
      delta: 20_00,
      trx: randomUUID(),
      pin_code: pin,
    });
    expect(deposit.status).toBe(200);
    await phone.post('/device/events', { trx: randomUUID(), place: 1, type: 3, amount: 5_00 }, auth);
    const games = await cashier.post<{ type: number; delta: number }[]>(
      '/a/cashier/game_report',
      { device_id: id, full: true },
      { 'x-device-pin': pin },
    );
    expect(games.body.map((g) => [g.type, g.delta])).toEqual([
      [3, -5_00],
      [0, 20_00],
    ]);

    await phone.post('/device/pin', undefined, auth);
    const stale = await cashier.post(`/a/cashier/devices/remote/${id}/place/1/update`, {
      delta: -5_00,
      trx: randomUUID(),
      pin_code: pin,
    });
    expect(stale).toMatchObject({ status: 406, body: { err: ERR.pinChanged } });
  });
});
