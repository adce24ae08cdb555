// The money paths that act on a stored operation (corrections, approved payouts) and four eyes' edges,
// through HTTP on both databases (docs/product.md sections 12-13, docs/reliability.md): money never
// leaves its venue, a payout split into small ones is still held (a cabinet's payouts at its previous venue
// do not count), an approved cash-out pays at most what was approved, what the rules refuse is never
// filed, an approval the ledger refuses (a block, a renewed PIN, a closed shift) ends `failed`, a
// correction is named unambiguously and is its own kind in every total and history, and a held payout
// asked again tells no terminal anything.
import { ERR, ERR_STATUS, TX_TYPE, type ErrText } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/password.js';
import type { Change } from '../../src/live/change-feed.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import {
  answer,
  cash,
  cashierClient,
  deviceState,
  linkCabinet,
  linkRemote,
  newTrx,
  remoteCash,
  sendEvent,
  showPin,
  type LinkedDevice,
} from '../helpers/cashier.js';
import { FakeClock, MINUTE } from '../helpers/clock.js';
import { checkedAfter } from '../helpers/alert-checks.js';
import { testDatabases } from '../helpers/databases.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, type TestClient, type TestResponse } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

const PASSWORD = 'the manager knows this one';

interface Venue {
  id: number;
  cashier: TestClient;
  manager: TestClient;
}

interface Place {
  place: number;
  balances: { entries: number };
}

describe.each(testDatabases)('money safety of the stored-operation paths on $name', (database) => {
  let a: Venue;
  let b: Venue;

  async function venue(settings: Record<string, unknown> = {}): Promise<Venue> {
    // No final bonus: a seat played away is then empty, and its cabinet may leave the venue.
    const id = (
      await createVenue(suite.db, { float: 100_000_00, max_amount: 5_000_00, final_bonus_rate_bps: 0 })
    ).id;
    const { client: cashier } = await cashierClient(suite.server, suite.db, id);
    const user = await createTestUser(suite.db, { account_id: id, role: 'manager' });
    await suite.db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', user.id)
      .execute();
    const manager = await clientForUser(suite.server, user);
    if (Object.keys(settings).length > 0) {
      expect((await manager.post(`/a/manager/account/${id}`, settings)).status).toBe(200);
    }
    return { id, cashier, manager };
  }

  const clock = new FakeClock();
  const suite = useTestServer(database, { clock, config: { enrollmentOpen: true } });
  beforeAll(async () => {
    a = await venue({ approval_above: 500_00 });
    b = await venue();
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  const andChecked = <T>(act: () => Promise<T>): Promise<T> => checkedAfter(suite.server, act);

  const entriesOf = async (v: Venue, device: number, place = 1): Promise<number> => {
    const detail = await v.cashier.get<{ places: Place[] }>(`/a/cashier/devices/${device}`);
    return detail.body.places.find((p) => p.place === place)!.balances.entries;
  };
  const floatOf = async (v: Venue): Promise<number> =>
    (await v.manager.get<{ balance: number }>(`/a/manager/account/${v.id}`)).body.balance;
  /** Today's cash figures of the manager's overview and the tills' 24-hour daily totals. */
  const figures = async (v: Venue) => ({
    today: (
      await v.manager.get<{ today: { deposits: number; withdrawals: number; net: number } }>(
        `/a/manager/account/${v.id}/overview`,
      )
    ).body.today,
    totals: (
      await v.cashier.get<{ deposit_24h: number; withdraw_24h: number; delta_24h: number }>(
        '/a/cashier/daily_totals',
      )
    ).body,
  });
  const decide = (v: Venue, id: string, decision: 'approve' | 'decline') =>
    v.manager.post<{ id: string; status: string; outcome: Record<string, unknown> | null }>(
      `/a/manager/account/${v.id}/approvals/${id}`,
      { decision, password: PASSWORD, ...(decision === 'decline' ? { reason: 'no' } : {}) },
    );
  const approvals = async (v: Venue) =>
    (
      await v.manager.get<{ id: string; trx: string; status: string; amount: number; outcome?: unknown }[]>(
        `/a/manager/account/${v.id}/approvals`,
      )
    ).body;
  const cashOut = (v: Venue, device: number, seen: number, trx = newTrx()) =>
    v.cashier.post<Record<string, unknown>>(`/a/cashier/devices/${device}/place/1/update`, {
      delta: -seen,
      trx,
      cash_out: true,
    });

  /** Unlinks an empty cabinet from A (or `from`) and links it at B (or `to`), as a venue that sold it on would. */
  async function moveToB(cabinet: LinkedDevice, from: Venue = a, to: Venue = b): Promise<void> {
    const unlinked = await from.manager.post(`/a/manager/account/${from.id}/devices/${cabinet.id}/unlink`, {
      reason: 'sold to another venue',
    });
    expect(answer(unlinked)).toEqual({ status: 200, body: { ok: true } });
    const pin = await showPin(cabinet);
    const linked = await to.cashier.post<{ id: number }>('/a/cashier/devices/register', {
      pin,
      trx: newTrx(),
    });
    expect(answer(linked)).toEqual({ status: 200, body: { id: cabinet.id } });
    expect((await deviceState(cabinet)).body.linked).toBe(true);
  }

  describe('a venue’s money never leaves it', () => {
    it('a correction on a cabinet that moved to another venue answers 409 device moved and moves nothing', async () => {
      const cabinet = await linkCabinet(suite.server, a.cashier);
      const deposit = newTrx();
      expect((await cash(a.cashier, cabinet.id, 1, 300_00, deposit)).status).toBe(200);
      const kept = newTrx();
      expect((await cash(a.cashier, cabinet.id, 2, 40_00, kept)).status).toBe(200);
      // While the cabinet is A's, its own manager corrects one of its deposits: the other side of the rule.
      const inVenue = await a.manager.post(`/a/manager/account/${a.id}/corrections`, {
        trx: kept,
        correction_trx: newTrx(),
        reason: 'wrong seat',
      });
      expect(inVenue.status).toBe(200);
      expect((await cash(a.cashier, cabinet.id, 1, -300_00)).status).toBe(200);
      await moveToB(cabinet);
      expect((await cash(b.cashier, cabinet.id, 1, 1_000_00)).status).toBe(200);
      const floatA = await floatOf(a);
      const floatB = await floatOf(b);

      const moved = await a.manager.post(`/a/manager/account/${a.id}/corrections`, {
        trx: deposit,
        correction_trx: newTrx(),
        reason: 'an old mistake',
      });
      expect(answer(moved)).toEqual({ status: 409, body: { err: ERR.deviceMoved } });
      expect(await entriesOf(b, cabinet.id)).toBe(1_000_00);
      expect(await floatOf(a)).toBe(floatA);
      expect(await floatOf(b)).toBe(floatB);
    });

    it('a cabinet moved to another venue shows there only that venue’s 24-hour moves, in its row, its detail and the totals', async () => {
      const cabinet = await linkCabinet(suite.server, a.cashier);
      expect((await cash(a.cashier, cabinet.id, 1, 70_00)).status).toBe(200);
      expect((await cash(a.cashier, cabinet.id, 1, -70_00)).status).toBe(200);
      const before = (await figures(b)).totals;
      await moveToB(cabinet);
      expect((await cash(b.cashier, cabinet.id, 1, 25_00)).status).toBe(200);

      type Row = { id: number; summary: { deposit_24h: number; withdraw_24h: number } };
      const row = (await b.cashier.get<Row[]>('/a/cashier/devices')).body.find((d) => d.id === cabinet.id)!;
      const detail = (await b.cashier.get<Row>(`/a/cashier/devices/${cabinet.id}`)).body;
      const ownMoves = { deposit_24h: 25_00, withdraw_24h: 0 };
      expect(row.summary).toMatchObject(ownMoves);
      expect(detail.summary).toMatchObject(ownMoves);
      expect((await figures(b)).totals).toMatchObject({
        deposit_24h: before.deposit_24h + 25_00,
        withdraw_24h: before.withdraw_24h,
      });
    });

    it('an approval decided after the cabinet moved fails with device moved; the other venue’s player keeps the money', async () => {
      const cabinet = await linkCabinet(suite.server, a.cashier);
      expect((await cash(a.cashier, cabinet.id, 1, 800_00)).status).toBe(200);
      const held = await cash(a.cashier, cabinet.id, 1, -600_00);
      expect(held.status).toBe(202);
      const { approval_id } = held.body as { approval_id: string };
      // The player plays the seat away; the cabinet leaves, empty, and B's player sits down with 1,000.00.
      expect((await sendEvent(cabinet, { place: 1, type: TX_TYPE.pay, amount: 800_00 })).status).toBe(200);
      await moveToB(cabinet);
      expect((await cash(b.cashier, cabinet.id, 1, 1_000_00)).status).toBe(200);
      const floatA = await floatOf(a);

      expect(answer(await decide(a, approval_id, 'approve'))).toEqual({
        status: 200,
        body: { id: approval_id, status: 'failed', outcome: { err: ERR.deviceMoved } },
      });
      expect(await entriesOf(b, cabinet.id)).toBe(1_000_00);
      expect(await floatOf(a)).toBe(floatA);
      expect((await approvals(a)).find((x) => x.id === approval_id)).toMatchObject({
        status: 'failed',
        outcome: { err: ERR.deviceMoved },
      });
    });
  });

  describe('four eyes that cannot be dodged', () => {
    it('counts a seat’s payouts over the window: at the threshold passes, a cent past it is held', async () => {
      const cabinet = await linkCabinet(suite.server, a.cashier);
      expect((await cash(a.cashier, cabinet.id, 1, 3_000_00)).status).toBe(200);
      expect((await cash(a.cashier, cabinet.id, 1, -250_00)).status).toBe(200);
      expect((await cash(a.cashier, cabinet.id, 1, -250_00)).status).toBe(200);
      // 500.00 in the hour: at `approval_above`, not past it. One cent more is held, on this seat only.
      expect((await cash(a.cashier, cabinet.id, 1, -1)).status).toBe(202);
      expect((await cash(a.cashier, cabinet.id, 2, 500_00)).status).toBe(200);
      expect((await cash(a.cashier, cabinet.id, 2, -500_00)).status).toBe(200);
      // The window is a rolling hour: a minute before it ends still held, once it ends free.
      clock.advance(60 * MINUTE - 1);
      expect((await cash(a.cashier, cabinet.id, 1, -1)).status).toBe(202);
      clock.advance(1);
      expect((await cash(a.cashier, cabinet.id, 1, -1)).status).toBe(200);
    });

    it('counts only the payouts booked to the venue: a cabinet’s payouts at its previous venue do not count', async () => {
      const cabinet = await linkCabinet(suite.server, a.cashier);
      expect((await cash(a.cashier, cabinet.id, 1, 400_00)).status).toBe(200);
      expect((await cash(a.cashier, cabinet.id, 1, -400_00)).status).toBe(200);
      const c = await venue({ approval_above: 500_00 });
      await moveToB(cabinet, a, c);
      expect((await cash(c.cashier, cabinet.id, 1, 1_000_00)).status).toBe(200);
      // A's 400.00 of a moment ago are A's: at C the seat has paid nothing yet.
      expect(answer(await cash(c.cashier, cabinet.id, 1, -150_00))).toMatchObject({
        status: 200,
        body: { delta: -150_00, balances: { entries: 850_00 } },
      });
      // The other side: C's own payouts count, to the cent.
      expect((await cash(c.cashier, cabinet.id, 1, -350_00)).status).toBe(200);
      expect((await cash(c.cashier, cabinet.id, 1, -1)).status).toBe(202);
      expect(await entriesOf(c, cabinet.id)).toBe(500_00);
    });

    it('counts a cash-out with the seat’s withdrawals, and follows the venue’s window setting', async () => {
      const v = await venue({ approval_above: 500_00, approval_window_minutes: 30 });
      const cabinet = await linkCabinet(suite.server, v.cashier);
      expect((await cash(v.cashier, cabinet.id, 1, 700_00)).status).toBe(200);
      expect((await cash(v.cashier, cabinet.id, 1, -400_00)).status).toBe(200);
      expect((await cashOut(v, cabinet.id, 300_00)).status).toBe(202);
      clock.advance(30 * MINUTE);
      expect((await cashOut(v, cabinet.id, 300_00)).status).toBe(200);
      expect(await entriesOf(v, cabinet.id)).toBe(0);
      const account = await v.manager.get<{ approval_window_minutes: number }>(`/a/manager/account/${v.id}`);
      expect(account.body.approval_window_minutes).toBe(30);
      expect(
        (await v.manager.post(`/a/manager/account/${v.id}`, { approval_window_minutes: 0 })).status,
      ).toBe(400);
    });

    it('pays an approved cash-out at most the amount approved; what the seat won meanwhile stays on it', async () => {
      const cabinet = await linkCabinet(suite.server, a.cashier);
      expect((await cash(a.cashier, cabinet.id, 1, 600_00)).status).toBe(200);
      const trx = newTrx();
      const held = await cashOut(a, cabinet.id, 600_00, trx);
      expect(held.status).toBe(202);
      const { approval_id } = held.body as { approval_id: string };
      expect((await approvals(a)).find((x) => x.id === approval_id)).toMatchObject({ amount: 600_00 });
      expect((await sendEvent(cabinet, { place: 1, type: TX_TYPE.win, amount: 5_000_00 })).status).toBe(200);

      const decided = await decide(a, approval_id, 'approve');
      expect(answer(decided)).toMatchObject({
        status: 200,
        body: { status: 'approved', outcome: { delta: -600_00, balances: { entries: 5_000_00 } } },
      });
      expect(await entriesOf(a, cabinet.id)).toBe(5_000_00);
      const replay = await cashOut(a, cabinet.id, 600_00, trx);
      expect(answer(replay)).toMatchObject({ status: 200, body: { delta: -600_00 } });
    });

    it('a cash-out approved for more than the seat now holds pays what it holds', async () => {
      const cabinet = await linkCabinet(suite.server, a.cashier);
      expect((await cash(a.cashier, cabinet.id, 1, 900_00)).status).toBe(200);
      const held = await cashOut(a, cabinet.id, 900_00);
      const { approval_id } = held.body as { approval_id: string };
      expect((await sendEvent(cabinet, { place: 1, type: TX_TYPE.pay, amount: 100_00 })).status).toBe(200);
      expect(answer(await decide(a, approval_id, 'approve'))).toMatchObject({
        body: { status: 'approved', outcome: { delta: -800_00, balances: { entries: 0 } } },
      });
    });

    it('refuses before filing what the same call without four eyes would be refused', async () => {
      const cabinet = await linkCabinet(suite.server, a.cashier);
      expect((await cash(a.cashier, cabinet.id, 1, 5_000_00)).status).toBe(200);
      const before = (await approvals(a)).length;
      expect(answer(await cash(a.cashier, cabinet.id, 1, -(5_000_00 + 1)))).toEqual({
        status: 422,
        body: { err: ERR.maxAmount, max_amount: 5_000_00 },
      });
      expect(answer(await cash(a.cashier, cabinet.id, 1, -Number.MAX_SAFE_INTEGER))).toEqual({
        status: 422,
        body: { err: ERR.maxAmount, max_amount: 5_000_00 },
      });
      expect(answer(await cash(a.cashier, cabinet.id, 2, -600_00))).toEqual({
        status: 422,
        body: { err: ERR.notEnoughMoney },
      });
      expect((await approvals(a)).length).toBe(before);
      // The other side: the venue's maximum itself, on a seat that holds it, is filed.
      expect((await cash(a.cashier, cabinet.id, 1, -5_000_00)).status).toBe(202);
      expect((await approvals(a)).length).toBe(before + 1);
    });

    it('a manager deciding held payouts in quick succession gets an answer to each, never a 500', async () => {
      // Each decision checks the manager's password through the sign-in throttle, whose rows one
      // decision's success deletes while the next is locking them: that raced into a deadlock (a 500).
      for (let round = 0; round < 8; round += 1) {
        const cabinet = await linkCabinet(suite.server, a.cashier);
        expect((await cash(a.cashier, cabinet.id, 1, 3_000_00)).status).toBe(200);
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) {
          const held = await cash(a.cashier, cabinet.id, 1, -600_00);
          ids.push((held.body as { approval_id: string }).approval_id);
        }
        const decided = await Promise.all(
          ids.map(async (id, i) => {
            await new Promise((resolve) => setTimeout(resolve, (round % 5) * i));
            return decide(a, id, 'approve');
          }),
        );
        expect(decided.map(answer).map((d) => [d.status, d.body.status])).toEqual(
          Array(5).fill([200, 'approved']),
        );
      }
    });

    it('five payouts approved at once on one seat: those the ledger refuses end failed, never approved', async () => {
      const cabinet = await linkCabinet(suite.server, a.cashier);
      expect((await cash(a.cashier, cabinet.id, 1, 2_000_00)).status).toBe(200);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const held = await cash(a.cashier, cabinet.id, 1, -600_00);
        expect(held.status).toBe(202);
        ids.push((held.body as { approval_id: string }).approval_id);
      }
      const decided = await Promise.all(ids.map((id) => decide(a, id, 'approve')));
      // Every decision is answered (the ledger's refusal is an answer); the bodies name any that was not.
      expect(
        decided.map((d) => d.status),
        JSON.stringify(decided.map(answer)),
      ).toEqual([200, 200, 200, 200, 200]);
      const statuses = decided.map((d) => d.body.status).sort();
      expect(statuses).toEqual(['approved', 'approved', 'approved', 'failed', 'failed']);
      expect(await entriesOf(a, cabinet.id)).toBe(200_00);
      const listed = (await approvals(a)).filter((x) => ids.includes(x.id));
      expect(listed.filter((x) => x.status === 'approved')).toHaveLength(3);
      expect(listed.filter((x) => x.status === 'failed')).toHaveLength(2);
    });
  });

  describe('an approved payout the ledger then refuses', () => {
    /**
     * A manager approves the payout `held` filed after something made the ledger refuse it: the decision's
     * answer and the list say `failed` with the ledger's refusal `err`, the till asking its trx again
     * (`askAgain`) gets that refusal too, and neither the seat (`entries`) nor the float moved.
     */
    async function approvedButRefused(
      v: Venue,
      held: TestResponse<Record<string, unknown>>,
      askAgain: () => Promise<TestResponse<Record<string, unknown>>>,
      entries: () => Promise<number>,
      err: ErrText,
    ): Promise<void> {
      expect(held.status).toBe(202);
      const { approval_id } = held.body as { approval_id: string };
      const seat = await entries();
      const float = await floatOf(v);
      expect(answer(await decide(v, approval_id, 'approve'))).toEqual({
        status: 200,
        body: { id: approval_id, status: 'failed', outcome: { err } },
      });
      expect(answer(await askAgain())).toEqual({ status: ERR_STATUS[err], body: { err } });
      expect((await approvals(v)).find((x) => x.id === approval_id)).toMatchObject({
        status: 'failed',
        outcome: { err },
      });
      expect(await entries()).toBe(seat);
      expect(await floatOf(v)).toBe(float);
    }

    it('fails with the hard block the venue got while the payout waited', async () => {
      const v = await venue({ approval_above: 500_00 });
      const cabinet = await linkCabinet(suite.server, v.cashier);
      expect((await cash(v.cashier, cabinet.id, 1, 800_00)).status).toBe(200);
      const trx = newTrx();
      const held = await cash(v.cashier, cabinet.id, 1, -600_00, trx);
      const blocked = await v.manager.post(`/a/manager/account/${v.id}`, { is_hard_block_home_play: true });
      expect(blocked.status).toBe(200);
      await approvedButRefused(
        v,
        held,
        () => cash(v.cashier, cabinet.id, 1, -600_00, trx),
        () => entriesOf(v, cabinet.id),
        ERR.hardBlock,
      );
    });

    it('fails with pin changed when the home-play phone renewed its PIN while the payout waited', async () => {
      const v = await venue({ approval_above: 500_00 });
      const phone = await linkRemote(suite.server, v.cashier);
      expect((await remoteCash(v.cashier, phone, 800_00)).status).toBe(200);
      const trx = newTrx();
      const held = await remoteCash(v.cashier, phone, -600_00, trx);
      await showPin(phone);
      const phoneEntries = async () => (await deviceState(phone)).body.places[0]!.balances.entries;
      await approvedButRefused(
        v,
        held,
        () => remoteCash(v.cashier, phone, -600_00, trx),
        phoneEntries,
        ERR.pinChanged,
      );
    });

    it('fails with no open shift when the cashier closed their shift while the payout waited', async () => {
      const v = await venue({ approval_above: 500_00, shifts: true });
      const shift = (action: 'open' | 'close') =>
        v.cashier.post(`/a/cashier/shift/${action}`, { counted_cents: 0, trx: newTrx() });
      expect((await shift('open')).status).toBe(200);
      const cabinet = await linkCabinet(suite.server, v.cashier);
      expect((await cash(v.cashier, cabinet.id, 1, 800_00)).status).toBe(200);
      const trx = newTrx();
      const held = await cash(v.cashier, cabinet.id, 1, -600_00, trx);
      expect((await shift('close')).status).toBe(200);
      await approvedButRefused(
        v,
        held,
        () => cash(v.cashier, cabinet.id, 1, -600_00, trx),
        () => entriesOf(v, cabinet.id),
        ERR.noOpenShift,
      );
    });
  });

  describe('corrections', () => {
    it('names the operation by its id when two cashiers used the same trx', async () => {
      const cabinet = await linkCabinet(suite.server, a.cashier);
      const { client: second } = await cashierClient(suite.server, suite.db, a.id);
      const shared = newTrx();
      expect((await cash(a.cashier, cabinet.id, 1, 10_00, shared)).status).toBe(200);
      expect((await cash(second, cabinet.id, 2, 20_00, shared)).status).toBe(200);
      const correct = (body: Record<string, unknown>) =>
        a.manager.post<Record<string, unknown>>(`/a/manager/account/${a.id}/corrections`, {
          trx: shared,
          correction_trx: newTrx(),
          reason: 'which one?',
          ...body,
        });
      expect(answer(await correct({}))).toEqual({ status: 422, body: { err: ERR.trxAmbiguous } });
      const rows = await a.manager.get<{ operation_id: number; place: number | null; line: string }[]>(
        `/a/manager/account/${a.id}/transactions?limit=50`,
      );
      const second2 = rows.body.find((r) => r.place === 2 && r.line === 'entries')!;
      const fixed = await correct({ operation_id: second2.operation_id });
      expect(answer(fixed)).toMatchObject({
        status: 200,
        body: { corrects: shared, place: 2, delta: -20_00 },
      });
      expect(await entriesOf(a, cabinet.id, 2)).toBe(0);
      expect(await entriesOf(a, cabinet.id, 1)).toBe(10_00);
      // Another venue's operation id under the same trx is none of this venue's.
      const otherCabinet = await linkCabinet(suite.server, b.cashier);
      expect((await cash(b.cashier, otherCabinet.id, 1, 30_00, shared)).status).toBe(200);
      const theirs = await b.manager.get<{ operation_id: number; line: string }[]>(
        `/a/manager/account/${b.id}/transactions?limit=5`,
      );
      const foreign = theirs.body.find((r) => r.line === 'entries')!.operation_id;
      expect(answer(await correct({ operation_id: foreign }))).toEqual({
        status: 404,
        body: { err: ERR.notFound },
      });
    });

    it('is its own kind: no cashier total, overview figure, daily total, alert or withdrawal history counts it', async () => {
      const v = await venue({ alert_withdrawals_hour: 100_00 });
      const cabinet = await linkCabinet(suite.server, v.cashier);
      const deposit = newTrx();
      expect((await cash(v.cashier, cabinet.id, 1, 250_00, deposit)).status).toBe(200);
      const corrected = await andChecked(() =>
        v.manager.post(`/a/manager/account/${v.id}/corrections`, {
          trx: deposit,
          correction_trx: newTrx(),
          reason: 'keyed twice',
        }),
      );
      expect(corrected.status).toBe(200);
      const device = await v.cashier.get<{ summary: { deposit_24h: number; withdraw_24h: number } }>(
        `/a/cashier/devices/${cabinet.id}`,
      );
      expect(device.body.summary).toMatchObject({ deposit_24h: 250_00, withdraw_24h: 0 });
      // The manager's figures of today and the tills' daily totals: the deposit, and no withdrawal.
      expect(await figures(v)).toEqual({
        today: { deposits: 250_00, withdrawals: 0, net: 250_00 },
        totals: { deposit_24h: 250_00, withdraw_24h: 0, delta_24h: 250_00 },
      });
      const alerts = await v.manager.get<{ kind: string }[]>(`/a/manager/account/${v.id}/alerts`);
      expect(alerts.body.map((x) => x.kind)).not.toContain('withdrawals_hour');
      const ledger = await v.manager.get<{ kind: string; line: string; corrects?: string }[]>(
        `/a/manager/account/${v.id}/transactions?limit=10`,
      );
      expect(ledger.body.filter((r) => r.corrects === deposit).map((r) => r.kind)).toEqual([
        'correction',
        'correction',
      ]);
      const history = await v.cashier.post<{ trx: string; corrects?: string }[]>('/a/cashier/limit_report', {
        device_ids: [cabinet.id],
        limit: 20,
        placeId: 1,
      });
      expect(history.body.find((r) => r.corrects === deposit)).toBeDefined();
      // The other side: a cashier's own withdrawal of the same size does raise the hour's alert, and
      // counts in both figures.
      expect((await cash(v.cashier, cabinet.id, 2, 250_00)).status).toBe(200);
      const withdrawal = newTrx();
      expect((await andChecked(() => cash(v.cashier, cabinet.id, 2, -250_00, withdrawal))).status).toBe(200);
      const after = await v.manager.get<{ kind: string }[]>(`/a/manager/account/${v.id}/alerts`);
      expect(after.body.map((x) => x.kind)).toContain('withdrawals_hour');
      const counted = {
        today: { deposits: 500_00, withdrawals: 250_00, net: 250_00 },
        totals: { deposit_24h: 500_00, withdraw_24h: 250_00, delta_24h: 250_00 },
      };
      expect(await figures(v)).toEqual(counted);
      // A correction putting that withdrawal back is no deposit either.
      const putBack = await v.manager.post(`/a/manager/account/${v.id}/corrections`, {
        trx: withdrawal,
        correction_trx: newTrx(),
        reason: 'paid out twice',
      });
      expect(answer(putBack)).toMatchObject({ status: 200, body: { delta: 250_00 } });
      expect(await figures(v)).toEqual(counted);
    });
  });

  it('a held payout asked again tells no terminal anything; filing and deciding it do', async () => {
    const cabinet = await linkCabinet(suite.server, a.cashier);
    expect((await cash(a.cashier, cabinet.id, 1, 900_00)).status).toBe(200);
    // The deposit's own change is on its way (on PostgreSQL through NOTIFY): let it pass first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const heard: Change[] = [];
    const stop = suite.server.ctx.changes.subscribe(a.id, {
      onChange: (c) => heard.push(c),
      onLost: () => {},
    });
    try {
      const trx = newTrx();
      const held = await cash(a.cashier, cabinet.id, 1, -700_00, trx);
      expect(held.status).toBe(202);
      await expect.poll(() => heard.length).toBe(1);
      expect(heard[0]).toMatchObject({ device_ids: [cabinet.id], approvals: true, float: false });
      for (let i = 0; i < 5; i++)
        expect((await cash(a.cashier, cabinet.id, 1, -700_00, trx)).status).toBe(202);
      const { approval_id } = held.body as { approval_id: string };
      expect((await decide(a, approval_id, 'decline')).status).toBe(200);
      await expect.poll(() => heard.length).toBe(2);
      expect(heard[1]).toMatchObject({ approvals: true, float: false });
      for (let i = 0; i < 3; i++)
        expect((await cash(a.cashier, cabinet.id, 1, -700_00, trx)).status).toBe(403);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toHaveLength(2);
    } finally {
      stop();
    }
  });

  it('an approved payout the ledger refuses is told again once it ended failed, so no screen keeps approved', async () => {
    const cabinet = await linkCabinet(suite.server, a.cashier);
    expect((await cash(a.cashier, cabinet.id, 1, 900_00)).status).toBe(200);
    const held = await cash(a.cashier, cabinet.id, 1, -700_00);
    expect(held.status).toBe(202);
    // The seat is played down below the held amount while it waits: the ledger will refuse it.
    expect((await cash(a.cashier, cabinet.id, 1, -300_00)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const heard: Change[] = [];
    const stop = suite.server.ctx.changes.subscribe(a.id, {
      onChange: (c) => heard.push(c),
      onLost: () => {},
    });
    try {
      const { approval_id } = held.body as { approval_id: string };
      expect(answer(await decide(a, approval_id, 'approve')).body).toMatchObject({ status: 'failed' });
      // One change for the decision, one more once the refusal is stored: the last word is `failed`.
      await expect.poll(() => heard.filter((c) => c.approvals).length).toBe(2);
      expect(heard.every((c) => c.device_ids.includes(cabinet.id) && !c.float)).toBe(true);
      expect((await approvals(a)).find((x) => x.id === approval_id)?.status).toBe('failed');
    } finally {
      stop();
    }
  });

  it('an approval id with a control byte is a 400 on both routes, never a 500 (PostgreSQL refuses NUL in text)', async () => {
    const cashier = await a.cashier.post('/a/cashier/approvals/%00/withdraw', {});
    expect(answer(cashier)).toMatchObject({ status: 400, body: { err: ERR.validation } });
    const manager = await a.manager.post(`/a/manager/account/${a.id}/approvals/%00`, {
      decision: 'approve',
      password: PASSWORD,
    });
    expect(answer(manager)).toMatchObject({ status: 400, body: { err: ERR.validation } });
    // The other side: a printable id nobody filed is looked up, and not found.
    expect((await a.cashier.post('/a/cashier/approvals/no-such-id/withdraw', {})).status).toBe(404);
  });
});
