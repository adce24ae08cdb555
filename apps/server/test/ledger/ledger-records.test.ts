// The ledger rows each kind of operation writes, as the back office reads them
// (GET /a/manager/account/:id/transactions): which line moved, under which kind and game type, where, by
// whom, when, under which trx, and the running balance after it. The money rules test what the balances
// become; this pins the record an operator reconciles a venue by (docs/money.md), on every test database.
import { ERR, type LedgerRow } from '@cashdesk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { AccountRow } from '../../src/db/schema.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { newTrx, signedInAs, type SignedIn } from '../back-office/support.js';
import { cash, cashierClient, linkCabinet, sendEvent, type LinkedDevice } from '../helpers/cashier.js';
import { FakeClock, MINUTE } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';

/** The fields of a row that say what happened, without its ids. */
type Line = Pick<LedgerRow, 'kind' | 'line' | 'tx_type' | 'amount' | 'balance_after'>;
const line = (
  kind: LedgerRow['kind'],
  lineName: LedgerRow['line'],
  amount: number,
  balanceAfter: number | null,
  txType: number | null = null,
): Line => ({ kind, line: lineName, tx_type: txType, amount, balance_after: balanceAfter });

describe.each(testDatabases)('ledger records on $name', (database) => {
  const clock = new FakeClock();
  const suite = useTestServer(database, { clock, config: { enrollmentOpen: true } });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  /**
   * A venue of its own for each test (tests may run alone): a manager, a cashier, a linked cabinet, and
   * `float` moved in by the manager. Final bonus 10% of a pay.
   */
  async function setUp(float = 500_00) {
    const venue: AccountRow = await createVenue(suite.db, {
      float: 0,
      overdraft: 100_00,
      final_bonus_rate_bps: 1000,
    });
    const manager: SignedIn = await signedInAs(suite.server, suite.db, 'manager', venue.id);
    const cashier = await cashierClient(suite.server, suite.db, venue.id);
    const cabinet: LinkedDevice = await linkCabinet(suite.server, cashier.client);
    const stamp = () => {
      clock.advance(MINUTE);
      return new Date(clock.now()).toISOString();
    };

    /** The rows of one operation (by its trx), in the order they were written. */
    async function rowsOf(trx: string): Promise<LedgerRow[]> {
      const res = await manager.client.get<LedgerRow[]>(
        `/a/manager/account/${venue.id}/transactions?limit=1000`,
      );
      expect(res.status).toBe(200);
      return res.body.filter((r) => r.trx === trx).reverse();
    }
    const linesOf = async (trx: string): Promise<Line[]> =>
      (await rowsOf(trx)).map(({ kind, line: l, tx_type, amount, balance_after }) => ({
        kind,
        line: l,
        tx_type,
        amount,
        balance_after,
      }));

    /** A game event of the cabinet's place 2, one minute after the last operation. */
    async function event(type: number, amount: number) {
      const at = stamp();
      const trx = newTrx();
      const res = await sendEvent(cabinet, { place: 2, type, amount, trx });
      return { res, body: res.body as { balances?: { entries: number; final_bonus: number } }, trx, at };
    }
    async function move(delta: number, reason: string) {
      const at = stamp();
      const trx = newTrx();
      const res = await manager.client.post(`/a/manager/account/${venue.id}/move`, { delta, trx, reason });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { trx, at };
    }
    async function cashAt(delta: number) {
      const at = stamp();
      const trx = newTrx();
      const res = await cash(cashier.client, cabinet.id, 2, delta, trx);
      return { res, trx, at };
    }
    if (float !== 0) await move(float, 'opening cash');
    return { venue, manager, cashier, cabinet, rowsOf, linesOf, event, move, cashAt };
  }

  it('books a top-up and a withdraw of the float against the outside, with who, when and why', async () => {
    const v = await setUp(0);
    const topUp = await v.move(500_00, 'opening cash');
    expect(await v.linesOf(topUp.trx)).toEqual([
      line('float_top_up', 'float', 500_00, 500_00),
      line('float_top_up', 'external', -500_00, null),
    ]);
    const withdraw = await v.move(-100_00, 'to the bank');
    expect(await v.linesOf(withdraw.trx)).toEqual([
      line('float_withdraw', 'float', -100_00, 400_00),
      line('float_withdraw', 'external', 100_00, null),
    ]);
    for (const [trx, at, reason] of [
      [topUp.trx, topUp.at, 'opening cash'],
      [withdraw.trx, withdraw.at, 'to the bank'],
    ] as const) {
      for (const row of await v.rowsOf(trx)) {
        expect(row).toMatchObject({
          user_id: v.manager.id,
          device_id: null,
          place: null,
          reason,
          created_at: at,
        });
      }
    }
  });

  it("books a deposit from the float to the place's entries, at the device and place, by the cashier", async () => {
    const v = await setUp();
    const deposit = await v.cashAt(40_00);
    expect(deposit.res.status).toBe(200);
    expect(await v.linesOf(deposit.trx)).toEqual([
      line('deposit', 'float', -40_00, 460_00),
      line('deposit', 'entries', 40_00, 40_00, 0),
    ]);
    const rows = await v.rowsOf(deposit.trx);
    for (const row of rows) {
      expect(row).toMatchObject({
        user_id: v.cashier.id,
        device_id: v.cabinet.id,
        place: 2,
        reason: null,
        created_at: deposit.at,
      });
    }
    expect(rows[0]!.operation_id).toBe(rows[1]!.operation_id);
  });

  it('books a pay against the game and its final-bonus accrual against the promotion; a cancel takes both back', async () => {
    const v = await setUp();
    await v.cashAt(40_00);
    const pay = await v.event(3, 10_05);
    expect(pay.body).toEqual({ balances: { entries: 29_95, final_bonus: 1_00 } });
    expect(await v.linesOf(pay.trx)).toEqual([
      line('device_event', 'entries', -10_05, 29_95, 3),
      line('device_event', 'game', 10_05, null),
      // floor(10.05 * 10%) = 1.00: the accrual rounds down, never up.
      line('final_bonus_accrual', 'final_bonus', 1_00, 1_00),
      line('final_bonus_accrual', 'promotion', -1_00, null),
    ]);
    const rows = await v.rowsOf(pay.trx);
    for (const row of rows) {
      expect(row).toMatchObject({
        user_id: null,
        device_id: v.cabinet.id,
        place: 2,
        created_at: pay.at,
        operation_id: rows[0]!.operation_id,
      });
    }

    const cancel = await v.event(6, 10_05);
    expect(cancel.body).toEqual({ balances: { entries: 40_00, final_bonus: 0 } });
    expect(await v.linesOf(cancel.trx)).toEqual([
      line('device_event', 'entries', 10_05, 40_00, 6),
      line('device_event', 'game', -10_05, null),
      line('final_bonus_accrual', 'final_bonus', -1_00, 0),
      line('final_bonus_accrual', 'promotion', 1_00, null),
    ]);
  });

  it('pays out a final bonus to the entries', async () => {
    const v = await setUp();
    await v.cashAt(40_00);
    await v.event(3, 10_00); // entries 30.00, bonus 1.00
    const bonus = await v.event(7, 60);
    expect(bonus.body).toEqual({ balances: { entries: 30_60, final_bonus: 40 } });
    expect(await v.linesOf(bonus.trx)).toEqual([
      line('device_event', 'final_bonus', -60, 40),
      line('device_event', 'entries', 60, 30_60, 7),
    ]);
  });

  it('takes back no bonus on a cancel when a withdraw burned it after the pay', async () => {
    const v = await setUp();
    await v.cashAt(40_00);
    await v.event(3, 6_00); // entries 34.00, bonus 0.60
    // The cashier's withdraw burns the bonus; it is no game event, so the cancel still follows its pay.
    expect((await v.cashAt(-4_00)).res.body).toMatchObject({ burned_final_bonus: 60 });
    const cancel = await v.event(6, 6_00);
    expect(cancel.body).toEqual({ balances: { entries: 36_00, final_bonus: 0 } });
    expect(await v.linesOf(cancel.trx)).toEqual([
      line('device_event', 'entries', 6_00, 36_00, 6),
      line('device_event', 'game', -6_00, null),
    ]);
  });

  it('accrues nothing on a lucky bet, and its cancel returns the bet without touching the bonus', async () => {
    const v = await setUp();
    await v.cashAt(30_00);
    await v.event(3, 10_00); // entries 20.00, bonus 1.00
    const bet = await v.event(14, 2_00);
    expect(bet.body).toEqual({ balances: { entries: 18_00, final_bonus: 1_00 } });
    expect(await v.linesOf(bet.trx)).toEqual([
      line('device_event', 'entries', -2_00, 18_00, 14),
      line('device_event', 'game', 2_00, null),
    ]);
    const cancel = await v.event(15, 2_00);
    expect(cancel.body).toEqual({ balances: { entries: 20_00, final_bonus: 1_00 } });
    expect(await v.linesOf(cancel.trx)).toEqual([
      line('device_event', 'entries', 2_00, 20_00, 15),
      line('device_event', 'game', -2_00, null),
    ]);
  });

  it('names each operation by its kind in its idempotency record, the row a backup or an audit of the database reads', async () => {
    const v = await setUp(0);
    const trx = {
      top_up: (await v.move(500_00, 'opening cash')).trx,
      float_withdraw: (await v.move(-1_00, 'to the bank')).trx,
      deposit: (await v.cashAt(10_00)).trx,
      withdraw: (await v.cashAt(-1_00)).trx,
      device_event: (await v.event(3, 1_00)).trx,
    };
    const rows = await suite.db.kysely
      .selectFrom('operations')
      .select(['trx', 'kind', 'account_id', 'device_id', 'reason'])
      .where('trx', 'in', Object.values(trx))
      .execute();
    const kindOf = (t: string) => rows.find((r) => r.trx === t);
    expect(kindOf(trx.top_up)).toMatchObject({
      kind: 'float_top_up',
      account_id: v.venue.id,
      reason: 'opening cash',
    });
    expect(kindOf(trx.float_withdraw)).toMatchObject({ kind: 'float_withdraw', reason: 'to the bank' });
    expect(kindOf(trx.deposit)).toMatchObject({ kind: 'deposit', device_id: v.cabinet.id });
    expect(kindOf(trx.withdraw)).toMatchObject({ kind: 'withdraw', device_id: v.cabinet.id });
    expect(kindOf(trx.device_event)).toMatchObject({ kind: 'device_event', account_id: v.venue.id });
  });

  it.each([
    ['a win', 2],
    ['a jackpot', 4],
    ['a common jackpot', 11],
    ['a global jackpot', 12],
    ['a random jackpot', 13],
  ])('credits %s (type %i) to the entries from the game', async (_what, type) => {
    const v = await setUp();
    await v.cashAt(5_00);
    const credit = await v.event(type, 1_00);
    expect(credit.body).toEqual({ balances: { entries: 6_00, final_bonus: 0 } });
    expect(await v.linesOf(credit.trx)).toEqual([
      line('device_event', 'entries', 1_00, 6_00, type),
      line('device_event', 'game', -1_00, null),
    ]);
  });

  it('refuses a bet or a final bonus of one cent more than the place holds, and takes exactly all of it', async () => {
    const v = await setUp();
    await v.cashAt(10_00);
    await v.event(3, 5_00); // entries 5.00, bonus 0.50
    expect((await v.event(3, 5_01)).body).toEqual({ err: ERR.notEnoughMoney });
    expect((await v.event(14, 5_01)).body).toEqual({ err: ERR.notEnoughMoney });
    expect((await v.event(7, 51)).body).toEqual({ err: ERR.notEnoughMoney });
    expect((await v.event(7, 50)).body).toEqual({ balances: { entries: 5_50, final_bonus: 0 } });
    expect((await v.event(3, 5_50)).body).toEqual({ balances: { entries: 0, final_bonus: 55 } });
  });

  it('books a withdraw back to the float and burns the final bonus to the promotion', async () => {
    const v = await setUp();
    await v.cashAt(50_00); // float 450.00
    await v.event(3, 10_00); // entries 40.00, bonus 1.00
    const withdraw = await v.cashAt(-35_00);
    expect(withdraw.res.body).toMatchObject({
      balances: { entries: 5_00, final_bonus: 0 },
      burned_final_bonus: 1_00,
      float_balance: 485_00,
    });
    expect(await v.linesOf(withdraw.trx)).toEqual([
      line('withdraw', 'float', 35_00, 485_00),
      line('withdraw', 'entries', -35_00, 5_00, 1),
      line('final_bonus_burn', 'final_bonus', -1_00, 0),
      line('final_bonus_burn', 'promotion', 1_00, null),
    ]);
    const rows = await v.rowsOf(withdraw.trx);
    for (const row of rows) {
      expect(row).toMatchObject({
        user_id: v.cashier.id,
        device_id: v.cabinet.id,
        place: 2,
        created_at: withdraw.at,
        operation_id: rows[0]!.operation_id,
      });
    }
    // A withdraw with no bonus on the place writes no burn rows.
    const cashOut = await v.cashAt(-5_00);
    expect(cashOut.res.body).toMatchObject({
      balances: { entries: 0, final_bonus: 0 },
      burned_final_bonus: 0,
    });
    expect((await v.linesOf(cashOut.trx)).map((r) => r.kind)).toEqual(['withdraw', 'withdraw']);
  });
});
