// Cash-out over HTTP (docs/product.md section 4 "Cash out", docs/api.md "Money
// rules"): `cash_out: true` takes the place's whole balance at the moment the ledger books it, whatever
// the cashier saw when the modal opened; the answer's delta says what was taken, a replay of its trx
// says the same after further play; the venue's maximum bounds a keyed-in amount, not a cash-out.
import { cashResult, ERR } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import {
  answer,
  cash,
  cashierClient,
  linkCabinet,
  linkRemote,
  newTrx,
  sendEvent,
  type LinkedDevice,
} from '../helpers/cashier.js';

describe.each(testDatabases)('cash-out on $name', (database) => {
  let cashier: TestClient;

  const suite = useTestServer(database, { config: { enrollmentOpen: true } });
  beforeAll(async () => {
    // The issue's venue: a maximum of 5000.00 per call.
    const venue = await createVenue(suite.db, { float: 20_000_00, max_amount: 5_000_00, home_play: true });
    ({ client: cashier } = await cashierClient(suite.server, suite.db, venue.id));
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  const cashOut = (device: Pick<LinkedDevice, 'id'>, seen: number, trx: string, place = 1) =>
    cashier.post(`/a/cashier/devices/${device.id}/place/${place}/update`, {
      delta: -seen,
      trx,
      cash_out: true,
    });

  it('takes what the seat holds after a bet made while the modal was open, and replays that amount', async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    expect((await cash(cashier, cabinet.id, 1, 50_00)).status).toBe(200);
    // The modal shows 50.00; the player bets 12.34 before the cashier presses Cash out.
    expect((await sendEvent(cabinet, { place: 1, type: 3, amount: 12_34 })).status).toBe(200);
    // A plain withdraw of what the modal showed is refused, as before.
    expect(answer(await cash(cashier, cabinet.id, 1, -50_00))).toEqual({
      status: 422,
      body: { err: ERR.notEnoughMoney },
    });
    const trx = newTrx();
    const out = await cashOut(cabinet, 50_00, trx);
    expect(out.status).toBe(200);
    const body = cashResult.parse(out.body);
    expect(body).toMatchObject({ trx, delta: -37_66, balances: { entries: 0, final_bonus: 0 } });
    // The player is back with more money on the seat; the lost answer's retry still says 37.66.
    expect((await cash(cashier, cabinet.id, 1, 10_00)).status).toBe(200);
    expect(answer(await cashOut(cabinet, 50_00, trx))).toEqual({ status: 200, body: out.body });
    const detail = await cashier.get<{ places: { balances: { entries: number } }[] }>(
      `/a/cashier/devices/${cabinet.id}`,
    );
    expect(detail.body.places[0]!.balances.entries).toBe(10_00);
  });

  it('cashes out a seat above the venue maximum in one call; a keyed-in withdraw of it is still refused', async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    expect((await cash(cashier, cabinet.id, 2, 5_000_00)).status).toBe(200);
    expect((await sendEvent(cabinet, { place: 2, type: 2, amount: 6_11 })).status).toBe(200);
    expect(answer(await cash(cashier, cabinet.id, 2, -5_006_11))).toEqual({
      status: 422,
      body: { err: ERR.maxAmount, max_amount: 5_000_00 },
    });
    const out = await cashOut(cabinet, 5_006_11, newTrx(), 2);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ delta: -5_006_11, balances: { entries: 0 } });
  });

  it('refuses a cash-out of a seat emptied meanwhile (422) and one that is no take-off (400)', async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    expect((await cash(cashier, cabinet.id, 1, 5_00)).status).toBe(200);
    expect((await sendEvent(cabinet, { place: 1, type: 3, amount: 5_00 })).status).toBe(200);
    expect(answer(await cashOut(cabinet, 5_00, newTrx()))).toEqual({
      status: 422,
      body: { err: ERR.notEnoughMoney },
    });
    const deposit = await cashier.post(`/a/cashier/devices/${cabinet.id}/place/1/update`, {
      delta: 5_00,
      trx: newTrx(),
      cash_out: true,
    });
    expect(answer(deposit)).toMatchObject({
      status: 400,
      body: { err: ERR.validation, issues: [{ path: 'delta', message: 'must be below 0 in a cash-out' }] },
    });
  });

  it('cashes out a home-play seat by its PIN the same way', async () => {
    const phone = await linkRemote(suite.server, cashier);
    const url = `/a/cashier/devices/remote/${phone.id}/place/1/update`;
    expect((await cashier.post(url, { delta: 30_00, trx: newTrx(), pin_code: phone.pin })).status).toBe(200);
    expect((await sendEvent(phone, { place: 1, type: 3, amount: 7_00 })).status).toBe(200);
    const trx = newTrx();
    const out = await cashier.post(url, { delta: -30_00, trx, pin_code: phone.pin, cash_out: true });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ trx, delta: -23_00, balances: { entries: 0 } });
    expect(
      answer(await cashier.post(url, { delta: -30_00, trx, pin_code: phone.pin, cash_out: true })),
    ).toEqual({ status: 200, body: out.body });
  });
});
