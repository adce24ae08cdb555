// "Any withdraw burns the place's final bonus" (docs/money.md), tested on the withdraws that are not a
// cash-out too: a partial withdraw burns the whole bonus into the promotion line, a refused withdraw and a
// deposit burn nothing, and the burn is two ledger rows of the withdraw's own operation.
import { ERR, TX_TYPE } from '@cashdesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

describe.each(testDatabases)('final bonus burn on $name', (database) => {
  let db: Db;
  beforeEach(async () => {
    db = await database.open();
  });
  afterEach(async () => {
    expect(await verifyLedger(db)).toEqual([]);
    await db.close();
  });

  /** A place holding 40.00 of entries and 1.00 of final bonus (a 10.00 pay at 10%), and its calls. */
  async function placeWithBonus() {
    const ledger = new LedgerService(db);
    const account = await createVenue(db, { float: 100_00, min_amount: 1_00, final_bonus_rate_bps: 1000 });
    const user = await createTestUser(db, { account_id: account.id });
    const device = await createLinkedDevice(db, { account_id: account.id });
    let n = 0;
    const cash = (delta: number, place = 1) =>
      ledger.changePlaceCash({
        account_id: account.id,
        user_id: user.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place,
        delta_cents: delta,
        trx: `burn-${++n}`,
        remote_pin: null,
      });
    expect((await cash(50_00)).status).toBe(200);
    const pay = await ledger.applyDeviceEvent({
      device_id: device.id,
      place: 1,
      type: TX_TYPE.pay,
      amount_cents: 10_00,
      trx: 'pay',
    });
    expect(pay.body).toEqual({ balances: { entries: 40_00, final_bonus: 1_00 } });
    const place = async (placeNo = 1) =>
      db.kysely
        .selectFrom('places')
        .select(['entries_cents', 'final_bonus_cents'])
        .where('device_id', '=', device.id)
        .where('place', '=', placeNo)
        .executeTakeFirstOrThrow();
    const rowsOf = (trx: string) =>
      db.kysely
        .selectFrom('ledger_entries')
        .select(['kind', 'line', 'amount_cents', 'balance_after_cents'])
        .where('trx', '=', trx)
        .orderBy('id')
        .execute();
    return { cash, place, rowsOf, deviceId: device.id };
  }

  it('a partial withdraw burns the whole final bonus, not a share of it', async () => {
    const p = await placeWithBonus();
    const partial = await p.cash(-10_00);
    expect(partial).toMatchObject({
      status: 200,
      body: { delta: -10_00, balances: { entries: 30_00, final_bonus: 0 }, burned_final_bonus: 1_00 },
    });
    expect(await p.place()).toEqual({ entries_cents: 30_00, final_bonus_cents: 0 });
    expect(await p.rowsOf('burn-2')).toEqual([
      { kind: 'withdraw', line: 'float', amount_cents: 10_00, balance_after_cents: 60_00 },
      { kind: 'withdraw', line: 'entries', amount_cents: -10_00, balance_after_cents: 30_00 },
      { kind: 'final_bonus_burn', line: 'final_bonus', amount_cents: -1_00, balance_after_cents: 0 },
      { kind: 'final_bonus_burn', line: 'promotion', amount_cents: 1_00, balance_after_cents: null },
    ]);
    // Nothing left to burn: the next partial withdraw has no burn rows.
    expect(await p.cash(-5_00)).toMatchObject({ status: 200, body: { burned_final_bonus: 0 } });
    expect((await p.rowsOf('burn-3')).map((r) => r.kind)).toEqual(['withdraw', 'withdraw']);
  });

  it('the smallest withdraw the venue allows burns it too', async () => {
    const p = await placeWithBonus();
    expect(await p.cash(-1_00)).toMatchObject({
      status: 200,
      body: { balances: { entries: 39_00, final_bonus: 0 }, burned_final_bonus: 1_00 },
    });
  });

  it('a refused withdraw and a deposit burn nothing', async () => {
    const p = await placeWithBonus();
    expect(await p.cash(-40_01)).toEqual({ status: 422, body: { err: ERR.notEnoughMoney } });
    expect(await p.cash(-99)).toEqual({ status: 422, body: { err: ERR.minAmount, min_amount: 1_00 } });
    expect(await p.cash(5_00)).toMatchObject({
      status: 200,
      body: { balances: { entries: 45_00, final_bonus: 1_00 }, burned_final_bonus: 0 },
    });
    expect(await p.place()).toEqual({ entries_cents: 45_00, final_bonus_cents: 1_00 });
  });

  it('burns only the bonus of the place withdrawn from', async () => {
    const p = await placeWithBonus();
    expect((await p.cash(20_00, 2)).status).toBe(200);
    expect(await p.cash(-5_00, 2)).toMatchObject({ status: 200, body: { burned_final_bonus: 0 } });
    expect(await p.place(1)).toEqual({ entries_cents: 40_00, final_bonus_cents: 1_00 });
  });
});
