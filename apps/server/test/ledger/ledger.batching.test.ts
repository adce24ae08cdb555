// The group commit (ledger/group-commit.ts, ledger/batch.ts): calls that arrive while a transaction is in
// flight share the next one, yet each keeps its own answer: a replay its stored answer byte for byte, a
// changed payload 422 `trx conflict`, a refusal its own refusal, a thrown refusal only its own rejection;
// an unexpected failure runs the rest alone; a lone call goes at once.
import { ERR, TX_TYPE } from '@cashdesk/contract';
import { InsertQueryNode, type KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { ApiError } from '../../src/http/api-error.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import type { Outcome } from '../../src/ledger/outcome.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

/** Fails any insert of operation records that holds the trx `boom`: an unexpected error (not ApiError). */
const failOnBoom: KyselyPlugin = {
  transformQuery({ node }) {
    if (InsertQueryNode.is(node) && JSON.stringify(node).includes('"boom"')) {
      throw new Error('injected failure');
    }
    return node;
  },
  transformResult: async ({ result }) => result,
};

describe.each(testDatabases)('batched ledger on $name', (database) => {
  let db: Db;
  let ledger: LedgerService;
  let sizes: number[];
  let stopObserving: () => void;
  beforeEach(async () => {
    db = await database.open({ poolSize: 10 });
    ledger = new LedgerService(db);
    sizes = [];
    stopObserving = ledger.onBatch((size) => sizes.push(size));
  });
  afterEach(async () => {
    stopObserving();
    await db.close();
  });

  async function venue(service = () => ledger) {
    const account = await createVenue(db, { float: 1_000_000_00, min_amount: 1, max_amount: 10_000_00 });
    const user = await createTestUser(db, { account_id: account.id });
    const device = await createLinkedDevice(db, { account_id: account.id, places: 8 });
    const cash = (place: number, delta: number, trx: string) =>
      service().changePlaceCash({
        account_id: account.id,
        user_id: user.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place,
        delta_cents: delta,
        trx,
        remote_pin: null,
      });
    const event = (
      place: number,
      type: (typeof TX_TYPE)['win' | 'pay' | 'cancelPay'],
      amount: number,
      trx: string,
    ) => service().applyDeviceEvent({ device_id: device.id, place, type, amount_cents: amount, trx });
    return { account, device, cash, event };
  }

  const errOf = (r: PromiseSettledResult<Outcome>) =>
    r.status === 'rejected'
      ? r.reason instanceof ApiError
        ? r.reason.err
        : String(r.reason)
      : (r.value.body as { err?: string }).err;

  it('applies concurrent calls in fewer transactions than calls, each with its own answer', async () => {
    const v = await venue();
    sizes.length = 0;
    const calls = 24;
    const results = await Promise.all(
      Array.from({ length: calls }, (_, i) => v.cash((i % 8) + 1, 1_00 + i, `many-${i}`)),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: calls }, () => 200));
    // Each answer is its own call's: its trx, its delta, and the float as it stood after that call.
    const floats = results.map((r) => (r.body as { float_balance: number }).float_balance);
    results.forEach((r, i) => expect(r.body).toMatchObject({ trx: `many-${i}`, delta: 1_00 + i }));
    expect(new Set(floats).size).toBe(calls);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(calls);
    expect(sizes.length).toBeLessThan(calls);
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('gives a replay, a changed payload, a refusal and a thrown refusal in one batch their own answers', async () => {
    const v = await venue();
    const first = await v.cash(1, 5_00, 'first');
    expect(first.status).toBe(200);
    const firstBet = await v.event(3, TX_TYPE.win, 2_00, 'win-1');
    expect(firstBet.status).toBe(200);
    // Let the previous batch's loop end (its callers are told before it returns).
    await new Promise((resolve) => setImmediate(resolve));
    sizes.length = 0;

    // A lone call starts at the end of this event-loop turn; what is sent once it is in flight waits for
    // the next transaction (a game event on a place of its own: on PostgreSQL, calls on the float or a
    // place a batch in flight holds would wait for that batch, not go in the next lane).
    const lone = v.event(5, TX_TYPE.win, 1_00, 'lone');
    await new Promise((resolve) => setImmediate(resolve));
    const batch = await Promise.allSettled([
      v.cash(1, 5_00, 'first'), // replay: same trx, same payload
      v.cash(1, 7_00, 'first-again'),
      v.cash(2, 1_00, 'first-again-2'),
      v.cash(1, 6_00, 'first'), // same trx, changed payload: waits for the next batch, then conflicts
      v.cash(2, -50_00, 'too-much'), // refusal by a money rule: stored
      v.cash(9, 1_00, 'no-such-place'), // thrown refusal: claims nothing
      v.cash(4, 3_00, 'in'), // then out of the same place in the same batch: sees the deposit
      v.cash(4, -3_00, 'out'),
      v.event(3, TX_TYPE.pay, 2_00, 'bet-1'),
      v.event(3, TX_TYPE.win, 2_00, 'win-1'), // event replay
      v.event(3, TX_TYPE.win, 9_00, 'win-1'), // event conflict (the next batch)
    ]);
    expect((await lone).status).toBe(200);
    expect(sizes[0]).toBe(1);
    expect(sizes[1]).toBe(9); // the rest, but for the two that repeat a trx already in it
    expect(sizes[2]).toBe(2);

    const [replay, a, b, again, tooMuch, noPlace, deposit, withdraw, bet, eventReplay, eventConflict] = batch;
    expect(replay.status === 'fulfilled' && JSON.stringify(replay.value)).toBe(JSON.stringify(first));
    expect(a.status === 'fulfilled' && a.value.status).toBe(200);
    expect(b.status === 'fulfilled' && b.value.status).toBe(200);
    expect(errOf(again)).toBe(ERR.trxConflict);
    expect(errOf(tooMuch)).toBe(ERR.notEnoughMoney);
    expect(errOf(noPlace)).toBe(ERR.validation);
    expect(deposit.status === 'fulfilled' && deposit.value.status).toBe(200);
    expect(withdraw.status === 'fulfilled' && withdraw.value.body).toMatchObject({
      balances: { entries: 0 },
    });
    // The bet spends the win booked before the batch (it accrues the venue's final bonus).
    expect(bet.status === 'fulfilled' && bet.value.body).toMatchObject({ balances: { entries: 0 } });
    expect(eventReplay.status === 'fulfilled' && JSON.stringify(eventReplay.value)).toBe(
      JSON.stringify(firstBet),
    );
    expect(eventConflict.status === 'fulfilled' && eventConflict.value.body).toEqual({
      err: ERR.trxConflict,
    });

    // The refusal is stored (its replay is refused too); the thrown one used up nothing.
    expect(errOf((await Promise.allSettled([v.cash(2, -50_00, 'too-much')]))[0]!)).toBe(ERR.notEnoughMoney);
    const noPlaceRecords = await db.kysely
      .selectFrom('operations')
      .select('id')
      .where('trx', '=', 'no-such-place')
      .execute();
    expect(noPlaceRecords).toEqual([]);
    // Money moved once per accepted call: place 1 holds first + first-again, place 5 the lone win.
    const entriesOf = async (place: number) =>
      Number(
        (
          await db.kysely
            .selectFrom('places')
            .select('entries_cents')
            .where('device_id', '=', v.device.id)
            .where('place', '=', place)
            .executeTakeFirstOrThrow()
        ).entries_cents,
      );
    expect(await entriesOf(1)).toBe(5_00 + 7_00);
    expect(await entriesOf(5)).toBe(1_00);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('lets a cancel see the bet made before it in its own batch, a cash call on the place between them', async () => {
    const v = await venue();
    expect((await v.event(6, TX_TYPE.win, 5_00, 'stake')).status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    sizes.length = 0;
    const lone = v.event(5, TX_TYPE.win, 1_00, 'lone-2');
    await new Promise((resolve) => setImmediate(resolve));
    const [bet, deposit, cancel] = await Promise.all([
      v.event(6, TX_TYPE.pay, 2_00, 'bet-2'),
      v.cash(6, 1_00, 'between'), // a cashier's deposit is no game event: the bet stays the last one
      v.event(6, TX_TYPE.cancelPay, 2_00, 'cancel-2'),
    ]);
    expect((await lone).status).toBe(200);
    expect(sizes).toEqual([1, 3]);
    expect(bet.body).toMatchObject({ balances: { entries: 3_00 } });
    expect(deposit.body).toMatchObject({ balances: { entries: 4_00 } });
    expect(cancel).toMatchObject({ status: 200, body: { balances: { entries: 6_00 } } });
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('sends the same trx twice at once as two batches: the second reads the first answer', async () => {
    const v = await venue();
    sizes.length = 0;
    const [one, two] = await Promise.all([v.cash(1, 4_00, 'twice'), v.cash(1, 4_00, 'twice')]);
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    const ledgerRows = await db.kysely
      .selectFrom('ledger_entries')
      .select('id')
      .where('trx', '=', 'twice')
      .execute();
    expect(ledgerRows).toHaveLength(2); // one deposit: its float row and its entries row
    expect(sizes).toEqual([1, 1]);
  });

  it('runs each call of a batch that fails unexpectedly alone: only the failing call fails', async () => {
    const failing = new LedgerService({ ...db, kysely: db.kysely.withPlugin(failOnBoom) });
    failing.onBatch((size) => sizes.push(size));
    const v = await venue(() => failing);
    sizes.length = 0;
    await new Promise((resolve) => setImmediate(resolve));
    const lone = v.cash(1, 1_00, 'before');
    await new Promise((resolve) => setImmediate(resolve));
    const results = await Promise.allSettled([
      v.cash(1, 1_00, 'a'),
      v.cash(2, 1_00, 'boom'),
      v.cash(3, 1_00, 'c'),
    ]);
    expect((await lone).status).toBe(200);
    expect(results[0].status === 'fulfilled' && results[0].value.status).toBe(200);
    expect(errOf(results[1])).toBe('Error: injected failure');
    expect(results[2].status === 'fulfilled' && results[2].value.status).toBe(200);
    // The batch of three rolled back and its calls ran alone: 1 (lone), then 1 + 1 (a, c; boom failed).
    expect(sizes).toEqual([1, 1, 1]);
    const booked = await db.kysely
      .selectFrom('operations')
      .select('trx')
      .where('trx', 'in', ['a', 'boom', 'c'])
      .execute();
    expect(booked.map((r) => r.trx).sort()).toEqual(['a', 'c']);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('starts a lone call at once, as a transaction of its own', async () => {
    const v = await venue();
    sizes.length = 0;
    for (let i = 0; i < 5; i++) expect((await v.cash(1, 1_00, `alone-${i}`)).status).toBe(200);
    expect(sizes).toEqual([1, 1, 1, 1, 1]);
    if (database.name !== 'sqlite') return;
    // On SQLite the first statement is issued in the same event-loop turn: no timer waits for company.
    let statementBeforeTimer: boolean | null = null;
    let timerRan = false;
    const watching = new LedgerService({
      ...db,
      kysely: db.kysely.withPlugin({
        transformQuery({ node }) {
          statementBeforeTimer ??= !timerRan;
          return node;
        },
        transformResult: async ({ result }) => result,
      }),
    });
    const call = watching.applyDeviceEvent({
      device_id: v.device.id,
      place: 2,
      type: TX_TYPE.win,
      amount_cents: 1_00,
      trx: 'quick',
    });
    setImmediate(() => (timerRan = true));
    expect((await call).status).toBe(200);
    expect(statementBeforeTimer).toBe(true);
  });
});
