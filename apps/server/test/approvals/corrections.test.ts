// Corrections (docs/product.md section 13): a manager reverses one cash operation of the venue by a new
// operation linked to it, with the opposite movement on the same place and float, under the same rules;
// nothing is edited or deleted, an operation is corrected once, and the correction's trx is idempotent.
import { ERR, TX_TYPE } from '@cashdesk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import {
  answer,
  cash,
  cashierClient,
  linkCabinet,
  newTrx,
  sendEvent,
  type LinkedDevice,
} from '../helpers/cashier.js';
import { testDatabases } from '../helpers/databases.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

describe.each(testDatabases)('corrections on $name', (database) => {
  let cashier: TestClient;
  let manager: TestClient;
  let venueId: number;
  let cabinet: LinkedDevice;

  const suite = useTestServer(database, { config: { enrollmentOpen: true } });
  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 1_000_00 })).id;
    ({ client: cashier } = await cashierClient(suite.server, suite.db, venueId));
    manager = await clientForUser(
      suite.server,
      await createTestUser(suite.db, { account_id: venueId, role: 'manager' }),
    );
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });
  beforeEach(async () => {
    cabinet = await linkCabinet(suite.server, cashier);
  });

  const entriesOf = async (place: number): Promise<number> => {
    const detail = await cashier.get<{ places: { place: number; balances: { entries: number } }[] }>(
      `/a/cashier/devices/${cabinet.id}`,
    );
    return detail.body.places.find((p) => p.place === place)!.balances.entries;
  };
  const floatOf = async (): Promise<number> =>
    (await manager.get<{ balance: number }>(`/a/manager/account/${venueId}`)).body.balance;
  const correct = (trx: string, correction_trx = newTrx(), reason = 'deposit on the wrong seat') =>
    manager.post<Record<string, unknown>>(`/a/manager/account/${venueId}/corrections`, {
      trx,
      correction_trx,
      reason,
    });

  it('reverses a deposit on the same place and float, linked to it, and replays by its trx', async () => {
    const trx = newTrx();
    const floatBefore = await floatOf();
    expect((await cash(cashier, cabinet.id, 2, 40_00, trx)).status).toBe(200);
    const correctionTrx = newTrx();
    const res = await correct(trx, correctionTrx);
    expect(answer(res)).toMatchObject({
      status: 200,
      body: {
        trx: correctionTrx,
        corrects: trx,
        delta: -40_00,
        place: 2,
        reason: 'deposit on the wrong seat',
      },
    });
    expect(await entriesOf(2)).toBe(0);
    expect(await floatOf()).toBe(floatBefore);
    expect(answer(await correct(trx, correctionTrx))).toEqual(answer(res));
    // The original is still there, and linked: the correction's record names it.
    const rows = await suite.db.kysely
      .selectFrom('operations')
      .select(['id', 'trx', 'kind', 'corrects_operation_id'])
      .where('trx', 'in', [trx, correctionTrx])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(['deposit', 'correction']);
    expect(Number(rows[1]!.corrects_operation_id)).toBe(Number(rows[0]!.id));
    // The back-office ledger shows the pair linked both ways, with the reason.
    const ledger = await manager.get<
      { trx: string; line: string; corrects?: string; corrected_by?: string; reason: string | null }[]
    >(`/a/manager/account/${venueId}/transactions?line=entries&device_id=${cabinet.id}`);
    expect(ledger.body.find((r) => r.trx === trx)).toMatchObject({ corrected_by: correctionTrx });
    expect(ledger.body.find((r) => r.trx === correctionTrx)).toMatchObject({
      corrects: trx,
      reason: 'deposit on the wrong seat',
    });
    const audit = await manager.get<{ action: string; trx: string | null; reason: string | null }[]>(
      `/a/manager/account/${venueId}/audit`,
    );
    expect(audit.body.find((e) => e.trx === correctionTrx)).toMatchObject({
      action: 'operation.correct',
      reason: 'deposit on the wrong seat',
    });
  });

  it("shows the pair linked both ways in the place's history and the cashier's own history", async () => {
    const trx = newTrx();
    expect((await cash(cashier, cabinet.id, 3, 25_00, trx)).status).toBe(200);
    const correctionTrx = newTrx();
    expect((await correct(trx, correctionTrx, 'wrong seat')).status).toBe(200);
    type Entry = { trx: string; corrects?: string; corrected_by?: string; correction_reason?: string };
    const place = await cashier.post<Entry[]>('/a/cashier/limit_report', {
      device_ids: [cabinet.id],
      limit: 10,
      placeId: 3,
    });
    expect(place.body.map((e) => e.trx)).toEqual([correctionTrx, trx]);
    expect(place.body[0]).toMatchObject({ corrects: trx, correction_reason: 'wrong seat' });
    expect(place.body[1]).toMatchObject({ corrected_by: correctionTrx, correction_reason: 'wrong seat' });
    expect(place.body[1]).not.toHaveProperty('corrects');
    // The cashier's own history holds their deposit (the correction is the manager's), marked corrected.
    const now = Date.now();
    const own = await cashier.post<Entry[]>('/a/cashier/report', {
      device_ids: [cabinet.id],
      from: new Date(now - 60_000).toISOString(),
      to: new Date(now + 60_000).toISOString(),
    });
    expect(own.body.find((e) => e.trx === trx)).toMatchObject({ corrected_by: correctionTrx });
    expect(own.body.some((e) => e.trx === correctionTrx)).toBe(false);
  });

  it('corrects an operation once: a second correction is 422 already corrected; unknown trx 404', async () => {
    const trx = newTrx();
    expect((await cash(cashier, cabinet.id, 1, 10_00, trx)).status).toBe(200);
    expect((await correct(trx)).status).toBe(200);
    expect(answer(await correct(trx))).toEqual({ status: 422, body: { err: ERR.alreadyCorrected } });
    expect(answer(await correct(newTrx()))).toEqual({ status: 404, body: { err: ERR.notFound } });
  });

  it('two corrections of one operation at once: one applies', async () => {
    const trx = newTrx();
    expect((await cash(cashier, cabinet.id, 1, 10_00, trx)).status).toBe(200);
    const both = await Promise.all([correct(trx), correct(trx)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await entriesOf(1)).toBe(0);
  });

  it('cannot take back a deposit already played away: 409', async () => {
    const trx = newTrx();
    expect((await cash(cashier, cabinet.id, 3, 20_00, trx)).status).toBe(200);
    expect((await sendEvent(cabinet, { place: 3, type: 3, amount: 15_00 })).status).toBe(200);
    expect(answer(await correct(trx))).toEqual({ status: 409, body: { err: ERR.placeNoLongerHolds } });
    expect(await entriesOf(3)).toBe(5_00);
  });

  it('puts a withdraw back as a deposit, within the overdraft', async () => {
    const trx = newTrx();
    expect((await cash(cashier, cabinet.id, 4, 30_00)).status).toBe(200);
    expect((await cash(cashier, cabinet.id, 4, -30_00, trx)).status).toBe(200);
    // The float is lent out meanwhile: putting 30.00 back would overdraw it.
    const float = await floatOf();
    const other = await linkCabinet(suite.server, cashier);
    expect((await cash(cashier, other.id, 1, float - 10_00)).status).toBe(200);
    expect(answer(await correct(trx))).toMatchObject({ status: 409, body: { err: ERR.overdraft } });
    expect((await cash(cashier, other.id, 1, -(float - 10_00))).status).toBe(200);
    expect(answer(await correct(trx))).toMatchObject({ status: 200, body: { delta: 30_00 } });
    expect(await entriesOf(4)).toBe(30_00);
  });

  it('takes back a deposit the place holds exactly: 200; one cent less: 409', async () => {
    const trx = newTrx();
    expect((await cash(cashier, cabinet.id, 2, 20_00, trx)).status).toBe(200);
    const floatBefore = await floatOf();
    expect((await sendEvent(cabinet, { place: 2, type: TX_TYPE.pay, amount: 1 })).status).toBe(200);
    expect(answer(await correct(trx))).toEqual({ status: 409, body: { err: ERR.placeNoLongerHolds } });
    expect(await entriesOf(2)).toBe(19_99);
    expect(await floatOf()).toBe(floatBefore);
    expect((await sendEvent(cabinet, { place: 2, type: TX_TYPE.win, amount: 1 })).status).toBe(200);
    expect(answer(await correct(trx))).toMatchObject({
      status: 200,
      body: { delta: -20_00, balances: { entries: 0 } },
    });
    expect(await floatOf()).toBe(floatBefore + 20_00);
  });

  it("puts a withdraw back exactly at the float's overdraft limit: 200; one cent past it: 409", async () => {
    // A venue of its own that may overdraw its float by 100.00.
    const id = (await createVenue(suite.db, { float: 1_000_00, overdraft: 100_00 })).id;
    const { client: till } = await cashierClient(suite.server, suite.db, id);
    const boss = await clientForUser(
      suite.server,
      await createTestUser(suite.db, { account_id: id, role: 'manager' }),
    );
    const float = async () => (await boss.get<{ balance: number }>(`/a/manager/account/${id}`)).body.balance;
    const seat = await linkCabinet(suite.server, till);
    const other = await linkCabinet(suite.server, till);
    const trx = newTrx();
    expect((await cash(till, seat.id, 1, 30_00)).status).toBe(200);
    expect((await cash(till, seat.id, 1, -30_00, trx)).status).toBe(200);
    expect(await float()).toBe(1_000_00);
    const putBack = () =>
      boss.post<Record<string, unknown>>(`/a/manager/account/${id}/corrections`, {
        trx,
        correction_trx: newTrx(),
        reason: 'paid to the wrong player',
      });
    // The float lent out to -70.01: putting 30.00 back would leave it at -100.01, a cent past the limit.
    expect((await cash(till, other.id, 1, 1_070_01)).status).toBe(200);
    expect(answer(await putBack())).toMatchObject({
      status: 409,
      body: { err: ERR.overdraft, overdraft: 100_00 },
    });
    expect(await float()).toBe(-70_01);
    // A cent back in the till: the put-back leaves the float at the limit itself.
    expect((await cash(till, other.id, 1, -1)).status).toBe(200);
    expect(answer(await putBack())).toMatchObject({
      status: 200,
      body: { delta: 30_00, float_balance: -100_00, balances: { entries: 30_00 } },
    });
    expect(await float()).toBe(-100_00);
  });

  it("is the back office's only: a cashier gets 403", async () => {
    const trx = newTrx();
    expect((await cash(cashier, cabinet.id, 1, 10_00, trx)).status).toBe(200);
    const res = await cashier.post(`/a/manager/account/${venueId}/corrections`, {
      trx,
      correction_trx: newTrx(),
      reason: 'mine',
    });
    expect(answer(res)).toEqual({ status: 403, body: { err: ERR.forbidden } });
  });
});
