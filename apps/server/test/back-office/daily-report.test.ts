// The daily report (docs/product.md section 15): one gaming day of a venue, cut at its `day_starts_at`
// hour in its `time_zone` (here Berlin on the night clocks go forward: a 23-hour day), per device and in
// total, with the venue's ledger head at the day's end; who may ask, and what a bad day answers.
import { ERR, type Account, type DailyReport, type LedgerHead } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/password.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { answer, cash, cashierClient, linkCabinet, newTrx, type LinkedDevice } from '../helpers/cashier.js';
import { FakeClock, MINUTE } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { type TestClient, type TestResponse } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { signedInAs } from './support.js';

const PASSWORD = 'the manager knows this one';
// Gaming day 2026-03-28 in Berlin from 06:00: 05:00Z (CET) to 04:00Z next morning (CEST), 23 hours.
const DAY_START = Date.UTC(2026, 2, 28, 5);
const DAY_END = Date.UTC(2026, 2, 29, 4);

describe.each(testDatabases)('the daily report on $name', (database) => {
  let cashier: TestClient;
  let manager: TestClient;
  let venueId: number;
  let a: LinkedDevice;
  let b: LinkedDevice;
  const trx = { first: newTrx(), last: newTrx(), corrected: newTrx() };
  let headAtEnd: LedgerHead;

  const report = (day: string, client = manager, id = venueId) =>
    client.get<DailyReport>(`/a/manager/account/${id}/daily_report?day=${day}`);
  const ok = async (res: Promise<TestResponse<unknown>>) =>
    expect(answer(await res)).toEqual({ status: 200, body: expect.anything() });

  async function signInAgain(): Promise<void> {
    manager = (await signedInAs(suite.server, suite.db, 'manager', venueId)).client;
    ({ client: cashier } = await cashierClient(suite.server, suite.db, venueId));
  }

  const clock = new FakeClock(DAY_START - 30 * MINUTE); // 05:30 in Berlin: still the 27th's gaming day
  const suite = useTestServer(database, { clock, config: { enrollmentOpen: true } });
  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 100_000_00 })).id;
    const user = await signedInAs(suite.server, suite.db, 'manager', venueId);
    await suite.db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', user.id)
      .execute();
    manager = user.client;
    ({ client: cashier } = await cashierClient(suite.server, suite.db, venueId));
    const settings = { time_zone: 'Europe/Berlin', day_starts_at: 6, approval_above: 100_00 };
    await ok(manager.post(`/a/manager/account/${venueId}`, settings));
    a = await linkCabinet(suite.server, cashier);
    b = await linkCabinet(suite.server, cashier);
    await ok(cash(cashier, a.id, 1, 7_00)); // the day before
    clock.set(DAY_START);
    await ok(cash(cashier, a.id, 1, 300_00, trx.first));
    await ok(cash(cashier, a.id, 2, 40_00, trx.corrected));
    await ok(cash(cashier, b.id, 1, 50_00));
    await ok(cash(cashier, b.id, 1, -20_00));
    const cashOut = { delta: -1, trx: newTrx(), cash_out: true };
    await ok(cashier.post(`/a/cashier/devices/${b.id}/place/1/update`, cashOut));
    // Four eyes on A: one approved (applied, a partial withdraw), one declined; on B one left to expire.
    const held = async (device: LinkedDevice, delta: number, place = 1) =>
      ((await cash(cashier, device.id, place, delta)).body as { approval_id: string }).approval_id;
    const decide = (id: string, decision: string) =>
      ok(
        manager.post(`/a/manager/account/${venueId}/approvals/${id}`, {
          password: PASSWORD,
          decision,
          reason: 'checked',
        }),
      );
    await decide(await held(a, -150_00), 'approve');
    await decide(await held(a, -120_00), 'decline');
    // One the cashier takes back; one approved that the ledger then refuses (the venue's maximum was
    // lowered under it meanwhile): approved, but failed.
    const taken = await held(a, -110_00);
    await ok(cashier.post(`/a/cashier/approvals/${taken}/withdraw`, {}));
    const refused = await held(a, -130_00);
    await ok(manager.post(`/a/manager/account/${venueId}`, { max_amount: 100_00 }));
    await ok(
      manager.post(`/a/manager/account/${venueId}/approvals/${refused}`, {
        password: PASSWORD,
        decision: 'approve',
        reason: 'checked',
      }),
    );
    await ok(manager.post(`/a/manager/account/${venueId}`, { max_amount: 1_000_000_00 }));
    await ok(cash(cashier, b.id, 2, 500_00));
    await held(b, -200_00, 2);
    clock.advance(11 * MINUTE);
    const correction = { trx: trx.corrected, correction_trx: newTrx(), reason: 'wrong seat' };
    await ok(manager.post(`/a/manager/account/${venueId}/corrections`, correction));
    // Five minutes before the day ends, a request on B that nobody answers before it does.
    clock.set(DAY_END - 5 * MINUTE);
    await signInAgain(); // the sessions of the morning have long expired
    await held(b, -150_00, 2);
    clock.set(DAY_END - 1); // 05:59:59.999 summer time: the day's last moment
    await ok(cash(cashier, a.id, 1, 1_00, trx.last));
    headAtEnd = (await manager.get<LedgerHead>(`/a/manager/account/${venueId}/ledger_head`)).body;
    clock.set(DAY_END); // 06:00: the next gaming day
    await ok(cash(cashier, a.id, 1, 9_00));
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it('keeps the time zone and the hour the day starts as settings, checked, in the answer', async () => {
    const account = await manager.get<Account>(`/a/manager/account/${venueId}`);
    expect(account.body).toMatchObject({ time_zone: 'Europe/Berlin', day_starts_at: 6 });
    const bad = [
      { time_zone: 'Mars/Olympus_Mons' },
      { time_zone: '' },
      { day_starts_at: 24 },
      { day_starts_at: 1.5 },
    ];
    for (const body of bad) {
      const res = await manager.post(`/a/manager/account/${venueId}`, body);
      expect(answer(res)).toMatchObject({ status: 400, body: { err: ERR.validation } });
    }
    const fresh = await createVenue(suite.db);
    const spelled = await manager.post<Account>(`/a/manager/account/${venueId}`, {
      time_zone: 'europe/berlin',
    });
    expect(spelled.body.time_zone).toBe('Europe/Berlin');
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    const other = await admin.client.get<Account>(`/a/manager/account/${fresh.id}`);
    expect(other.body).toMatchObject({ time_zone: 'UTC', day_starts_at: 6 });
  });

  it('cuts the gaming day at 06:00 Berlin time, 23 hours on the night the clocks go forward', async () => {
    const res = await report('2026-03-28');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      account_id: venueId,
      day: '2026-03-28',
      time_zone: 'Europe/Berlin',
      day_starts_at: 6,
      from: '2026-03-28T05:00:00.000Z',
      to: '2026-03-29T04:00:00.000Z',
      complete: true,
      made_at: new Date(DAY_END).toISOString(),
      ledger_head: headAtEnd,
    });
    expect(res.body.total.first_trx).toBe(trx.first);
    expect(res.body.total.first_at).toBe(new Date(DAY_START).toISOString());
    expect(res.body.total.last_trx).toBe(trx.last);
    expect(res.body.total.last_at).toBe(new Date(DAY_END - 1).toISOString());
  });

  it('gives each device its deposits, withdrawals, cash-outs, net, corrections and approvals, and the sum', async () => {
    const { body } = await report('2026-03-28');
    const byId = new Map(body.devices.map((d) => [d.device_id, d]));
    expect(byId.get(a.id)).toMatchObject({
      // 300 + 40 + 1 deposited; the approved 150 withdrawn; the 40 taken back by a correction.
      deposits: 3,
      deposit_total: 341_00,
      withdrawals: 1,
      withdrawal_total: 150_00,
      cash_outs: 0,
      cash_out_total: 0,
      corrections: 1,
      correction_total: -40_00,
      net: 151_00,
      operations: 4,
      first_trx: trx.first,
      last_trx: trx.last,
      approvals_requested: 4,
      approvals_approved: 2,
      approvals_failed: 1,
      approvals_declined: 1,
      approvals_withdrawn: 1,
      approvals_expired: 0,
      approvals_waiting_at_start: 0,
      approvals_waiting_at_end: 0,
    });
    expect(byId.get(b.id)).toMatchObject({
      deposits: 2,
      deposit_total: 550_00,
      withdrawals: 1,
      withdrawal_total: 20_00,
      cash_outs: 1,
      cash_out_total: 30_00,
      net: 500_00,
      operations: 4,
      corrections: 0,
      approvals_requested: 2,
      approvals_approved: 0,
      approvals_declined: 0,
      approvals_withdrawn: 0,
      approvals_expired: 1,
      // The one made at 05:55 is still waiting when the day ends at 06:00.
      approvals_waiting_at_end: 1,
    });
    expect(body.total).toMatchObject({
      deposits: 5,
      deposit_total: 891_00,
      withdrawal_total: 170_00,
      cash_out_total: 30_00,
      correction_total: -40_00,
      net: 651_00,
      operations: 8,
      corrections: 1,
      approvals_requested: 6,
      approvals_approved: 2,
      approvals_failed: 1,
      approvals_declined: 1,
      approvals_withdrawn: 1,
      approvals_expired: 1,
      approvals_waiting_at_start: 0,
      approvals_waiting_at_end: 1,
    });
    // They add up: every request of the day is in one outcome, or still waiting at its end.
    const t = body.total;
    expect(t.approvals_waiting_at_start + t.approvals_requested).toBe(
      t.approvals_approved +
        t.approvals_declined +
        t.approvals_withdrawn +
        t.approvals_expired +
        t.approvals_waiting_at_end,
    );
  });

  it('puts what came before 06:00 into the day before, and shows a running day as not complete', async () => {
    const before = await report('2026-03-27');
    expect(before.body.total).toMatchObject({ deposits: 1, deposit_total: 7_00, operations: 1 });
    expect(before.body.ledger_head.entries).toBeLessThan(headAtEnd.entries);
    const running = await report('2026-03-29');
    expect(running.body).toMatchObject({ complete: false, from: '2026-03-29T04:00:00.000Z' });
    expect(running.body.total).toMatchObject({ deposits: 1, deposit_total: 9_00 });
    // The request of 05:55 the day before is waiting at the start, and still now (06:00, 5 of its 10
    // minutes left).
    expect(running.body.total).toMatchObject({
      approvals_waiting_at_start: 1,
      approvals_requested: 0,
      approvals_waiting_at_end: 1,
    });
    // A device that did nothing that day is still listed, with zeros.
    const idle = running.body.devices.find((d) => d.device_id === b.id);
    expect(idle).toMatchObject({ operations: 0, net: 0, first_trx: null, last_trx: null });
  });

  it('answers 400 for a day that is no date or has not begun, 404 for no account, 403 for another venue', async () => {
    for (const day of ['2026-02-30', 'yesterday', '2026-3-28', '2026-03-30', '']) {
      const res = await report(day);
      expect(answer(res)).toMatchObject({
        status: 400,
        body: { err: ERR.validation, issues: [{ path: 'day' }] },
      });
    }
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    expect(answer(await report('2026-03-28', admin.client))).toMatchObject({ status: 200 });
    expect(answer(await report('2026-03-28', admin.client, 999_999))).toEqual({
      status: 404,
      body: { err: ERR.notFound },
    });
    const stranger = await signedInAs(suite.server, suite.db, 'manager', (await createVenue(suite.db)).id);
    for (const client of [stranger.client, cashier]) {
      expect(answer(await report('2026-03-28', client))).toEqual({
        status: 403,
        body: { err: ERR.forbidden },
      });
    }
  });
});
