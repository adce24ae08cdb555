// The ledger's invariants, asserted at write (src/ledger/invariants.ts): a batch's write plan that breaks
// one never reaches the database. Each test reads and decides a real request on a real database, breaks
// the plan the way a bug in a decision or in the batch would, and writes it: the write throws
// LedgerInvariantBroken naming the invariant, the transaction rolls back, and no record, row or balance
// changed. On every test database.
import { TX_TYPE } from '@cashdesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { readBatch } from '../../src/ledger/batch-read.js';
import { decideBatch } from '../../src/ledger/batch-decide.js';
import { BatchRaced, VenueLockMissed, writeBatch } from '../../src/ledger/batch-write.js';
import { LedgerInvariantBroken } from '../../src/ledger/invariants.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { keyed } from '../../src/ledger/keys.js';
import type { KeyedRequest, PlaceCashInput, WritePlan } from '../../src/ledger/types.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

describe.each(testDatabases)('ledger invariants at write on $name', (database) => {
  let db: Db;
  beforeEach(async () => {
    db = await database.open();
  });
  afterEach(async () => {
    expect(await verifyLedger(db)).toEqual([]);
    await db.close();
  });

  async function venue() {
    const account = await createVenue(db, { float: 100_00 });
    const user = await createTestUser(db, { account_id: account.id });
    const device = await createLinkedDevice(db, { account_id: account.id });
    const cash = (delta: number, trx: string): PlaceCashInput => ({
      account_id: account.id,
      user_id: user.id,
      device_id: device.id,
      device_uuid: device.uuid,
      place: 1,
      delta_cents: delta,
      trx,
      remote_pin: null,
    });
    const deposit = (delta: number, trx: string): KeyedRequest =>
      keyed({ kind: 'cash', input: cash(delta, trx) });
    return { account, user, device, cash, deposit };
  }

  /** What the database holds of the books: a broken plan must leave all of it as it was. */
  async function books() {
    const count = async (table: 'operations' | 'ledger_entries' | 'device_events') =>
      Number(
        (
          await db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const floats = await db.kysely
      .selectFrom('accounts')
      .select(['id', 'balance_cents'])
      .orderBy('id')
      .execute();
    const places = await db.kysely
      .selectFrom('places')
      .select(['device_id', 'place', 'entries_cents', 'final_bonus_cents'])
      .orderBy('device_id')
      .orderBy('place')
      .execute();
    return {
      operations: await count('operations'),
      rows: await count('ledger_entries'),
      events: await count('device_events'),
      floats,
      places,
    };
  }

  /** Reads and decides `requests` as a batch would, lets `breakPlan` spoil the plan, then writes it. */
  async function writeBroken(requests: KeyedRequest[], breakPlan: (plan: WritePlan) => void) {
    const before = await books();
    const written = db.pipelined(async (pipe) => {
      const reads = await readBatch(pipe, db.kysely, db.dialect, requests, Date.now());
      const { plan } = decideBatch(requests, Date.now(), reads);
      breakPlan(plan);
      await writeBatch(pipe, db.kysely, plan, { venueLocks: reads.venueLocks, operationIds: null });
    });
    const error = await written.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LedgerInvariantBroken);
    // The name the log shows beside the message.
    expect((error as Error).name).toBe('LedgerInvariantBroken');
    expect(await books()).toEqual(before);
    return (error as Error).message;
  }

  const plainMessage = (message: string) => message.replace(/ \{.*$/, '');

  it('writes an unbroken plan (the same path the broken ones take)', async () => {
    const v = await venue();
    await db.pipelined(async (pipe) => {
      const requests = [v.deposit(5_00, 'fine')];
      const reads = await readBatch(pipe, db.kysely, db.dialect, requests, Date.now());
      await writeBatch(pipe, db.kysely, decideBatch(requests, Date.now(), reads).plan, {
        venueLocks: reads.venueLocks,
        operationIds: null,
      });
    });
    const entries = await db.kysely
      .selectFrom('places')
      .select('entries_cents')
      .where('device_id', '=', v.device.id)
      .where('place', '=', 1)
      .executeTakeFirstOrThrow();
    expect(entries.entries_cents).toBe(5_00);
  });

  it('writes no row for a venue whose lock the batch does not share, and the batch runs again', async () => {
    const v = await venue();
    const other = await venue();
    const before = await books();
    const write = (locks: Set<number>) =>
      db.pipelined(async (pipe) => {
        const requests = [v.deposit(5_00, `locks-${locks.size}-${[...locks].join()}`)];
        const reads = await readBatch(pipe, db.kysely, db.dialect, requests, Date.now());
        await writeBatch(pipe, db.kysely, decideBatch(requests, Date.now(), reads).plan, {
          venueLocks: locks,
          operationIds: null,
        });
      });
    // Its own venue's lock held (a device that moved meanwhile is the other's): refused, nothing written.
    await expect(write(new Set([other.account.id]))).rejects.toBeInstanceOf(VenueLockMissed);
    await expect(write(new Set([other.account.id]))).rejects.toBeInstanceOf(BatchRaced);
    expect(await books()).toEqual(before);
    // With it: written.
    await write(new Set([v.account.id]));
    expect(await books()).not.toEqual(before);
  });

  it("refuses rows that do not sum to zero (a deposit's float row lost)", async () => {
    const v = await venue();
    const message = await writeBroken([v.deposit(5_00, 'lost-row')], (plan) => {
      plan.operations[0]!.postings.shift();
      plan.after.floats.clear();
    });
    expect(plainMessage(message)).toBe("ledger invariant broken: an operation's rows sum to zero");
    expect(message).toContain('"sum":500');
  });

  it('refuses a balance after that is not the balance before plus the amount', async () => {
    const v = await venue();
    const message = await writeBroken([v.deposit(5_00, 'off-by-one')], (plan) => {
      const entries = plan.operations[0]!.postings.find((e) => e.line === 'entries')!;
      entries.balance_after_cents = 5_01;
    });
    expect(plainMessage(message)).toBe('ledger invariant broken: balance after = before + amount');
    // The log names the row: enough to find the operation and the line.
    expect(JSON.parse(message.slice(message.indexOf('{')))).toEqual({
      trx: 'off-by-one',
      line: 'entries',
      account_id: v.account.id,
      device_id: v.device.id,
      place: 1,
      amount_cents: 5_00,
      balance_after_cents: 5_01,
    });
  });

  it('refuses a row that moves a balance the batch did not lock', async () => {
    const v = await venue();
    const float = await writeBroken([v.deposit(5_00, 'other-float')], (plan) => {
      for (const posting of plan.operations[0]!.postings)
        if (posting.line === 'float') posting.account_id = 999_999;
    });
    expect(plainMessage(float)).toBe('ledger invariant broken: a balance moved is one the batch locked');
    const place = await writeBroken([v.deposit(5_00, 'other-place')], (plan) => {
      for (const posting of plan.operations[0]!.postings) if (posting.line === 'entries') posting.place = 9;
    });
    expect(plainMessage(place)).toBe('ledger invariant broken: a balance moved is one the batch locked');
  });

  it("refuses a row booked to another venue than its operation's", async () => {
    const v = await venue();
    const other = await venue();
    const message = await writeBroken([v.deposit(5_00, 'cross-venue-record')], (plan) => {
      plan.operations[0]!.record.account_id = other.account.id;
    });
    expect(plainMessage(message)).toBe(
      "ledger invariant broken: every row is booked to its operation's venue",
    );
  });

  it('refuses a move on a place whose device belongs to another venue, as read under its lock', async () => {
    const v = await venue();
    const other = await venue();
    const message = await writeBroken([v.deposit(5_00, 'moved-device')], (plan) => {
      // A decision that went ahead although the batch read the device at another venue:
      plan.before.places.get(`${v.device.id}/1`)!.account_id = other.account.id;
    });
    expect(plainMessage(message)).toBe(
      "ledger invariant broken: a place is touched only while its device belongs to the row's venue",
    );
    // The other side: the same deposit on a device of its own venue is written.
    await writeBroken([v.deposit(5_00, 'own-device')], (plan) => {
      expect(plan.before.places.get(`${v.device.id}/1`)!.account_id).toBe(v.account.id);
      plan.after.places.clear();
    });
  });

  it('refuses a second deposit decided on the balance before the first (a lost update)', async () => {
    const v = await venue();
    const message = await writeBroken([v.deposit(5_00, 'first'), v.deposit(3_00, 'second')], (plan) => {
      const second = plan.operations[1]!.postings;
      for (const posting of second) {
        if (posting.line === 'float') posting.balance_after_cents = 100_00 - 3_00;
        if (posting.line === 'entries') posting.balance_after_cents = 3_00;
      }
    });
    expect(plainMessage(message)).toBe('ledger invariant broken: balance after = before + amount');
  });

  it('refuses a float taken below minus its limit', async () => {
    const v = await venue();
    const message = await writeBroken([v.deposit(5_00, 'too-much')], (plan) => {
      for (const posting of plan.operations[0]!.postings) {
        if (posting.line === 'float')
          Object.assign(posting, { amount_cents: -150_00, balance_after_cents: -50_00 });
        if (posting.line === 'entries')
          Object.assign(posting, { amount_cents: 150_00, balance_after_cents: 150_00 });
      }
    });
    expect(plainMessage(message)).toBe('ledger invariant broken: no float below minus its limit');
  });

  it("refuses a place's entries taken below 0", async () => {
    const v = await venue();
    const message = await writeBroken([v.deposit(-5_00, 'empty-seat')], (plan) => {
      // The withdraw was refused (the seat is empty); a bug that books it anyway:
      plan.operations[0]!.postings = [row(v, 'float', 5_00, 105_00), row(v, 'entries', -5_00, -5_00)];
    });
    expect(plainMessage(message)).toBe('ledger invariant broken: no entries or final bonus below 0');
  });

  it('refuses a balance on a line that carries none, and a balance line without one', async () => {
    const v = await venue();
    const onGame = await writeBroken([v.deposit(5_00, 'game-balance')], (plan) => {
      plan.operations[0]!.postings.push(row(v, 'game', 0, 7));
    });
    expect(plainMessage(onGame)).toBe('ledger invariant broken: only a balance line carries a balance');
    const missing = await writeBroken([v.deposit(5_00, 'no-balance')], (plan) => {
      plan.operations[0]!.postings[0]!.balance_after_cents = null;
    });
    expect(plainMessage(missing)).toBe(
      'ledger invariant broken: a balance line carries the balance it leaves',
    );
  });

  it('refuses a write plan whose balances are not the ones its rows leave, or leave one out', async () => {
    const v = await venue();
    const wrong = await writeBroken([v.deposit(5_00, 'wrong-balance')], (plan) => {
      plan.after.floats.get(v.account.id)!.balance_cents += 1;
    });
    expect(plainMessage(wrong)).toBe(
      'ledger invariant broken: the balances written are the ones the rows leave',
    );
    expect(wrong).toContain(`{"key":${v.account.id},"written":9501,"left":9500}`);
    const unlocked = await writeBroken([v.deposit(5_00, 'unlocked-balance')], (plan) => {
      plan.after.floats.set(999_999, { balance_cents: 1, limit_cents: 0 });
    });
    expect(unlocked).toContain('{"key":999999,"written":1,"left":null}');
    const left = await writeBroken([v.deposit(5_00, 'left-out')], (plan) => {
      plan.after.places.clear();
    });
    expect(plainMessage(left)).toBe('ledger invariant broken: every balance moved is written');
    expect(left).toContain(`{"key":"${v.device.id}/1","left":"500/0"}`);
  });

  it('refuses a plan that writes for a replay', async () => {
    const v = await venue();
    const ledger = new LedgerService(db);
    expect((await ledger.changePlaceCash(v.cash(5_00, 'once'))).status).toBe(200);
    const message = await writeBroken([v.deposit(5_00, 'once')], (plan) => {
      expect(plan.replayed.size).toBe(1);
      expect(plan.operations).toHaveLength(0);
      const record = { scope: `user:${v.user.id}`, trx: 'once', kind: 'deposit', request_hash: 'h' };
      plan.operations.push({
        claim: `user:${v.user.id}\u0000once`,
        record: { ...record, created_at_ms: 0 },
        postings: [],
        event: null,
        also: [],
      });
    });
    expect(plainMessage(message)).toBe('ledger invariant broken: a replay writes nothing');
    expect(message).toContain(`{"scope":"user:${v.user.id}","trx":"once"}`);
  });

  it("refuses a game event's rows that leave the final bonus below 0", async () => {
    const v = await venue();
    const ledger = new LedgerService(db);
    await ledger.changePlaceCash(v.cash(10_00, 'stake'));
    const bet = keyed({
      kind: 'event',
      input: { device_id: v.device.id, place: 1, type: TX_TYPE.pay, amount_cents: 1_00, trx: 'bet' },
    });
    const message = await writeBroken([bet], (plan) => {
      for (const posting of plan.operations[0]!.postings) {
        if (posting.line === 'final_bonus') posting.balance_after_cents = -posting.amount_cents;
        if (posting.line === 'final_bonus') posting.amount_cents = -posting.amount_cents;
        if (posting.line === 'promotion') posting.amount_cents = -posting.amount_cents;
      }
    });
    expect(plainMessage(message)).toBe('ledger invariant broken: no entries or final bonus below 0');
  });

  /** A player of the venue, with a daily deposit limit of their own. */
  async function playerOf(accountId: number, limitCents: number | null) {
    const now = Date.now();
    const inserted = await db.kysely
      .insertInto('players')
      .values({
        account_id: accountId,
        card: `inv-${accountId}-${now}`,
        daily_limit_cents: limitCents,
        created_at_ms: now,
        updated_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  it("refuses a player's deposit taken past the daily limit, one cent over and not at it", async () => {
    const v = await venue();
    const p = await playerOf(v.account.id, 5_00);
    const forPlayer = (delta: number, trx: string): KeyedRequest =>
      keyed({ kind: 'cash', input: { ...v.cash(delta, trx), player_id: p } });
    // A decision bug that lets one cent more through.
    const message = await writeBroken([forPlayer(5_00, 'limit')], (plan) => {
      const after = plan.players.after.get(p)!;
      after.cash_in_cents = 5_01;
    });
    expect(plainMessage(message)).toBe(
      'ledger invariant broken: no deposit takes a player past the daily limit',
    );
    // The same plan at the limit exactly is written.
    await db.pipelined(async (pipe) => {
      const requests = [forPlayer(5_00, 'at-limit')];
      const reads = await readBatch(pipe, db.kysely, db.dialect, requests, Date.now());
      await writeBatch(pipe, db.kysely, decideBatch(requests, Date.now(), reads).plan, {
        venueLocks: reads.venueLocks,
        operationIds: null,
      });
    });
    const written = await db.kysely
      .selectFrom('players')
      .select('day_cash_in_cents')
      .where('id', '=', p)
      .executeTakeFirstOrThrow();
    expect(Number(written.day_cash_in_cents)).toBe(5_00);
  });

  it("refuses an operation for another venue's player", async () => {
    const v = await venue();
    const other = await venue();
    const mine = await playerOf(v.account.id, null);
    const theirs = await playerOf(other.account.id, null);
    const message = await writeBroken(
      [keyed({ kind: 'cash', input: { ...v.cash(1_00, 'theirs'), player_id: mine } })],
      (plan) => {
        // A bug that books the call to the other venue's player.
        plan.operations[0]!.record.player_id = theirs;
        plan.players.before.set(theirs, { ...plan.players.before.get(mine)!, account_id: other.account.id });
      },
    );
    expect(plainMessage(message)).toBe(
      "ledger invariant broken: a player's operation is booked to the player's venue",
    );
  });
});

/** A ledger row of the venue's deposit, to build a wrong plan from. */
function row(
  v: { account: { id: number }; device: { id: number } },
  line: 'float' | 'entries' | 'game',
  amount: number,
  balanceAfter: number | null,
) {
  return {
    trx: 'built',
    kind: 'deposit' as const,
    tx_type: null,
    line,
    account_id: v.account.id,
    device_id: v.device.id,
    place: 1,
    user_id: null,
    amount_cents: amount,
    balance_after_cents: balanceAfter,
    created_at_ms: Date.now(),
  };
}
