// The money rules of players (docs/product.md section 18), through HTTP and the ledger on both databases:
// the daily deposit limit on both sides of what is left (the venue's default and the player's own, and on
// a seat the player holds without the card), self-exclusion to a day and indefinite, identity before a
// payout passes the report threshold, the seat's player, transfers between seats, and another venue's
// player, seat or device never reached. Each refusal a money rule stores answers its trx again.
import { ERR } from '@cashdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/password.js';
import type { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { answer, cashierClient, linkCabinet, newTrx } from '../helpers/cashier.js';
import { FakeClock } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

interface Venue {
  id: number;
  cashier: TestClient;
  cashierId: number;
  cabinet: { id: number };
}

describe.each(testDatabases)('players money rules on $name', (database) => {
  // 10:00 UTC: the demo venues' gaming day (UTC, from 06:00) is 2026-11-22.
  const clock = new FakeClock();
  const suite = useTestServer(database, { clock, poolSize: 12, config: { enrollmentOpen: true } });
  let a: Venue;
  let b: Venue;
  let ledger: LedgerService;

  async function venue(): Promise<Venue> {
    const id = (await createVenue(suite.db, { float: 100_000_00, final_bonus_rate_bps: 0 })).id;
    const { client: cashier, id: cashierId } = await cashierClient(suite.server, suite.db, id);
    const cabinet = await linkCabinet(suite.server, cashier, { places: 8 });
    return { id, cashier, cashierId, cabinet };
  }

  beforeAll(async () => {
    a = await venue();
    b = await venue();
    ledger = suite.server.ctx.ledger;
  });

  let cards = 0;
  async function player(
    v: Venue,
    fields: Partial<{
      daily_limit_cents: number | null;
      excluded: 0 | 1;
      excluded_until: string | null;
      name: string | null;
      document_number: string | null;
    }> = {},
  ): Promise<number> {
    const now = clock.now();
    const row = await suite.db.kysely
      .insertInto('players')
      .values({
        account_id: v.id,
        card: `card-${++cards}`,
        created_at_ms: now,
        updated_at_ms: now,
        ...fields,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function settings(v: Venue, values: Record<string, number | null>): Promise<void> {
    await suite.db.kysely.updateTable('accounts').set(values).where('id', '=', v.id).execute();
  }

  const deposit = (v: Venue, place: number, delta: number, playerId?: number, trx = newTrx()) =>
    v.cashier.post<Record<string, unknown>>(`/a/cashier/devices/${v.cabinet.id}/place/${place}/update`, {
      delta,
      trx,
      ...(playerId === undefined ? {} : { player_id: playerId }),
    });

  const entries = async (v: Venue, place: number) =>
    Number(
      (
        await suite.db.kysely
          .selectFrom('places')
          .select('entries_cents')
          .where('device_id', '=', v.cabinet.id)
          .where('place', '=', place)
          .executeTakeFirstOrThrow()
      ).entries_cents,
    );

  const float = async (v: Venue) =>
    Number(
      (
        await suite.db.kysely
          .selectFrom('accounts')
          .select('balance_cents')
          .where('id', '=', v.id)
          .executeTakeFirstOrThrow()
      ).balance_cents,
    );

  const transfer = (
    v: Venue,
    playerId: number,
    from: number,
    to: number,
    amount: number,
    trx = newTrx(),
    toDevice = v.cabinet.id,
  ) =>
    ledger.transfer({
      account_id: v.id,
      user_id: v.cashierId,
      player_id: playerId,
      from: { device_id: v.cabinet.id, place: from },
      to: { device_id: toDevice, place: to },
      amount_cents: amount,
      trx,
    });

  /** Empties the places the test used, so the next test starts on seats holding nobody. */
  async function emptyAll(v: Venue): Promise<void> {
    for (let place = 1; place <= 8; place++) {
      const left = await entries(v, place);
      if (left > 0) {
        const res = await v.cashier.post(`/a/cashier/devices/${v.cabinet.id}/place/${place}/update`, {
          delta: -left,
          trx: newTrx(),
          cash_out: true,
        });
        expect(res.status).toBe(200);
      }
    }
  }

  it('refuses a deposit past what is left of the venue default limit, and takes one of exactly what is left', async () => {
    await settings(a, { player_daily_limit_cents: 100_00, cash_report_above_cents: null });
    const p = await player(a);
    expect((await deposit(a, 1, 60_00, p)).status).toBe(200);
    const over = newTrx();
    const refused = await deposit(a, 1, 40_01, p, over);
    expect(answer(refused)).toEqual({ status: 422, body: { err: ERR.depositLimit, left: 40_00 } });
    expect(await entries(a, 1)).toBe(60_00);
    // Stored under its trx: asked again after the limit was raised, it answers the same.
    await settings(a, { player_daily_limit_cents: 1_000_00 });
    expect(answer(await deposit(a, 1, 40_01, p, over))).toEqual(answer(refused));
    await settings(a, { player_daily_limit_cents: 100_00 });
    expect((await deposit(a, 1, 40_00, p)).status).toBe(200);
    expect(answer(await deposit(a, 1, 1, p))).toEqual({
      status: 422,
      body: { err: ERR.depositLimit, left: 0 },
    });
    await emptyAll(a);
  });

  it("holds the player's own limit, and a deposit onto their seat without the card counts against it", async () => {
    await settings(a, { player_daily_limit_cents: null });
    const p = await player(a, { daily_limit_cents: 50_00 });
    expect((await deposit(a, 2, 30_00, p)).status).toBe(200);
    // The seat holds the player: an anonymous deposit onto it is theirs.
    expect(answer(await deposit(a, 2, 20_01))).toEqual({
      status: 422,
      body: { err: ERR.depositLimit, left: 20_00 },
    });
    expect((await deposit(a, 2, 20_00)).status).toBe(200);
    const row = await suite.db.kysely
      .selectFrom('players')
      .select(['day', 'day_cash_in_cents'])
      .where('id', '=', p)
      .executeTakeFirstOrThrow();
    expect({ day: row.day, cash_in: Number(row.day_cash_in_cents) }).toEqual({
      day: '2026-11-22',
      cash_in: 50_00,
    });
    // Another player's card on that seat: refused, nothing moves, the trx stays free.
    const other = await player(a);
    const trx = newTrx();
    expect(answer(await deposit(a, 2, 10_00, other, trx))).toEqual({
      status: 409,
      body: { err: ERR.seatTaken },
    });
    expect(await entries(a, 2)).toBe(50_00);
    await emptyAll(a);
    // Emptied, the seat holds nobody: the other player sits down with the same trx.
    expect((await deposit(a, 2, 10_00, other, trx)).status).toBe(200);
    await emptyAll(a);
  });

  it("never reaches another venue's player: 404 and nothing moves", async () => {
    const theirs = await player(b);
    const before = await float(a);
    expect(answer(await deposit(a, 3, 10_00, theirs))).toEqual({ status: 404, body: { err: ERR.notFound } });
    expect(await float(a)).toBe(before);
    expect(await entries(a, 3)).toBe(0);
    // Nor a transfer for them through this venue's seats.
    await expect(transfer(a, theirs, 3, 4, 1_00)).rejects.toMatchObject({ err: ERR.notFound });
  });

  it('refuses an excluded player through their last day, not the day after, and an indefinite exclusion for good', async () => {
    await settings(a, { player_daily_limit_cents: null });
    // Today's gaming day is 2026-11-22: an exclusion whose last day it is still holds.
    const lastDayToday = await player(a, { excluded: 1, excluded_until: '2026-11-22' });
    expect(answer(await deposit(a, 4, 10_00, lastDayToday))).toEqual({
      status: 403,
      body: { err: ERR.playerExcluded, until: '2026-11-22' },
    });
    expect(await entries(a, 4)).toBe(0);
    const endedYesterday = await player(a, { excluded: 1, excluded_until: '2026-11-21' });
    expect((await deposit(a, 4, 10_00, endedYesterday)).status).toBe(200);
    const forever = await player(a, { excluded: 1, excluded_until: null });
    expect(answer(await deposit(a, 5, 10_00, forever))).toEqual({
      status: 403,
      body: { err: ERR.playerExcluded, until: null },
    });
    await emptyAll(a);
  });

  it('asks for identity before a payout takes the day past the report threshold, then pays the same trx', async () => {
    await settings(a, { player_daily_limit_cents: null, cash_report_above_cents: 1_000_00 });
    const p = await player(a);
    expect((await deposit(a, 6, 2_000_00, p)).status).toBe(200);
    // Exactly at the threshold: no report is due, it pays.
    expect((await deposit(a, 6, -1_000_00)).status).toBe(200);
    const trx = newTrx();
    expect(answer(await deposit(a, 6, -1, undefined, trx))).toEqual({
      status: 428,
      body: { err: ERR.identityRequired, player_id: p },
    });
    expect(await entries(a, 6)).toBe(1_000_00);
    await suite.db.kysely
      .updateTable('players')
      .set({ name: 'Ana Lima', document_number: 'X1234567' })
      .where('id', '=', p)
      .execute();
    expect((await deposit(a, 6, -1, undefined, trx)).status).toBe(200);
    await settings(a, { cash_report_above_cents: null });
    await emptyAll(a);
  });

  it("moves a player's money between seats, seats them on the new one, and refuses what the rules refuse", async () => {
    await settings(a, { player_daily_limit_cents: null });
    const p = await player(a);
    expect((await deposit(a, 1, 50_00, p)).status).toBe(200);
    const floatBefore = await float(a);
    const moved = await transfer(a, p, 1, 2, 20_00);
    expect(moved).toEqual({
      status: 200,
      body: expect.objectContaining({
        amount: 20_00,
        from: { entries: 30_00, final_bonus: 0 },
        to: { entries: 20_00, final_bonus: 0 },
      }),
    });
    expect(await float(a)).toBe(floatBefore);
    // More than the seat holds: refused and stored.
    const tooMuch = newTrx();
    expect(await transfer(a, p, 1, 2, 30_01, tooMuch)).toEqual({
      status: 422,
      body: { err: ERR.notEnoughMoney },
    });
    expect(await transfer(a, p, 1, 2, 30_01, tooMuch)).toEqual({
      status: 422,
      body: { err: ERR.notEnoughMoney },
    });
    // The whole of it: the seat left holds nobody; the player holds the other one.
    expect((await transfer(a, p, 1, 2, 30_00)).status).toBe(200);
    const other = await player(a);
    expect((await deposit(a, 1, 5_00, other)).status).toBe(200);
    expect(answer(await deposit(a, 2, 5_00, other))).toEqual({ status: 409, body: { err: ERR.seatTaken } });
    // A seat of another player's, or one the player does not hold.
    await expect(transfer(a, p, 2, 1, 1_00)).rejects.toMatchObject({ err: ERR.seatTaken });
    await expect(transfer(a, p, 3, 2, 1_00)).rejects.toMatchObject({ err: ERR.validation });
    // Another venue's device: money never leaves the venue.
    const theirs = await entries(b, 1);
    await expect(transfer(a, p, 2, 1, 1_00, newTrx(), b.cabinet.id)).rejects.toMatchObject({
      err: ERR.deviceNotAvailable,
    });
    expect(await entries(b, 1)).toBe(theirs);
    expect(await entries(a, 2)).toBe(50_00);
    // Excluded since: refused, stored.
    await suite.db.kysely.updateTable('players').set({ excluded: 1 }).where('id', '=', p).execute();
    expect(await transfer(a, p, 2, 3, 1_00)).toEqual({
      status: 403,
      body: { err: ERR.playerExcluded, until: null },
    });
    await suite.db.kysely.updateTable('players').set({ excluded: 0 }).where('id', '=', p).execute();
    await emptyAll(a);
  });

  it("applies a player's payout a manager approved as the call it was, counted as the player's", async () => {
    await settings(a, { player_daily_limit_cents: null, approval_above_cents: 100_00 });
    const PASSWORD = 'the manager knows this one';
    const user = await createTestUser(suite.db, { account_id: a.id, role: 'manager' });
    await suite.db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', user.id)
      .execute();
    const manager = await clientForUser(suite.server, user);
    const p = await player(a);
    expect((await deposit(a, 7, 300_00, p)).status).toBe(200);
    const trx = newTrx();
    const held = await deposit(a, 7, -150_00, p, trx);
    expect(held.status).toBe(202);
    const approvalId = (held.body as { approval_id: string }).approval_id;
    const decided = await manager.post(`/a/manager/account/${a.id}/approvals/${approvalId}`, {
      decision: 'approve',
      password: PASSWORD,
    });
    expect(answer(decided)).toMatchObject({ status: 200, body: { status: 'approved' } });
    // The cashier asking again gets the applied answer, not a trx conflict: the player is part of the call.
    expect(answer(await deposit(a, 7, -150_00, p, trx))).toMatchObject({
      status: 200,
      body: { delta: -150_00 },
    });
    const row = await suite.db.kysely
      .selectFrom('players')
      .select('day_cash_out_cents')
      .where('id', '=', p)
      .executeTakeFirstOrThrow();
    expect(Number(row.day_cash_out_cents)).toBe(150_00);
    await settings(a, { approval_above_cents: null });
    await emptyAll(a);
  });

  it('lets no two tills take a player past the limit, however they race', async () => {
    await settings(a, { player_daily_limit_cents: 100_00 });
    const p = await player(a);
    // Ten deposits of 20.00 on eight seats at once, from two cashiers: five fit. A venue's cash calls
    // also share its float's row lock; the player's own lock holds their sums against the limit route.
    const { client: second } = await cashierClient(suite.server, suite.db, a.id);
    const tills = [a.cashier, second];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        tills[i % 2]!.post(`/a/cashier/devices/${a.cabinet.id}/place/${(i % 8) + 1}/update`, {
          delta: 20_00,
          trx: newTrx(),
          player_id: p,
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    // A seat another racing deposit of the same player took first is theirs too: only the limit refuses.
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    const row = await suite.db.kysely
      .selectFrom('players')
      .select('day_cash_in_cents')
      .where('id', '=', p)
      .executeTakeFirstOrThrow();
    expect(Number(row.day_cash_in_cents)).toBe(100_00);
    await settings(a, { player_daily_limit_cents: null });
    await emptyAll(a);
    const problems = await verifyLedger(suite.db);
    expect(problems).toEqual([]);
  });
});
