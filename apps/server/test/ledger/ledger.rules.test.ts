// The money rules of docs/api.md, one test each, on every test database.
import { ERR } from '@cashdesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { systemClock } from '../../src/clock.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { ShiftService } from '../../src/shifts/shifts.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

describe.each(testDatabases)('ledger rules on $name', (database) => {
  let db: Db;
  let ledger: LedgerService;
  beforeEach(async () => {
    db = await database.open();
    ledger = new LedgerService(db);
  });
  afterEach(async () => {
    expect(await verifyLedger(db)).toEqual([]);
    await db.close();
  });

  async function venue(options: Parameters<typeof createVenue>[1] = {}) {
    const account = await createVenue(db, { float: 100_00, overdraft: 50_00, ...options });
    const user = await createTestUser(db, { account_id: account.id });
    const device = await createLinkedDevice(db, { account_id: account.id });
    let n = 0;
    const cash = (delta: number, trx = `trx-${++n}-${Math.random().toString(36).slice(2)}`, place = 1) =>
      ledger.changePlaceCash({
        account_id: account.id,
        user_id: user.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place,
        delta_cents: delta,
        trx,
        remote_pin: null,
      });
    const event = (type: 2 | 3 | 6 | 7 | 14, amount: number, trx: string, place = 1) =>
      ledger.applyDeviceEvent({ device_id: device.id, place, type, amount_cents: amount, trx });
    /** A cash-out of the balance the cashier saw (`seen`, in cents): the ledger takes what is there. */
    const cashOut = (seen: number, trx = `out-${++n}-${Math.random().toString(36).slice(2)}`) =>
      ledger.changePlaceCash({
        account_id: account.id,
        user_id: user.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place: 1,
        delta_cents: -seen,
        trx,
        remote_pin: null,
        cash_out: true,
      });
    return { account, user, device, cash, event, cashOut };
  }

  async function floatOf(accountId: number) {
    const row = await db.kysely
      .selectFrom('accounts')
      .select('balance_cents')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return row.balance_cents;
  }

  it('moves a deposit from the float to the place and back on withdraw', async () => {
    const v = await venue();
    const dep = await v.cash(30_00);
    expect(dep.status).toBe(200);
    expect(dep.body).toMatchObject({
      delta: 30_00,
      balances: { entries: 30_00, final_bonus: 0 },
      float_balance: 70_00,
      currency: 'EUR',
    });
    const wd = await v.cash(-10_00);
    expect(wd.body).toMatchObject({ balances: { entries: 20_00 }, float_balance: 80_00 });
    expect(await floatOf(v.account.id)).toBe(80_00);
  });

  it('allows the float into the overdraft and refuses one cent past it with 409 overdraft', async () => {
    const v = await venue();
    expect((await v.cash(150_00)).status).toBe(200);
    const refused = await v.cash(1);
    expect(refused).toEqual({ status: 409, body: { err: ERR.overdraft, balance: -50_00, overdraft: 50_00 } });
    expect(await floatOf(v.account.id)).toBe(-50_00);
  });

  it('ignores the overdraft when has_overdraft is off', async () => {
    const v = await venue({ has_overdraft: false, overdraft: 50_00 });
    expect((await v.cash(100_01)).body).toMatchObject({ err: ERR.overdraft, overdraft: 0 });
  });

  it('ignores the overdraft for a float move too when has_overdraft is off', async () => {
    const v = await venue({ has_overdraft: false, overdraft: 50_00 });
    const move = (delta: number, trx: string) =>
      // The operator's move (a person's would come with its audit entry: verify checks that).
      ledger.moveFloat({
        account_id: v.account.id,
        user_id: null,
        delta_cents: delta,
        trx,
        reason: 'test',
      });
    // 100.00 in the float and 50.00 of overdraft that is switched off: 100.01 out is one cent too many.
    expect(await move(-100_01, 'float-past-zero')).toEqual({
      status: 409,
      body: { err: ERR.overdraft, balance: 100_00, overdraft: 0 },
    });
    expect(await floatOf(v.account.id)).toBe(100_00);
    expect((await move(-100_00, 'float-to-zero')).body).toMatchObject({ balance: 0 });
  });

  it('refuses a cash call without an open shift where the venue uses shifts: no open shift, nothing moved, the trx still usable', async () => {
    const v = await venue();
    await db.kysely.updateTable('accounts').set({ shifts: 1 }).where('id', '=', v.account.id).execute();
    // Thrown as the contract's error (the HTTP layer answers it 403), claiming nothing.
    await expect(v.cash(10_00, 'before-the-shift')).rejects.toMatchObject({ err: ERR.noOpenShift });
    expect(await floatOf(v.account.id)).toBe(100_00);
    const cashier = { id: v.user.id, login: v.user.login, account_id: v.account.id };
    expect(
      (await new ShiftService(db, systemClock).open(cashier, { trx: 'open', counted_cents: 0 })).status,
    ).toBe(200);
    expect((await v.cash(10_00, 'before-the-shift')).body).toMatchObject({
      delta: 10_00,
      float_balance: 90_00,
    });
  });

  it('refuses a withdraw larger than the entries with 422 not enough money', async () => {
    const v = await venue();
    await v.cash(5_00);
    expect(await v.cash(-5_01)).toEqual({ status: 422, body: { err: ERR.notEnoughMoney } });
  });

  it('applies the min and max amount to |delta| with the limit in the answer', async () => {
    const v = await venue({ min_amount: 1_00, max_amount: 20_00 });
    expect(await v.cash(99)).toEqual({ status: 422, body: { err: ERR.minAmount, min_amount: 1_00 } });
    expect(await v.cash(20_01)).toEqual({ status: 422, body: { err: ERR.maxAmount, max_amount: 20_00 } });
    await v.cash(10_00);
    expect((await v.cash(-99)).body).toMatchObject({ err: ERR.minAmount });
  });

  it('cashes out the whole balance as it is when booked, not as the cashier saw it (docs/product.md section 4)', async () => {
    const v = await venue();
    await v.cash(50_00);
    await v.event(3, 10_00, 'bet-before-cash-out'); // the cashier still sees 50.00
    const out = await v.cashOut(50_00, 'cash-out-1');
    expect(out).toMatchObject({
      status: 200,
      body: { delta: -40_00, balances: { entries: 0, final_bonus: 0 }, burned_final_bonus: 1_00 },
    });
    expect(await floatOf(v.account.id)).toBe(90_00);
    // Booked as a withdraw, which the history, the reports and the shift's figures read as a cash move.
    const rows = await db.kysely
      .selectFrom('ledger_entries')
      .select(['kind', 'line'])
      .where('trx', '=', 'cash-out-1')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => `${r.kind} ${r.line}`)).toEqual([
      'withdraw float',
      'withdraw entries',
      'final_bonus_burn final_bonus',
      'final_bonus_burn promotion',
    ]);
    // A win after it and the same trx again: the stored answer, the money moved once.
    await v.event(2, 5_00, 'win-after-cash-out');
    expect(await v.cashOut(50_00, 'cash-out-1')).toEqual(out);
    expect(await floatOf(v.account.id)).toBe(90_00);
    // The same trx as a plain withdraw of the same delta is another request, and so is a cash-out of
    // another balance seen.
    expect((await v.cash(-50_00, 'cash-out-1')).body).toEqual({ err: ERR.trxConflict });
    expect((await v.cashOut(45_00, 'cash-out-1')).body).toEqual({ err: ERR.trxConflict });
  });

  it('cashes out past the venue maximum and under its minimum, which bound keyed-in amounts only', async () => {
    const v = await venue({ min_amount: 1_00, max_amount: 20_00 });
    await v.cash(20_00);
    await v.event(2, 6_11, 'win-past-max');
    expect(await v.cash(-26_11)).toEqual({ status: 422, body: { err: ERR.maxAmount, max_amount: 20_00 } });
    expect((await v.cashOut(26_11)).body).toMatchObject({ delta: -26_11, balances: { entries: 0 } });
    await v.cash(1_00);
    await v.event(3, 50, 'bet-under-min');
    expect((await v.cashOut(1_00)).body).toMatchObject({ delta: -50, balances: { entries: 0 } });
  });

  it('refuses a cash-out of an empty seat with 422 not enough money, moving nothing', async () => {
    const v = await venue();
    await v.cash(5_00);
    await v.event(3, 5_00, 'bet-it-all');
    expect(await v.cashOut(5_00)).toEqual({ status: 422, body: { err: ERR.notEnoughMoney } });
    expect(await floatOf(v.account.id)).toBe(95_00);
  });

  it('answers a replay with the first answer and moves the money once, even after the balance changed', async () => {
    const v = await venue();
    const first = await v.cash(60_00, 'same-trx-1');
    await v.cash(80_00, 'other-trx-1'); // the float is now too low for another 60.00
    const replay = await v.cash(60_00, 'same-trx-1');
    expect(replay).toEqual(first);
    expect(await floatOf(v.account.id)).toBe(100_00 - 60_00 - 80_00);
  });

  it('answers the same trx with another payload with 422 trx conflict', async () => {
    const v = await venue();
    await v.cash(10_00, 'conflict-trx');
    expect(await v.cash(11_00, 'conflict-trx')).toEqual({ status: 422, body: { err: ERR.trxConflict } });
    expect(await floatOf(v.account.id)).toBe(90_00);
  });

  it('stores a refusal under its trx: the replay is refused too, even once money is there', async () => {
    const v = await venue();
    const refused = await v.cash(-1_00, 'refused-trx');
    expect(refused.status).toBe(422);
    await v.cash(5_00);
    expect(await v.cash(-1_00, 'refused-trx')).toEqual(refused);
  });

  it('accrues the final bonus on pays and burns it on any withdraw', async () => {
    const v = await venue();
    await v.cash(50_00);
    expect((await v.event(3, 10_00, 'pay-1')).body).toEqual({
      balances: { entries: 40_00, final_bonus: 1_00 },
    });
    expect((await v.event(7, 50, 'fb-1')).body).toEqual({ balances: { entries: 40_50, final_bonus: 50 } });
    const wd = await v.cash(-40_50);
    expect(wd.body).toMatchObject({ balances: { entries: 0, final_bonus: 0 }, burned_final_bonus: 50 });
  });

  it('refuses a bet larger than the entries and a final bonus larger than accrued', async () => {
    const v = await venue();
    await v.cash(1_00);
    expect((await v.event(3, 1_01, 'pay-x')).body).toEqual({ err: ERR.notEnoughMoney });
    expect((await v.event(7, 1, 'fb-x')).body).toEqual({ err: ERR.notEnoughMoney });
    expect((await v.event(2, 5_00, 'win-x')).body).toEqual({ balances: { entries: 6_00, final_bonus: 0 } });
  });

  it('keeps device events idempotent by trx', async () => {
    const v = await venue();
    await v.cash(10_00);
    const first = await v.event(3, 2_00, 'dev-pay');
    expect(await v.event(3, 2_00, 'dev-pay')).toEqual(first);
    expect((await v.event(3, 3_00, 'dev-pay')).body).toEqual({ err: ERR.trxConflict });
  });

  it('refuses a back-office float withdraw past the limit and keeps the ledger balanced', async () => {
    const v = await venue();
    const ok = await ledger.moveFloat({
      account_id: v.account.id,
      user_id: null,
      delta_cents: -120_00,
      trx: 'fw-1',
      reason: 'bank',
    });
    expect(ok).toEqual({ status: 200, body: { trx: 'fw-1', delta: -120_00, balance: -20_00 } });
    const refused = await ledger.moveFloat({
      account_id: v.account.id,
      user_id: null,
      delta_cents: -30_01,
      trx: 'fw-2',
      reason: 'bank',
    });
    expect(refused.status).toBe(409);
  });

  it('refuses a float move on an account that does not exist (no account), claiming nothing', async () => {
    const move = ledger.moveFloat({
      account_id: 999_999,
      user_id: null,
      delta_cents: 5_00,
      trx: 'nowhere',
      reason: 'bank',
    });
    await expect(move).rejects.toMatchObject({ err: ERR.noAccount });
    const claimed = await db.kysely
      .selectFrom('operations')
      .select('id')
      .where('trx', '=', 'nowhere')
      .execute();
    expect(claimed).toEqual([]);
  });

  it('refuses a cash call or a game event on a place the device does not have with 400, naming the place', async () => {
    const v = await venue();
    const noSuchPlace = {
      status: 400,
      err: ERR.validation,
      details: { issues: [{ path: 'place', message: 'the device has no such place' }] },
    };
    await expect(v.cash(1_00, 'no-place-cash', 5)).rejects.toMatchObject(noSuchPlace);
    await expect(v.event(2, 1_00, 'no-place-event', 5)).rejects.toMatchObject(noSuchPlace);
    // Neither used up its trx.
    expect((await v.cash(1_00, 'no-place-cash', 1)).status).toBe(200);
  });

  it('refuses a win that would take the entries past the largest amount with 400 naming the amount', async () => {
    const v = await venue();
    const half = Math.ceil(Number.MAX_SAFE_INTEGER / 2);
    // The venue's ceiling raised to the largest amount, so the event's own size is no refusal.
    await db.kysely
      .updateTable('accounts')
      .set({ max_event_amount_cents: Number.MAX_SAFE_INTEGER })
      .where('id', '=', v.account.id)
      .execute();
    expect((await v.event(2, half, 'big-win-1')).status).toBe(200);
    await expect(v.event(2, half, 'big-win-2')).rejects.toMatchObject({
      status: 400,
      err: ERR.validation,
      details: { issues: [{ path: 'amount', message: 'would take a balance past the largest amount' }] },
    });
  });

  it('refuses a game event type the gateway would not pass (a cashier deposit) with 400, moving nothing', async () => {
    const v = await venue();
    await v.cash(10_00);
    const deposit = ledger.applyDeviceEvent({
      device_id: v.device.id,
      place: 1,
      // Deposits and withdraws are the cashier's: the gateway's schema refuses them, and so does the ledger.
      type: 0 as never,
      amount_cents: 1_00,
      trx: 'not-an-event',
    });
    await expect(deposit).rejects.toMatchObject({
      status: 400,
      err: ERR.validation,
      details: { issues: [{ path: 'type', message: 'is not a device event type' }] },
    });
    expect((await v.event(2, 1, 'after')).body).toEqual({ balances: { entries: 10_01, final_bonus: 0 } });
  });

  it('refuses to edit or delete ledger rows at the database level', async () => {
    const v = await venue();
    await v.cash(1_00);
    await expect(db.kysely.updateTable('ledger_entries').set({ amount_cents: 5 }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.kysely.deleteFrom('ledger_entries').execute()).rejects.toThrow(/append-only/);
  });

  it('keeps a place from going below zero at the schema level', async () => {
    const v = await venue();
    await expect(
      db.kysely
        .updateTable('places')
        .set({ entries_cents: -1 })
        .where('device_id', '=', v.device.id)
        .execute(),
    ).rejects.toThrow();
  });
});
