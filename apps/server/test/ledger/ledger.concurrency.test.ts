// Concurrency: many callers on one float and one place, with concurrent retries of the same trx.
// On PostgreSQL these run on a real connection pool; on SQLite the single writer serialises them.
import { randomBytes } from 'node:crypto';
import { ERR, TX_TYPE } from '@cashdesk/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR } from '../../src/back-office/access.js';
import { unlinkAccountDevice } from '../../src/back-office/devices/account-devices.js';
import type { Db } from '../../src/db/database.js';
import { ApiError } from '../../src/http/api-error.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import type { Outcome } from '../../src/ledger/outcome.js';
import { authCacheOf } from '../helpers/auth-cache.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

describe.each(testDatabases)('ledger under concurrency on $name', (database) => {
  let db: Db;
  let ledger: LedgerService;
  beforeEach(async () => {
    db = await database.open({ poolSize: 20 });
    ledger = new LedgerService(db);
  });
  afterEach(async () => {
    await db.close();
  });

  async function setup(float: number, overdraft: number, places = 8) {
    const account = await createVenue(db, { float, overdraft, min_amount: 1, max_amount: 10_000_00 });
    const users = await Promise.all(
      Array.from({ length: 4 }, () => createTestUser(db, { account_id: account.id })),
    );
    const device = await createLinkedDevice(db, { account_id: account.id, places });
    const cash = (userIndex: number, place: number, delta: number, trx: string) =>
      ledger.changePlaceCash({
        account_id: account.id,
        user_id: users[userIndex % users.length]!.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place,
        delta_cents: delta,
        trx,
        remote_pin: null,
      });
    return { account, device, cash };
  }

  it('lets exactly floor((B+L)/a) of M concurrent deposits through and refuses the rest with 409', async () => {
    const B = 1_000_00;
    const L = 250_00;
    const a = 70_00;
    const M = 40;
    const v = await setup(B, L);
    const results = await Promise.all(
      Array.from({ length: M }, (_, i) =>
        v.cash(i, (i % 8) + 1, a, `dep-${i}-${randomBytes(4).toString('hex')}`),
      ),
    );
    const succeeded = results.filter((r) => r.status === 200).length;
    expect(succeeded).toBe(Math.floor((B + L) / a));
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r).toMatchObject({ status: 409, body: { err: ERR.overdraft, overdraft: L } });
    }
    const account = await db.kysely
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', v.account.id)
      .executeTakeFirstOrThrow();
    expect(account.balance_cents).toBe(B - succeeded * a);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('pays only one of two concurrent cash-outs of the same place', async () => {
    const v = await setup(1_000_00, 0);
    await v.cash(0, 1, 123_45, 'fund-place-1');
    const [first, second] = await Promise.all([
      v.cash(1, 1, -123_45, 'cashout-a-1'),
      v.cash(2, 1, -123_45, 'cashout-b-1'),
    ]);
    const statuses = [first!.status, second!.status].sort();
    expect(statuses).toEqual([200, 422]);
    const refused = [first, second].find((r) => r!.status === 422)!;
    expect(refused.body).toEqual({ err: ERR.notEnoughMoney });
    const account = await db.kysely
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', v.account.id)
      .executeTakeFirstOrThrow();
    expect(account.balance_cents).toBe(1_000_00);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('applies every trx at most once when 16 clients retry each call 1-3 times concurrently', async () => {
    const overdraft = 300_00;
    const v = await setup(2_000_00, overdraft);
    const deadline = Date.now() + (database.name === 'postgres' ? 4000 : 2000);
    const answers = new Map<string, Outcome[]>();

    async function client(c: number) {
      let n = 0;
      while (Date.now() < deadline) {
        const place = ((c + n) % 8) + 1;
        const delta =
          (n + c) % 3 === 0 ? -(((c * 7 + n * 13) % 150_00) + 1) : ((c * 11 + n * 17) % 400_00) + 1;
        const trx = `c${c}-n${n++}-${randomBytes(4).toString('hex')}`;
        const tries = 1 + ((c + n) % 3);
        const outcomes = await Promise.all(Array.from({ length: tries }, () => v.cash(c, place, delta, trx)));
        answers.set(trx, outcomes);
      }
    }
    await Promise.all(Array.from({ length: 16 }, (_, c) => client(c)));

    expect(answers.size).toBeGreaterThan(50);
    for (const outcomes of answers.values()) {
      for (const o of outcomes) expect(o).toEqual(outcomes[0]);
    }
    const applied = await sql<{ trx: string; n: number }>`
      select trx, count(*) as n from ledger_entries where line = 'entries' group by trx`.execute(db.kysely);
    const appliedCount = new Map(applied.rows.map((r) => [r.trx, Number(r.n)]));
    for (const [trx, outcomes] of answers) {
      expect(appliedCount.get(trx) ?? 0).toBe(outcomes[0]!.status === 200 ? 1 : 0);
    }
    const account = await db.kysely
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', v.account.id)
      .executeTakeFirstOrThrow();
    expect(account.balance_cents).toBeGreaterThanOrEqual(-overdraft);
    const negative = await db.kysely
      .selectFrom('places')
      .select('place')
      .where('entries_cents', '<', 0)
      .execute();
    expect(negative).toEqual([]);
    expect(await verifyLedger(db)).toEqual([]);
  });
  // Found by the torture run: a game event holds its place's row and then (through its foreign keys)
  // needs a share lock on the account, while a cash call holds the account and waits for the place.
  it('runs cash calls and game events on the same places at once without a deadlock', async () => {
    const v = await setup(1_000_000_00, 0, 4);
    for (let place = 1; place <= 4; place++) {
      expect(
        (await v.cash(0, place, 1_000_00, `seed-${place}-${randomBytes(4).toString('hex')}`)).status,
      ).toBe(200);
    }
    const event = (place: number, n: number) =>
      ledger.applyDeviceEvent({
        device_id: v.device.id,
        place,
        type: n % 2 === 0 ? TX_TYPE.pay : TX_TYPE.win,
        amount_cents: 1_00,
        trx: `ev-${n}-${randomBytes(4).toString('hex')}`,
      });
    const calls: Promise<Outcome>[] = [];
    for (let n = 0; n < 200; n++) {
      const place = (n % 4) + 1;
      calls.push(
        event(place, n),
        v.cash(n, place, n % 3 === 0 ? -1_00 : 1_00, `cash-${n}-${randomBytes(4).toString('hex')}`),
      );
    }
    const outcomes = await Promise.all(calls);
    expect(outcomes.map((o) => o.status).filter((s) => s !== 200)).toEqual([]);
    expect(await verifyLedger(db)).toEqual([]);
  });

  // A credit racing an unlink: the event reads whether its device is still linked under its place's lock,
  // and the unlink locks the device's places, so one of them always sees the other.
  it('never credits a game event to a device its venue unlinked at the same moment', async () => {
    const account = await createVenue(db, { float: 0 });
    const rounds = database.name === 'postgres' ? 30 : 10;
    const seen = { credited: 0, unlinked: 0 };
    for (let round = 0; round < rounds; round++) {
      const device = await createLinkedDevice(db, { account_id: account.id, places: 1 });
      const [event, unlink] = await Promise.allSettled([
        ledger.applyDeviceEvent({
          device_id: device.id,
          place: 1,
          type: TX_TYPE.win,
          amount_cents: 1_00,
          trx: `race-${round}`,
        }),
        unlinkAccountDevice(db, authCacheOf(db), {
          account_id: account.id,
          device_id: device.id,
          actor: OPERATOR,
          now_ms: Date.now(),
        }),
      ]);
      const errOf = (r: PromiseSettledResult<unknown>) =>
        r.status === 'rejected' && r.reason instanceof ApiError ? r.reason.err : r.status;
      if (event.status === 'fulfilled') {
        expect(event.value.status).toBe(200);
        expect(errOf(unlink)).toBe(ERR.deviceHasMoney);
        seen.credited += 1;
      } else {
        expect(errOf(event)).toBe(ERR.deviceNotAvailable);
        expect(unlink.status).toBe('fulfilled');
        seen.unlinked += 1;
      }
    }
    expect(seen.credited + seen.unlinked).toBe(rounds);
    expect(await verifyLedger(db)).toEqual([]);
  });

  // Two server processes (two ledgers, each with its own group commit) get the same retried call at once.
  // On PostgreSQL both read no claim and both try to insert it: the loser's batch fails with ClaimRaced
  // and runs again alone, reading the winner's answer. On SQLite the single writer serialises them.
  it('answers one trx sent to two server processes at once with one applied deposit, given to both', async () => {
    const v = await setup(1_000_00, 0);
    const other = new LedgerService(db);
    const rounds = database.name === 'postgres' ? 20 : 5;
    for (let round = 0; round < rounds; round++) {
      const input = {
        account_id: v.account.id,
        user_id: (await createTestUser(db, { account_id: v.account.id })).id,
        device_id: v.device.id,
        device_uuid: v.device.uuid,
        place: (round % 8) + 1,
        delta_cents: 1_00,
        trx: `two-processes-${round}`,
        remote_pin: null,
      };
      const [first, second] = await Promise.all([
        ledger.changePlaceCash(input),
        other.changePlaceCash(input),
      ]);
      expect(first.status).toBe(200);
      expect(second).toEqual(first);
    }
    const account = await db.kysely
      .selectFrom('accounts')
      .select('balance_cents')
      .where('id', '=', v.account.id)
      .executeTakeFirstOrThrow();
    expect(account.balance_cents).toBe(1_000_00 - rounds * 1_00);
    expect(await verifyLedger(db)).toEqual([]);
  });

  // The race itself needs two calls of one trx scope that lock no row in common: a cabinet reporting one
  // trx for two places to two processes (a cash call locks its cashier's float, so those queue instead).
  it('answers one event trx sent for two places to two server processes: one credit, one trx conflict', async () => {
    const v = await setup(0, 0);
    const other = new LedgerService(db);
    const rounds = database.name === 'postgres' ? 20 : 5;
    for (let round = 0; round < rounds; round++) {
      const event = (place: number) => ({
        device_id: v.device.id,
        place,
        type: TX_TYPE.win,
        amount_cents: 1_00,
        trx: `two-places-${round}-${randomBytes(4).toString('hex')}`,
      });
      const first = event(1);
      const answers = await Promise.all([
        ledger.applyDeviceEvent(first),
        other.applyDeviceEvent({ ...first, place: 2 }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)?.body).toEqual({ err: ERR.trxConflict });
    }
    expect(await verifyLedger(db)).toEqual([]);
  });
});
