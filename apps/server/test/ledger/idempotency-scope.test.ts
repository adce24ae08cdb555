// Idempotency is scoped per caller (ledger/idempotency.ts): a trx names a call of one cashier, one device
// or the operator, never a slot shared across tenants. Two cashiers (of one venue or of two venues) that
// happen to send the same trx get independent answers, each replay gets its own caller's stored answer,
// and no tenant ever reads another's, over HTTP as much as in the ledger.
import { ERR, TX_TYPE } from '@cashdesk/contract';
import { auditEntryStatement } from '../../src/back-office/audit/audit.repository.js';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { claimTrx, storeOutcome } from '../../src/ledger/idempotency.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { answer, cash, cashierClient } from '../helpers/cashier.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';

const TRX = 'shared-0000-trx';

describe.each(testDatabases)('idempotency scopes on $name', (database) => {
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

  /** A venue with a cabinet and two cashiers; `cash(cashier, delta)` books on place 1 under `trx`. */
  async function venue(float = 100_00) {
    const account = await createVenue(db, { float });
    const device = await createLinkedDevice(db, { account_id: account.id });
    const cashiers = [
      await createTestUser(db, { account_id: account.id }),
      await createTestUser(db, { account_id: account.id }),
    ] as const;
    const cashBy = (cashier: 0 | 1, delta: number, trx = TRX, place = 1) =>
      ledger.changePlaceCash({
        account_id: account.id,
        user_id: cashiers[cashier].id,
        device_id: device.id,
        device_uuid: device.uuid,
        place,
        delta_cents: delta,
        trx,
        remote_pin: null,
      });
    const event = (type: number, amount: number, trx = TRX) =>
      ledger.applyDeviceEvent({ device_id: device.id, place: 1, type: type as 2, amount_cents: amount, trx });
    const floatNow = async () =>
      (
        await db.kysely
          .selectFrom('accounts')
          .select('balance_cents')
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow()
      ).balance_cents;
    return { account, device, cashiers, cash: cashBy, event, floatNow };
  }

  async function operationsOf(trx: string) {
    return db.kysely
      .selectFrom('operations')
      .select(['scope', 'status_code', 'account_id', 'user_id'])
      .where('trx', '=', trx)
      .orderBy('id')
      .execute();
  }

  it('two cashiers of one venue, same trx and same payload: two deposits, each replay its own answer', async () => {
    const v = await venue();
    const first = await v.cash(0, 10_00);
    const second = await v.cash(1, 10_00);
    expect(first).toMatchObject({ status: 200, body: { float_balance: 90_00 } });
    // Not the colleague's stored answer (float 90.00): a deposit of its own.
    expect(second).toMatchObject({
      status: 200,
      body: { float_balance: 80_00, balances: { entries: 20_00 } },
    });
    expect(await v.floatNow()).toBe(80_00);

    expect(await v.cash(0, 10_00)).toEqual(first);
    expect(await v.cash(1, 10_00)).toEqual(second);
    expect(await v.floatNow()).toBe(80_00);
    expect(await operationsOf(TRX)).toEqual([
      {
        scope: `user:${v.cashiers[0].id}`,
        status_code: 200,
        account_id: v.account.id,
        user_id: v.cashiers[0].id,
      },
      {
        scope: `user:${v.cashiers[1].id}`,
        status_code: 200,
        account_id: v.account.id,
        user_id: v.cashiers[1].id,
      },
    ]);
  });

  it('two cashiers of one venue, same trx and another payload: no trx conflict, each call judged alone', async () => {
    const v = await venue();
    const deposit = await v.cash(0, 10_00);
    // The colleague's withdraw under the same trx is not a conflict with the deposit: it runs, on its own.
    const withdraw = await v.cash(1, -4_00);
    expect(deposit.status).toBe(200);
    expect(withdraw).toMatchObject({ status: 200, body: { delta: -4_00, balances: { entries: 6_00 } } });
    // A refusal stored under one cashier's trx does not refuse the other's call either.
    const refused = await v.cash(0, 500_00, 'refused-trx');
    expect(refused).toMatchObject({ status: 409, body: { err: ERR.overdraft } });
    expect(await v.cash(1, 5_00, 'refused-trx')).toMatchObject({ status: 200, body: { delta: 5_00 } });
    // Replays still answer per cashier: the first cashier's deposit and refusal, the colleague's withdraw.
    expect(await v.cash(0, 10_00)).toEqual(deposit);
    expect(await v.cash(1, -4_00)).toEqual(withdraw);
    expect(await v.cash(0, 500_00, 'refused-trx')).toEqual(refused);
    // And a changed payload is still a conflict within one cashier's own trx.
    expect(await v.cash(1, -5_00)).toEqual({ status: 422, body: { err: ERR.trxConflict } });
  });

  it('cashiers of two venues, same trx: neither reads the other venue answer, replays included', async () => {
    const a = await venue(100_00);
    const b = await venue(30_00);
    const inA = await a.cash(0, 25_00);
    const inB = await b.cash(0, 25_00);
    expect(inA).toMatchObject({ status: 200, body: { float_balance: 75_00, device_uuid: a.device.uuid } });
    expect(inB).toMatchObject({ status: 200, body: { float_balance: 5_00, device_uuid: b.device.uuid } });
    // The same trx once more from each venue: each gets its own, B never sees A's device or float.
    const replayB = await b.cash(0, 25_00);
    expect(replayB).toEqual(inB);
    expect(JSON.stringify(replayB.body)).not.toContain(a.device.uuid);
    expect(await a.cash(0, 25_00)).toEqual(inA);
    expect([await a.floatNow(), await b.floatNow()]).toEqual([75_00, 5_00]);

    // B's other cashier under the same trx, another payload: its own refusal, not A's answer nor a conflict.
    const otherInB = await b.cash(1, 25_00);
    expect(otherInB).toEqual({ status: 409, body: { err: ERR.overdraft, balance: 5_00, overdraft: 0 } });
    expect(await b.cash(1, 25_00)).toEqual(otherInB);
  });

  it('devices: two cabinets sending the same trx each book their own game event', async () => {
    const a = await venue();
    const b = await venue();
    await a.cash(0, 10_00, 'fund-a');
    await b.cash(0, 10_00, 'fund-b');
    const betA = await a.event(TX_TYPE.pay, 3_00);
    const winB = await b.event(TX_TYPE.win, 7_00);
    expect(betA).toEqual({ status: 200, body: { balances: { entries: 7_00, final_bonus: 30 } } });
    expect(winB).toEqual({ status: 200, body: { balances: { entries: 17_00, final_bonus: 0 } } });
    expect(await a.event(TX_TYPE.pay, 3_00)).toEqual(betA);
    expect(await b.event(TX_TYPE.win, 7_00)).toEqual(winB);
    expect(await a.event(TX_TYPE.win, 3_00)).toEqual({ status: 422, body: { err: ERR.trxConflict } });
    // A cashier's trx and a device's trx live apart too: the cashier's call under TRX is its own.
    expect(await a.cash(0, -1_00)).toMatchObject({ status: 200, body: { balances: { entries: 6_00 } } });
  });

  it('float moves: two managers, and the operator, sending one trx make a move each', async () => {
    const a = await venue(0);
    const b = await venue(0);
    const managerA = await createTestUser(db, { account_id: a.account.id, role: 'manager' });
    const managerB = await createTestUser(db, { account_id: b.account.id, role: 'manager' });
    // A person's move writes its audit entry with it, as the back office's does (verify checks it).
    const move = (accountId: number, userId: number | null, delta: number) =>
      ledger.moveFloat({
        account_id: accountId,
        user_id: userId,
        delta_cents: delta,
        trx: TRX,
        reason: 'top-up',
        alsoWrite: (moved, tx) =>
          auditEntryStatement(tx, {
            actor: { user_id: userId, login: `user-${userId ?? 'operator'}` },
            action: 'account.float_move',
            target_type: 'account',
            target_id: accountId,
            account_id: accountId,
            before: { balance: moved.balance_before },
            after: { balance: moved.balance_after },
            reason: 'top-up',
            trx: TRX,
            now_ms: Date.now(),
          }),
      });

    const fromA = await move(a.account.id, managerA.id, 50_00);
    const fromB = await move(b.account.id, managerB.id, 20_00);
    const fromOperator = await move(b.account.id, null, 5_00);
    expect(fromA).toEqual({ status: 200, body: { trx: TRX, delta: 50_00, balance: 50_00 } });
    expect(fromB).toEqual({ status: 200, body: { trx: TRX, delta: 20_00, balance: 20_00 } });
    expect(fromOperator).toEqual({ status: 200, body: { trx: TRX, delta: 5_00, balance: 25_00 } });
    // Each replay reads its own answer; another payload under one's own trx is a conflict.
    expect(await move(a.account.id, managerA.id, 50_00)).toEqual(fromA);
    expect(await move(b.account.id, managerB.id, 20_00)).toEqual(fromB);
    expect(await move(b.account.id, managerB.id, 21_00)).toEqual({
      status: 422,
      body: { err: ERR.trxConflict },
    });
    expect([await a.floatNow(), await b.floatNow()]).toEqual([50_00, 25_00]);
    // Each record names the venue and who moved its float (none for the operator).
    expect(
      (await operationsOf(TRX)).map(({ scope, account_id, user_id }) => ({ scope, account_id, user_id })),
    ).toEqual([
      { scope: `user:${managerA.id}`, account_id: a.account.id, user_id: managerA.id },
      { scope: `user:${managerB.id}`, account_id: b.account.id, user_id: managerB.id },
      { scope: 'operator', account_id: b.account.id, user_id: null },
    ]);
  });

  it('claimTrx: the same trx in two scopes is two claims; each replay reads its own scope only', async () => {
    const now = Date.now();
    const claim = (scope: string, request: unknown) =>
      db.kysely.transaction().execute(async (tx) => {
        const result = await claimTrx(tx, { scope, trx: 'T', kind: 'deposit', request, now_ms: now });
        if (result.claimed) {
          await storeOutcome(tx, result.operation_id, { status: 200, body: { scope, request } });
        }
        return result;
      });
    expect(await claim('user:1', ['same'])).toMatchObject({ claimed: true });
    expect(await claim('user:2', ['same'])).toMatchObject({ claimed: true });
    expect(await claim('device:1', ['other'])).toMatchObject({ claimed: true });
    expect(await claim('user:2', ['same'])).toEqual({
      claimed: false,
      outcome: { status: 200, body: { scope: 'user:2', request: ['same'] } },
    });
    expect(await claim('device:1', ['other'])).toEqual({
      claimed: false,
      outcome: { status: 200, body: { scope: 'device:1', request: ['other'] } },
    });
    expect(await claim('user:1', ['other'])).toMatchObject({
      claimed: false,
      outcome: { status: 422, body: { err: ERR.trxConflict } },
    });
  });
});

describe.each(testDatabases)('idempotency scopes over HTTP on $name', (database) => {
  const suite = useTestServer(database);
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it('cashiers of two venues sending one trx get their own answers, never the other venue', async () => {
    const venueA = await createVenue(suite.db, { float: 100_00 });
    const venueB = await createVenue(suite.db, { float: 40_00 });
    const cabinetA = await createLinkedDevice(suite.db, { account_id: venueA.id });
    const cabinetB = await createLinkedDevice(suite.db, { account_id: venueB.id });
    const alice = (await cashierClient(suite.server, suite.db, venueA.id)).client;
    const bob = (await cashierClient(suite.server, suite.db, venueB.id)).client;
    const carol = (await cashierClient(suite.server, suite.db, venueB.id)).client;

    const fromAlice = answer(await cash(alice, cabinetA.id, 1, 30_00, TRX));
    const fromBob = answer(await cash(bob, cabinetB.id, 2, 30_00, TRX));
    expect(fromAlice).toMatchObject({
      status: 200,
      body: { float_balance: 70_00, device_uuid: cabinetA.uuid },
    });
    expect(fromBob).toMatchObject({
      status: 200,
      body: { float_balance: 10_00, device_uuid: cabinetB.uuid },
    });
    // Bob's colleague, same trx, same place: her own call (refused: the float is too low), not Bob's 200.
    const fromCarol = answer(await cash(carol, cabinetB.id, 2, 30_00, TRX));
    expect(fromCarol).toEqual({ status: 409, body: { err: ERR.overdraft, balance: 10_00, overdraft: 0 } });

    expect(answer(await cash(bob, cabinetB.id, 2, 30_00, TRX))).toEqual(fromBob);
    expect(answer(await cash(alice, cabinetA.id, 1, 30_00, TRX))).toEqual(fromAlice);
    expect(answer(await cash(carol, cabinetB.id, 2, 30_00, TRX))).toEqual(fromCarol);
  });
});
