// Four eyes' window at its edge (docs/product.md section 12; APPROVAL_WINDOW_MS, 10 minutes, in
// apps/server/src/ledger/money-rules.ts), through the API with the test clock: a held-back withdraw is
// still pending 10 minutes minus 1 ms after its request (the cashier's replay waits, the list shows it
// pending, a manager's approval pays it, a decline or the cashier's retraction ends it) and expired at
// exactly 10 minutes (the replay, the approval, the decline and the retraction are 403 `approval
// expired`, the list shows it expired, nothing moves); the daily report counts it expired from that ms on.
import { ERR, type Approval, type DailyReport } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/schema.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { answer, cash, newTrx } from '../helpers/cashier.js';
import { FakeClock, MINUTE } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, createUserWithPassword } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

const PASSWORD = 'the manager knows this one';
const WINDOW = 10 * MINUTE;
const expired = { status: 403, body: { err: ERR.approvalExpired } };

type Action = 'replay' | 'approve' | 'decline' | 'retract';

describe.each(testDatabases)("four eyes' window at its edge on $name", (database) => {
  let venueId: number;
  let deviceId: number;
  let cashierUser: UserRow;
  let managerUser: UserRow;

  const clock = new FakeClock(Date.UTC(2026, 10, 22, 12)); // noon: every request below is of one gaming day
  const suite = useTestServer(database, { clock });
  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 1_000_000_00 })).id;
    deviceId = (await createLinkedDevice(suite.db, { account_id: venueId })).id;
    cashierUser = await createTestUser(suite.db, { account_id: venueId });
    ({ user: managerUser } = await createUserWithPassword(suite.db, {
      account_id: venueId,
      role: 'manager',
      password: PASSWORD,
    }));
    const set = await (await manager()).post(`/a/manager/account/${venueId}`, { approval_above: 100_00 });
    expect(set.status).toBe(200);
    expect((await cash(await cashier(), deviceId, 1, 100_000_00)).status).toBe(200);
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  // Sessions made at the clock's time: the clock moves 10 minutes a test.
  const cashier = () => clientForUser(suite.server, cashierUser);
  const manager = () => clientForUser(suite.server, managerUser);

  const entries = async (): Promise<number> => {
    const row = await suite.db.kysely
      .selectFrom('places')
      .select('entries_cents')
      .where('device_id', '=', deviceId)
      .where('place', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.entries_cents);
  };

  /** A withdraw above the venue's approval_above, held back at the clock's time. */
  async function hold(): Promise<{ id: string; trx: string; at: number }> {
    const trx = newTrx();
    const res = await cash(await cashier(), deviceId, 1, -200_00, trx);
    expect(answer(res)).toEqual({
      status: 202,
      body: { status: 'pending', approval_id: expect.any(String), trx },
    });
    return { id: (res.body as { approval_id: string }).approval_id, trx, at: clock.now() };
  }

  async function statusInList(id: string): Promise<string[]> {
    const client = await manager();
    const shown: string[] = [];
    for (const status of ['pending', 'expired']) {
      const list = await client.get<Approval[]>(`/a/manager/account/${venueId}/approvals?status=${status}`);
      if (list.body.some((a) => a.id === id)) shown.push(status);
    }
    return shown;
  }

  async function act(action: Action, held: { id: string; trx: string }) {
    const decide = async (decision: 'approve' | 'decline') =>
      (await manager()).post(`/a/manager/account/${venueId}/approvals/${held.id}`, {
        decision,
        password: PASSWORD,
        reason: 'at the edge',
      });
    switch (action) {
      case 'replay':
        return cash(await cashier(), deviceId, 1, -200_00, held.trx);
      case 'approve':
        return decide('approve');
      case 'decline':
        return decide('decline');
      case 'retract':
        return (await cashier()).post(`/a/cashier/approvals/${held.id}/withdraw`, {});
    }
  }

  /** What each action answers while the request still waits, and what it moves (cents off the seat). */
  const inTime: Record<Action, { status: number; body: unknown; moved: number }> = {
    replay: { status: 202, body: { status: 'pending' }, moved: 0 },
    approve: { status: 200, body: { status: 'approved' }, moved: 200_00 },
    decline: { status: 200, body: { status: 'declined' }, moved: 0 },
    retract: { status: 200, body: { status: 'withdrawn' }, moved: 0 },
  };

  it.each(['replay', 'approve', 'decline', 'retract'] as const)(
    '%s: still pending at 10 minutes minus 1 ms',
    async (action) => {
      const held = await hold();
      clock.set(held.at + WINDOW - 1);
      expect(await statusInList(held.id)).toEqual(['pending']);
      const before = await entries();
      const res = await act(action, held);
      expect(res.status, JSON.stringify(res.body)).toBe(inTime[action].status);
      expect(res.body).toMatchObject(inTime[action].body as object);
      expect(before - (await entries())).toBe(inTime[action].moved);
    },
  );

  it.each(['replay', 'approve', 'decline', 'retract'] as const)(
    '%s: expired at exactly 10 minutes, nothing moves',
    async (action) => {
      const held = await hold();
      clock.set(held.at + WINDOW);
      expect(await statusInList(held.id)).toEqual(['expired']);
      const before = await entries();
      expect(answer(await act(action, held))).toEqual(expired);
      expect(await entries()).toBe(before);
      // Still expired for the cashier's replay, whatever was tried.
      expect(answer(await act('replay', held))).toEqual(expired);
    },
  );

  it('counts a request in the daily report as expired from exactly 10 minutes on, not 1 ms before', async () => {
    const report = async () =>
      (await (await manager()).get<DailyReport>(`/a/manager/account/${venueId}/daily_report?day=2026-11-22`))
        .body.total.approvals_expired;
    const held = await hold();
    clock.set(held.at + WINDOW - 1);
    const before = await report();
    clock.set(held.at + WINDOW);
    expect(await report()).toBe(before + 1);
  });
});
