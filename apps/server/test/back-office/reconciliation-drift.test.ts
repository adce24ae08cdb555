// Reconciliation finds each way the books can drift, and only where they drifted: after real traffic
// (deposits, a partial withdraw burning a bonus, game events, float moves) the verify call says ok at the
// server's time; then a stored place balance, a bonus, an operation that does not sum to zero, a running
// balance and a float past its limit each show as exactly one mismatch, to the admin and to the manager of
// that venue, never to the manager of another.
import { TX_TYPE, verifyResult, type VerifyResult } from '@cashdesk/contract';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { sealVenue } from '../../src/ledger/ledger-sealer.js';
import { FakeClock } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { signedInAs, type SignedIn } from './support.js';

describe.each(testDatabases)('reconciliation finds drift on $name', (database) => {
  const clock = new FakeClock();
  let admin: SignedIn;

  const suite = useTestServer(database, { clock, perTest: true });
  beforeEach(async () => {
    admin = await signedInAs(suite.server, suite.db, 'admin', null);
  });

  /** A venue with a cabinet, its manager, and traffic of every kind booked through the ledger. */
  async function busyVenue() {
    const ledger = suite.server.ctx.ledger;
    const account = await createVenue(suite.db, { float: 500_00, overdraft: 100_00 });
    const cashier = await createTestUser(suite.db, { account_id: account.id });
    const device = await createLinkedDevice(suite.db, { account_id: account.id, places: 2 });
    const manager = await signedInAs(suite.server, suite.db, 'manager', account.id);
    let n = 0;
    const trx = () => `${account.id}-${++n}`;
    const cash = (place: number, delta: number) =>
      ledger.changePlaceCash({
        account_id: account.id,
        user_id: cashier.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place,
        delta_cents: delta,
        trx: trx(),
        remote_pin: null,
      });
    const event = (place: number, type: number, amount: number) =>
      ledger.applyDeviceEvent({
        device_id: device.id,
        place,
        type: type as 2,
        amount_cents: amount,
        trx: trx(),
      });
    const outcomes = [
      await cash(1, 100_00),
      await cash(2, 50_00),
      await event(1, TX_TYPE.pay, 20_00),
      await event(1, TX_TYPE.win, 35_00),
      await event(2, TX_TYPE.pay, 10_00),
      await cash(1, -30_00), // partial: burns place 1's bonus
      await event(2, TX_TYPE.finalBonus, 50),
      await ledger.moveFloat({
        account_id: account.id,
        user_id: null,
        delta_cents: -80_00,
        trx: trx(),
        reason: 'bank',
      }),
    ];
    expect(outcomes.map((o) => o.status)).toEqual(Array(outcomes.length).fill(200));
    return { account, device, manager };
  }

  async function verifyAs(who: SignedIn, accountId: number | null): Promise<VerifyResult> {
    const res = await who.client.get<VerifyResult>(
      accountId === null ? '/a/admin/verify' : `/a/manager/account/${accountId}/verify`,
    );
    expect(res.status).toBe(200);
    return verifyResult.parse(res.body);
  }

  /** What the call answers on `mismatches`, at the server's clock. */
  function expected(accountId: number | null, mismatches: VerifyResult['mismatches']) {
    return {
      ok: mismatches.length === 0,
      account_id: accountId,
      checked_at: new Date(clock.now()).toISOString(),
      duration_ms: expect.any(Number) as number,
      mismatches,
    };
  }

  /** Books rows of a new operation straight into the ledger (as a hand-typed query could). */
  async function bookRaw(
    accountId: number,
    rows: { line: 'float' | 'external' | 'game'; amount: number; balance_after: number | null }[],
  ): Promise<{ operationId: number; entryIds: number[] }> {
    // The rows carry their operation's trx, as the ledger writes them (verify checks that link too).
    const trx = `raw-${rows.length}-${Math.random()}`;
    const operation = await suite.db.kysely
      .insertInto('operations')
      .values({
        scope: 'operator',
        trx,
        kind: 'float_top_up',
        request_hash: 'raw',
        status_code: 200,
        response_json: '{}',
        account_id: accountId,
        created_at_ms: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entryIds: number[] = [];
    for (const row of rows) {
      const entry = await suite.db.kysely
        .insertInto('ledger_entries')
        .values({
          operation_id: operation.id,
          trx,
          kind: 'float_top_up' as const,
          tx_type: null,
          line: row.line,
          account_id: accountId,
          device_id: null,
          place: null,
          user_id: null,
          amount_cents: row.amount,
          balance_after_cents: row.balance_after,
          created_at_ms: clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      entryIds.push(entry.id);
    }
    // Put on the chain like the ledger's own rows (ledger/ledger-sealer.ts): this drift is in the balances
    // alone, which the chain cannot vouch for.
    await sealVenue(suite.db, accountId);
    return { operationId: operation.id, entryIds };
  }

  const floatOf = async (accountId: number) =>
    (
      await suite.db.kysely
        .selectFrom('accounts')
        .select('balance_cents')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).balance_cents;

  it('says ok on busy, clean books, at the server clock, for the whole ledger and each venue', async () => {
    const a = await busyVenue();
    const b = await busyVenue();
    clock.advance(90_000);
    expect(await verifyAs(admin, null)).toEqual(expected(null, []));
    expect(await verifyAs(a.manager, a.account.id)).toEqual(expected(a.account.id, []));
    expect(await verifyAs(admin, b.account.id)).toEqual(expected(b.account.id, []));
    const whole = await verifyAs(admin, null);
    expect(Number.isInteger(whole.duration_ms) && whole.duration_ms >= 0).toBe(true);
  });

  it('names a drifted place balance and a drifted bonus, each to its own venue only', async () => {
    const a = await busyVenue();
    const b = await busyVenue();
    // place 1 of A holds 100 + 35 - 20 - 30 = 85.00; place 2 of B holds a bonus of 1.00 - 0.50 = 0.50
    await suite.db.kysely
      .updateTable('places')
      .set({ entries_cents: 85_01 })
      .where('device_id', '=', a.device.id)
      .where('place', '=', 1)
      .execute();
    await suite.db.kysely
      .updateTable('places')
      .set({ final_bonus_cents: 49 })
      .where('device_id', '=', b.device.id)
      .where('place', '=', 2)
      .execute();
    const inA = { kind: 'entries' as const, device_id: a.device.id, place: 1, stored: 85_01, ledger: 85_00 };
    const inB = { kind: 'final_bonus' as const, device_id: b.device.id, place: 2, stored: 49, ledger: 50 };
    expect(await verifyAs(admin, null)).toEqual(expected(null, [inA, inB]));
    expect(await verifyAs(a.manager, a.account.id)).toEqual(expected(a.account.id, [inA]));
    expect(await verifyAs(b.manager, b.account.id)).toEqual(expected(b.account.id, [inB]));
    expect((await a.manager.client.get(`/a/manager/account/${b.account.id}/verify`)).status).toBe(403);
  });

  it('names an operation that does not sum to zero, and only that', async () => {
    const a = await busyVenue();
    const b = await busyVenue();
    const raw = await bookRaw(a.account.id, [{ line: 'game', amount: 7_00, balance_after: null }]);
    const unbalanced = { kind: 'unbalanced_operation' as const, operation_id: raw.operationId, sum: 7_00 };
    expect(await verifyAs(admin, null)).toEqual(expected(null, [unbalanced]));
    expect(await verifyAs(a.manager, a.account.id)).toEqual(expected(a.account.id, [unbalanced]));
    expect(await verifyAs(b.manager, b.account.id)).toEqual(expected(b.account.id, []));
  });

  it('names a float row whose running balance is wrong even when the stored float agrees', async () => {
    const a = await busyVenue();
    const float = await floatOf(a.account.id);
    const raw = await bookRaw(a.account.id, [
      { line: 'float', amount: 5_00, balance_after: float + 5_01 },
      { line: 'external', amount: -5_00, balance_after: null },
    ]);
    await suite.db.kysely
      .updateTable('accounts')
      .set({ balance_cents: float + 5_00 })
      .where('id', '=', a.account.id)
      .execute();
    const wrong = {
      kind: 'running_balance' as const,
      entry_id: raw.entryIds[0]!,
      balance_after: float + 5_01,
      running: float + 5_00,
    };
    expect(await verifyAs(admin, null)).toEqual(expected(null, [wrong]));
    expect(await verifyAs(a.manager, a.account.id)).toEqual(expected(a.account.id, [wrong]));
  });

  it('names a float past its overdraft limit (the schema refuses it; verify does not rely on that)', async () => {
    const a = await busyVenue();
    const float = await floatOf(a.account.id); // 500 - 150 + 30 - 80 = 300.00, overdraft 100.00
    if (suite.db.dialect === 'postgres') {
      await sql`alter table accounts drop constraint accounts_float_limit`.execute(suite.db.kysely);
    } else {
      await sql`pragma ignore_check_constraints = 1`.execute(suite.db.kysely);
    }
    const past = -(float + 100_00 + 1);
    await bookRaw(a.account.id, [
      { line: 'float', amount: past, balance_after: float + past },
      { line: 'external', amount: -past, balance_after: null },
    ]);
    await suite.db.kysely
      .updateTable('accounts')
      .set({ balance_cents: float + past })
      .where('id', '=', a.account.id)
      .execute();
    const overLimit = { kind: 'limit' as const, account_id: a.account.id, balance: -100_01, limit: 100_00 };
    expect(await verifyAs(admin, null)).toEqual(expected(null, [overLimit]));
    expect(await verifyAs(a.manager, a.account.id)).toEqual(expected(a.account.id, [overLimit]));
  });
});
