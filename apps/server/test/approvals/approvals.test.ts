// Four eyes (docs/product.md section 12, docs/api.md "Four eyes"): a cashier's withdraw or cash-out
// above the venue's `approval_above` answers 202 and moves nothing until a manager, re-entering their
// password, approves it (then the ledger applies it with its original trx) or declines it; unanswered it
// expires after 10 minutes; the cashier may retract it while it waits. Races end in one outcome.
import { cashResult, ERR, TX_TYPE } from '@cashdesk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/password.js';
import { auditExpiredApprovals } from '../../src/approvals/approval-expiry.js';
import { approvalsChange, type Change } from '../../src/live/change-feed.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import {
  answer,
  cash,
  cashierClient,
  linkCabinet,
  newTrx,
  sendEvent,
  type LinkedDevice,
} from '../helpers/cashier.js';
import { FakeClock, MINUTE, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

const PASSWORD = 'the manager knows this one';

interface Pending {
  status: 'pending';
  approval_id: string;
  trx: string;
}

describe.each(testDatabases)('four eyes on $name', (database) => {
  let cashier: TestClient;
  let manager: TestClient;
  let secondManager: TestClient;
  let venueId: number;
  let cabinet: LinkedDevice;

  async function managerClient(): Promise<TestClient> {
    const user = await createTestUser(suite.db, { account_id: venueId, role: 'manager' });
    await suite.db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', user.id)
      .execute();
    return clientForUser(suite.server, user);
  }

  const clock = new FakeClock();
  const suite = useTestServer(database, { clock, config: { enrollmentOpen: true } });
  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 100_000_00 })).id;
    ({ client: cashier } = await cashierClient(suite.server, suite.db, venueId));
    manager = await managerClient();
    secondManager = await managerClient();
    const set = await manager.post(`/a/manager/account/${venueId}`, { approval_above: 100_00 });
    expect(answer(set)).toMatchObject({ status: 200, body: { approval_above: 100_00 } });
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });
  beforeEach(async () => {
    // Every test starts from a cabinet of its own whose seat 1 holds 1000.00 (a deposit is never held).
    cabinet = await linkCabinet(suite.server, cashier);
    expect((await cash(cashier, cabinet.id, 1, 1000_00)).status).toBe(200);
  });

  const entriesOf = async (place: number): Promise<number> => {
    const detail = await cashier.get<{ places: { place: number; balances: { entries: number } }[] }>(
      `/a/cashier/devices/${cabinet.id}`,
    );
    return detail.body.places.find((p) => p.place === place)!.balances.entries;
  };
  const expiryEntries = async (trx: string) =>
    (
      await manager.get<{ action: string; trx: string | null }[]>(
        `/a/manager/account/${venueId}/audit?action=approval.expire`,
      )
    ).body.filter((e) => e.trx === trx);
  const decide = (client: TestClient, id: string, body: Record<string, unknown>) =>
    client.post<{ id: string; status: string } | { err: string }>(
      `/a/manager/account/${venueId}/approvals/${id}`,
      { password: PASSWORD, ...body },
    );
  const hold = async (delta: number, trx = newTrx()): Promise<Pending> => {
    const res = await cash(cashier, cabinet.id, 1, delta, trx);
    expect(res.status).toBe(202);
    return res.body as unknown as Pending;
  };

  it('holds back a withdraw above the threshold: 202, nothing moves, the same trx answers the same', async () => {
    const trx = newTrx();
    const pending = await hold(-150_00, trx);
    expect(pending).toEqual({ status: 'pending', approval_id: expect.any(String), trx });
    expect(await entriesOf(1)).toBe(1000_00);
    expect(answer(await cash(cashier, cabinet.id, 1, -150_00, trx))).toEqual({ status: 202, body: pending });
    // The same trx with another amount is another request.
    expect(answer(await cash(cashier, cabinet.id, 1, -160_00, trx))).toEqual({
      status: 422,
      body: { err: ERR.trxConflict },
    });
    // At or below the threshold, and any deposit, go through as before.
    expect((await cash(cashier, cabinet.id, 1, -100_00)).status).toBe(200);
    expect((await cash(cashier, cabinet.id, 1, 500_00)).status).toBe(200);
    const list = await manager.get<{ id: string; status: string; delta: number; cashier: string }[]>(
      `/a/manager/account/${venueId}/approvals?status=pending`,
    );
    expect(list.body.find((a) => a.id === pending.approval_id)).toMatchObject({
      trx,
      device_id: cabinet.id,
      place: 1,
      delta: -150_00,
      status: 'pending',
    });
  });

  it('holds back a cash-out of a seat above the threshold', async () => {
    const res = await cashier.post(`/a/cashier/devices/${cabinet.id}/place/1/update`, {
      delta: -1000_00,
      trx: newTrx(),
      cash_out: true,
    });
    expect(res.status).toBe(202);
    expect(await entriesOf(1)).toBe(1000_00);
  });

  it('applies an approved withdraw with its trx: the cashier then gets the stored 200', async () => {
    const trx = newTrx();
    const pending = await hold(-250_00, trx);
    // One answer: the decision and what the ledger made of it, the payout itself.
    expect(answer(await decide(manager, pending.approval_id, { decision: 'approve' }))).toEqual({
      status: 200,
      body: {
        id: pending.approval_id,
        status: 'approved',
        outcome: expect.objectContaining({
          trx,
          delta: -250_00,
          balances: { entries: 750_00, final_bonus: 0 },
        }),
      },
    });
    expect(await entriesOf(1)).toBe(750_00);
    const replay = await cash(cashier, cabinet.id, 1, -250_00, trx);
    expect(replay.status).toBe(200);
    expect(cashResult.parse(replay.body)).toMatchObject({
      trx,
      delta: -250_00,
      balances: { entries: 750_00 },
    });
    // A second decision: the first stands.
    expect(answer(await decide(manager, pending.approval_id, { decision: 'decline', reason: 'no' }))).toEqual(
      { status: 409, body: { err: ERR.alreadyDecided } },
    );
    const audit = await manager.get<{ action: string; trx: string | null }[]>(
      `/a/manager/account/${venueId}/audit`,
    );
    expect(audit.body.filter((e) => e.trx === trx).map((e) => e.action)).toContain('approval.approve');
  });

  it('checks every rule again when it applies: a seat played down meanwhile fails with its refusal', async () => {
    const trx = newTrx();
    const pending = await hold(-900_00, trx);
    expect((await sendEvent(cabinet, { place: 1, type: TX_TYPE.pay, amount: 150_00 })).status).toBe(200);
    // Approved, then refused by the ledger: one answer says both, and the approval ends `failed`.
    expect(answer(await decide(manager, pending.approval_id, { decision: 'approve' }))).toEqual({
      status: 200,
      body: { id: pending.approval_id, status: 'failed', outcome: { err: ERR.notEnoughMoney } },
    });
    expect(await entriesOf(1)).toBe(850_00);
    expect(answer(await cash(cashier, cabinet.id, 1, -900_00, trx))).toEqual({
      status: 422,
      body: { err: ERR.notEnoughMoney },
    });
    const failed = await manager.get<{ id: string; status: string; outcome?: unknown }[]>(
      `/a/manager/account/${venueId}/approvals?status=failed`,
    );
    expect(failed.body.find((a) => a.id === pending.approval_id)).toMatchObject({
      status: 'failed',
      outcome: { err: ERR.notEnoughMoney },
    });
    const approved = await manager.get<{ id: string }[]>(
      `/a/manager/account/${venueId}/approvals?status=approved`,
    );
    expect(approved.body.map((a) => a.id)).not.toContain(pending.approval_id);
  });

  it("declines with a reason; the cashier's trx then answers 403 approval declined", async () => {
    const trx = newTrx();
    const pending = await hold(-300_00, trx);
    expect(answer(await decide(manager, pending.approval_id, { decision: 'decline' }))).toMatchObject({
      status: 400,
      body: { err: ERR.validation },
    });
    expect(
      answer(await decide(manager, pending.approval_id, { decision: 'decline', reason: 'not this player' })),
    ).toEqual({ status: 200, body: { id: pending.approval_id, status: 'declined', outcome: null } });
    // The manager's reason comes with the refusal: the till tells the player why (and it stays so on replay).
    for (let time = 0; time < 2; time++) {
      expect(answer(await cash(cashier, cabinet.id, 1, -300_00, trx))).toEqual({
        status: 403,
        body: { err: ERR.approvalDeclined, reason: 'not this player' },
      });
    }
    expect(await entriesOf(1)).toBe(1000_00);
    const declined = await manager.get<{ id: string; reason?: string; decided_by?: string }[]>(
      `/a/manager/account/${venueId}/approvals?status=declined`,
    );
    expect(declined.body.find((a) => a.id === pending.approval_id)).toMatchObject({
      reason: 'not this player',
      decided_by: expect.any(String),
    });
  });

  it('refuses a wrong password, a bad decision, an unknown approval and a cashier', async () => {
    const pending = await hold(-200_00);
    expect(
      answer(await decide(manager, pending.approval_id, { decision: 'approve', password: 'not it' })),
    ).toEqual({ status: 422, body: { err: ERR.wrongPassword } });
    expect((await decide(manager, pending.approval_id, { decision: 'maybe' })).body).toMatchObject({
      err: ERR.validation,
    });
    expect(answer(await decide(manager, 'no-such-approval', { decision: 'approve' }))).toEqual({
      status: 404,
      body: { err: ERR.notFound },
    });
    expect(answer(await decide(cashier, pending.approval_id, { decision: 'approve' }))).toEqual({
      status: 403,
      body: { err: ERR.forbidden },
    });
    expect(await entriesOf(1)).toBe(1000_00);
  });

  it('expires a request nobody answers in 10 minutes', async () => {
    const trx = newTrx();
    const pending = await hold(-200_00, trx);
    clock.advance(10 * MINUTE - SECOND);
    expect((await cash(cashier, cabinet.id, 1, -200_00, trx)).status).toBe(202);
    await auditExpiredApprovals({ db: suite.db, clock });
    expect(await expiryEntries(trx)).toEqual([]);
    clock.advance(SECOND);
    expect(answer(await cash(cashier, cabinet.id, 1, -200_00, trx))).toEqual({
      status: 403,
      body: { err: ERR.approvalExpired },
    });
    expect(answer(await decide(manager, pending.approval_id, { decision: 'approve' }))).toEqual({
      status: 403,
      body: { err: ERR.approvalExpired },
    });
    const expired = await manager.get<{ id: string }[]>(
      `/a/manager/account/${venueId}/approvals?status=expired`,
    );
    expect(expired.body.map((a) => a.id)).toContain(pending.approval_id);
    expect(await entriesOf(1)).toBe(1000_00);
    // The audit log tells it too, once, however often the sweep runs (two at once, as two processes),
    // and the venue's screens are told of each request that expired, once (this one's device among them).
    const told: Change[] = [];
    const changes = { publish: async (change: Change) => void told.push(change) };
    const written = await Promise.all([
      auditExpiredApprovals({ db: suite.db, clock, changes }),
      auditExpiredApprovals({ db: suite.db, clock, changes }),
    ]);
    expect(await auditExpiredApprovals({ db: suite.db, clock, changes })).toBe(0);
    expect(told).toHaveLength(written[0]! + written[1]!);
    expect(told).toContainEqual(approvalsChange(venueId, cabinet.id));
    expect(await expiryEntries(trx)).toEqual([
      expect.objectContaining({
        action: 'approval.expire',
        actor_login: 'system',
        after: expect.objectContaining({ approval_id: pending.approval_id, status: 'expired' }),
      }),
    ]);
  });

  it('lets the cashier retract their request while it waits', async () => {
    const trx = newTrx();
    const pending = await hold(-200_00, trx);
    const retract = `/a/cashier/approvals/${pending.approval_id}/withdraw`;
    expect(answer(await cashier.post(retract, {}))).toEqual({
      status: 200,
      body: { id: pending.approval_id, status: 'withdrawn', outcome: null },
    });
    expect(answer(await cash(cashier, cabinet.id, 1, -200_00, trx))).toEqual({
      status: 403,
      body: { err: ERR.approvalWithdrawn },
    });
    expect(answer(await decide(manager, pending.approval_id, { decision: 'approve' }))).toEqual({
      status: 409,
      body: { err: ERR.alreadyDecided },
    });
    // Another cashier's request is not theirs to retract.
    const { client: other } = await cashierClient(suite.server, suite.db, venueId);
    const theirs = await hold(-200_00);
    expect((await other.post(`/a/cashier/approvals/${theirs.approval_id}/withdraw`, {})).status).toBe(404);
  });

  it("an approval racing the cashier's retraction ends in exactly one outcome", async () => {
    for (let round = 0; round < 4; round++) {
      const trx = newTrx();
      const pending = await hold(-120_00, trx);
      const before = await entriesOf(1);
      const [approved, withdrawn] = await Promise.all([
        decide(manager, pending.approval_id, { decision: 'approve' }),
        cashier.post(`/a/cashier/approvals/${pending.approval_id}/withdraw`, {}),
      ]);
      expect([approved.status, withdrawn.status].sort()).toEqual([200, 409]);
      const moved = before - (await entriesOf(1));
      expect(moved).toBe(approved.status === 200 ? 120_00 : 0);
      const answerNow = await cash(cashier, cabinet.id, 1, -120_00, trx);
      expect(answerNow.status).toBe(approved.status === 200 ? 200 : 403);
    }
  });

  it('two managers approving at once apply the withdraw once', async () => {
    const pending = await hold(-400_00);
    const both = await Promise.all([
      decide(manager, pending.approval_id, { decision: 'approve' }),
      decide(secondManager, pending.approval_id, { decision: 'approve' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await entriesOf(1)).toBe(600_00);
  });
});
