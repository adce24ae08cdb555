// Cash-drawer shifts over HTTP (docs/api.md, "Shifts"): open, the blind current shift, the close and its
// figures, idempotency by trx, one open shift per cashier, 403 `no open shift` before the trx is claimed,
// the audit entries and the back office's list and Z-reports.
import {
  ERR,
  MAX_COUNTED_CENTS,
  openShift as openShiftSchema,
  zReport,
  type AuditEntry,
  type ShiftListRow,
} from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { signedInAs, type SignedIn } from '../back-office/support.js';
import { testDatabases } from '../helpers/databases.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import {
  answer,
  cash,
  closeShift,
  newTrx,
  openShift,
  placeEntries,
  shiftVenue,
  type ShiftVenue,
} from './support.js';

describe.each(testDatabases)('cash-drawer shifts on $name', (database) => {
  let v: ShiftVenue;
  let admin: SignedIn;
  let manager: SignedIn;

  const suite = useTestServer(database);
  beforeAll(async () => {
    v = await shiftVenue(suite.server, suite.db);
    admin = await signedInAs(suite.server, suite.db, 'admin', null);
    manager = await signedInAs(suite.server, suite.db, 'manager', v.venue.id);
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  async function floatOf(accountId: number): Promise<number> {
    const row = await suite.db.kysely
      .selectFrom('accounts')
      .select('balance_cents')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return row.balance_cents;
  }

  it('refuses a cash call without an open shift before claiming its trx, which then works once open', async () => {
    const trx = newTrx();
    const floatBefore = await floatOf(v.venue.id);
    expect(answer(await cash(v, 10_00, trx))).toEqual({ status: 403, body: { err: ERR.noOpenShift } });
    expect(await floatOf(v.venue.id)).toBe(floatBefore);
    const stored = await suite.db.kysely
      .selectFrom('operations')
      .select('id')
      .where('trx', '=', trx)
      .execute();
    expect(stored).toEqual([]);
    // A withdraw is a cash call too.
    expect((await cash(v, -1_00)).body).toEqual({ err: ERR.noOpenShift });
    expect((await v.cashier.get('/a/cashier/shift')).status).toBe(404);

    const opened = await openShift(v, 100_00);
    expect(opened.status).toBe(200);
    const deposit = await cash(v, 10_00, trx);
    expect(deposit.status).toBe(200);
    expect(await floatOf(v.venue.id)).toBe(floatBefore - 10_00);
    const current = await v.cashier.get<Record<string, unknown>>('/a/cashier/shift');
    expect(current.body).toEqual({ ...opened.body, operations: 1 });
    // The count is blind: nothing the cashier sees before the close gives the expected drawer away.
    expect(Object.keys(current.body).sort()).toEqual(['id', 'opened_at', 'opening_cents', 'operations']);
    // Close it, so the next test starts without a shift.
    await closeShift(v, 110_00);
  });

  it('opens once per cashier, idempotent by trx, and a changed payload is a trx conflict', async () => {
    const trx = newTrx();
    const first = await openShift(v, 50_00, trx);
    expect(first.status).toBe(200);
    expect(openShiftSchema.parse(first.body)).toMatchObject({ opening_cents: 50_00, operations: 0 });
    expect(answer(await openShift(v, 50_00, trx))).toEqual(answer(first));
    expect(answer(await openShift(v, 60_00, trx))).toEqual({ status: 422, body: { err: ERR.trxConflict } });
    const second = newTrx();
    expect(answer(await openShift(v, 50_00, second))).toEqual({
      status: 422,
      body: { err: ERR.shiftAlreadyOpen },
    });
    // A money-rule refusal is stored under its trx like any answer: its replay answers the same.
    expect((await openShift(v, 50_00, second)).status).toBe(422);
    const open = await suite.db.kysely
      .selectFrom('shifts')
      .select('id')
      .where('user_id', '=', v.cashierId)
      .where('closed_at_ms', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
    await closeShift(v, 50_00);
  });

  it('closes blind: expected = opening + deposits - withdrawals and cash-outs, the difference, final', async () => {
    expect((await openShift(v, 200_00)).status).toBe(200);
    expect((await cash(v, 80_00)).status).toBe(200);
    expect((await cash(v, 30_00)).status).toBe(200);
    expect((await cash(v, -25_00)).status).toBe(200);
    // A refused withdraw moves nothing and counts nowhere.
    expect((await cash(v, -1_000_000_00)).status).toBe(422);
    const entries = await placeEntries(suite.db, v.deviceId);
    expect((await cash(v, -entries)).status).toBe(200); // the cash-out
    const expected = 200_00 + 80_00 + 30_00 - 25_00 - entries;

    const trx = newTrx();
    const closed = await closeShift(v, expected - 3_50, trx);
    expect(closed.status).toBe(200);
    const report = zReport.parse(closed.body);
    expect(report).toMatchObject({
      venue: v.venue.name,
      currency: 'EUR',
      cashier_id: v.cashierId,
      opening_cents: 200_00,
      operations: 4,
      deposits: 2,
      deposits_cents: 110_00,
      withdraws: 1,
      cash_outs: 1,
      cash_outs_cents: entries,
      withdrawals_cents: 25_00 + entries,
      expected_cents: expected,
      counted_cents: expected - 3_50,
      difference_cents: -3_50,
    });
    expect(Date.parse(report.closed_at)).toBeGreaterThanOrEqual(Date.parse(report.opened_at));
    // Replayed, the close answers the same; another count under the trx is a conflict.
    expect(answer(await closeShift(v, expected - 3_50, trx))).toEqual(answer(closed));
    expect((await closeShift(v, expected, trx)).body).toEqual({ err: ERR.trxConflict });
    // Final: no shift is open any more, so another close and any cash call are refused.
    expect(answer(await closeShift(v, expected))).toEqual({ status: 403, body: { err: ERR.noOpenShift } });
    expect((await cash(v, 1_00)).status).toBe(403);
    expect((await v.cashier.get('/a/cashier/shift')).status).toBe(404);
  });

  it('replays a cash call of a closed shift with its stored answer, not a refusal', async () => {
    expect((await openShift(v, 0)).status).toBe(200);
    const trx = newTrx();
    const deposit = await cash(v, 5_00, trx);
    expect(deposit.status).toBe(200);
    await closeShift(v, 5_00);
    expect(answer(await cash(v, 5_00, trx))).toEqual(answer(deposit));
  });

  it("keeps a shift trx to its own cashier: the same trx opens and closes each cashier's own shift", async () => {
    const first = await shiftVenue(suite.server, suite.db);
    const second = await shiftVenue(suite.server, suite.db);
    const [openTrx, closeTrx] = [newTrx(), newTrx()];
    const a = await openShift(first, 10_00, openTrx);
    const b = await openShift(second, 20_00, openTrx);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toMatchObject({ opening_cents: 20_00 });
    expect(b.body['id']).not.toBe(a.body['id']);
    const closedA = await closeShift(first, 10_00, closeTrx);
    const closedB = await closeShift(second, 19_00, closeTrx);
    expect([closedA.status, closedB.status]).toEqual([200, 200]);
    expect(closedA.body).toMatchObject({ id: a.body['id'], difference_cents: 0 });
    expect(closedB.body).toMatchObject({ id: b.body['id'], difference_cents: -1_00 });
  });

  it('holds one open shift per cashier in the database itself, not only in the code', async () => {
    const u = await shiftVenue(suite.server, suite.db);
    expect((await openShift(u, 0)).status).toBe(200);
    const insert = suite.db.kysely
      .insertInto('shifts')
      .values({
        account_id: u.venue.id,
        user_id: u.cashierId,
        opened_at_ms: Date.now(),
        opening_cents: 0,
        open_trx: newTrx(),
      })
      .execute();
    await expect(insert).rejects.toThrow();
    await closeShift(u, 0);
  });

  it('leaves a venue without shifts as it was: cash calls need no shift', async () => {
    const plain = await shiftVenue(suite.server, suite.db, { shifts: false });
    expect((await cash(plain, 10_00)).status).toBe(200);
    expect((await cash(plain, -10_00)).status).toBe(200);
    const tied = await suite.db.kysely
      .selectFrom('operations')
      .select('shift_id')
      .where('user_id', '=', plain.cashierId)
      .execute();
    expect(tied.map((o) => o.shift_id)).toEqual([null, null]);
  });

  it('validates counts in the contract format and does not use up the trx', async () => {
    const trx = newTrx();
    for (const counted of [-1, 1.5, '100', null, 2 ** 53]) {
      const res = await v.cashier.post<{ err: string; issues: unknown[] }>('/a/cashier/shift/open', {
        counted_cents: counted,
        trx,
      });
      expect(res.status).toBe(400);
      expect(res.body.err).toBe(ERR.validation);
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
    expect((await v.cashier.post('/a/cashier/shift/open', { counted_cents: 0, trx, extra: 1 })).status).toBe(
      400,
    );
    expect((await openShift(v, 0, trx)).status).toBe(200);
    await closeShift(v, 0);
  });

  it(`holds counts to ${MAX_COUNTED_CENTS} (400, nothing written, trx unused); the ceiling itself closes exactly`, async () => {
    const past = Number.MAX_SAFE_INTEGER; // accepted before, and the expected figure left the safe range
    const tooBig = {
      status: 400,
      body: { err: ERR.validation, issues: [expect.objectContaining({ path: 'counted_cents' })] },
    };
    const openTrx = newTrx();
    expect(answer(await openShift(v, past, openTrx))).toEqual(tooBig);
    expect((await v.cashier.get('/a/cashier/shift')).status).toBe(404);
    const opened = await openShift(v, MAX_COUNTED_CENTS, openTrx);
    expect(opened.status).toBe(200);
    expect((await cash(v, 3_00)).status).toBe(200);
    expect((await cash(v, -1_00)).status).toBe(200);

    const closeTrx = newTrx();
    expect(answer(await closeShift(v, past, closeTrx))).toEqual(tooBig);
    expect((await v.cashier.get('/a/cashier/shift')).body).toEqual({ ...opened.body, operations: 2 });
    const closed = await closeShift(v, MAX_COUNTED_CENTS, closeTrx);
    const figures = {
      opening_cents: MAX_COUNTED_CENTS,
      deposits_cents: 3_00,
      withdrawals_cents: 1_00,
      expected_cents: MAX_COUNTED_CENTS + 2_00,
      counted_cents: MAX_COUNTED_CENTS,
      difference_cents: -2_00,
    };
    expect(answer(closed)).toEqual({ status: 200, body: expect.objectContaining(figures) });
    const stored = await suite.db.kysely
      .selectFrom('shifts')
      .select(['opening_cents', 'expected_cents', 'counted_cents', 'difference_cents'])
      .where('id', '=', opened.body.id as number)
      .executeTakeFirstOrThrow();
    const { deposits_cents: _d, withdrawals_cents: _w, ...row } = figures;
    expect(stored).toEqual(row);
  });

  it('refuses a close whose expected figure would leave the safe range with 400, the shift still open', async () => {
    const huge = 2 ** 52 + 1; // the ceiling's opening plus this is 2^53: not exact any more
    const rich = await shiftVenue(suite.server, suite.db, { float: huge, max_amount: huge });
    expect((await openShift(rich, MAX_COUNTED_CENTS)).status).toBe(200);
    expect((await cash(rich, huge)).status).toBe(200);
    const trx = newTrx();
    const refused = await closeShift(rich, 0, trx);
    expect(answer(refused)).toEqual({
      status: 400,
      body: { err: ERR.validation, issues: [expect.objectContaining({ path: 'counted_cents' })] },
    });
    expect((await rich.cashier.get('/a/cashier/shift')).status).toBe(200);
    // What the cashier does: pays the place out, and the close under the same trx works.
    expect((await cash(rich, -huge)).status).toBe(200);
    expect(answer(await closeShift(rich, MAX_COUNTED_CENTS, trx))).toMatchObject({
      status: 200,
      body: { expected_cents: MAX_COUNTED_CENTS, difference_cents: 0 },
    });
  });

  it('audits opens and closes, and the back office lists shifts with their Z-reports', async () => {
    const audit = await manager.client.get<AuditEntry[]>('/a/admin/audit');
    expect(audit.status).toBe(403); // the admin's log; a manager reads the account's
    const entries = await admin.client.get<AuditEntry[]>(`/a/admin/audit?action=shift.close`);
    expect(entries.status).toBe(200);
    const closes = entries.body.filter((e) => e.account_id === v.venue.id);
    expect(closes.length).toBeGreaterThanOrEqual(4);
    expect(closes[0]).toMatchObject({
      actor_id: v.cashierId,
      action: 'shift.close',
      target_type: 'user',
      target_id: v.cashierId,
    });
    const opens = await admin.client.get<AuditEntry[]>(`/a/admin/audit?action=shift.open`);
    const venueOpens = opens.body.filter((e) => e.account_id === v.venue.id);
    expect(venueOpens.length).toBe(closes.length);
    // What a manager reads in the log: which shift, the opening count; the close's count and figures.
    expect(venueOpens[0]!.after).toEqual({
      shift_id: expect.any(Number),
      opening_cents: expect.any(Number),
    });
    expect(closes[0]!.after).toMatchObject({
      shift_id: venueOpens[0]!.after!['shift_id'],
      counted_cents: expect.any(Number),
      expected_cents: expect.any(Number),
      difference_cents: expect.any(Number),
    });
    expect(closes[0]!.trx).toEqual(expect.any(String));

    const list = await manager.client.get<ShiftListRow[]>(`/a/manager/account/${v.venue.id}/shifts`);
    expect(list.status).toBe(200);
    expect(list.body.length).toBe(closes.length);
    const ids = list.body.map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const short = list.body.find((s) => s.difference_cents === -3_50);
    expect(short).toBeDefined();
    const page = await manager.client.get<ShiftListRow[]>(
      `/a/manager/account/${v.venue.id}/shifts?limit=2&before=${ids[0]}`,
    );
    expect(page.body.map((s) => s.id)).toEqual(ids.slice(1, 3));
    const byCashier = await admin.client.get<ShiftListRow[]>(
      `/a/manager/account/${v.venue.id}/shifts?user_id=${v.cashierId + 1000}`,
    );
    expect(byCashier.body).toEqual([]);

    const z = await manager.client.get(`/a/manager/account/${v.venue.id}/shifts/${short!.id}`);
    expect(z.status).toBe(200);
    expect(zReport.parse(z.body)).toMatchObject({ id: short!.id, difference_cents: -3_50 });

    const other = await shiftVenue(suite.server, suite.db);
    const otherManager = await signedInAs(suite.server, suite.db, 'manager', other.venue.id);
    expect((await otherManager.client.get(`/a/manager/account/${v.venue.id}/shifts`)).status).toBe(403);
    // Another account's shift is not found under this one, and an open shift has no Z-report yet.
    expect(
      (await otherManager.client.get(`/a/manager/account/${other.venue.id}/shifts/${short!.id}`)).status,
    ).toBe(404);
    const opened = await openShift(other, 0);
    const openId = (opened.body as { id: number }).id;
    expect(
      (await otherManager.client.get(`/a/manager/account/${other.venue.id}/shifts/${openId}`)).status,
    ).toBe(404);
    expect((await v.cashier.get(`/a/manager/account/${v.venue.id}/shifts`)).status).toBe(403);
  });

  it('names an open and a close in the audit log and in their idempotency records', async () => {
    const fresh = await shiftVenue(suite.server, suite.db);
    const [openTrx, closeTrx] = [newTrx(), newTrx()];
    const opened = await openShift(fresh, 50_00, openTrx);
    expect(opened.status).toBe(200);
    const shiftId = opened.body['id'];
    expect((await cash(fresh, 5_00)).status).toBe(200);
    expect((await closeShift(fresh, 54_00, closeTrx)).status).toBe(200);

    const log = await admin.client.get<AuditEntry[]>(`/a/manager/account/${fresh.venue.id}/audit`);
    expect(log.status).toBe(200);
    const ofShift = log.body
      .filter((entry) => entry.trx === openTrx || entry.trx === closeTrx)
      .map((entry) => ({ action: entry.action, after: entry.after }));
    expect(ofShift).toEqual([
      {
        action: 'shift.close',
        after: { shift_id: shiftId, counted_cents: 54_00, expected_cents: 55_00, difference_cents: -1_00 },
      },
      { action: 'shift.open', after: { shift_id: shiftId, opening_cents: 50_00 } },
    ]);
    // What a backup or an audit of the database reads beside each stored answer.
    const records = await suite.db.kysely
      .selectFrom('operations')
      .select(['trx', 'kind'])
      .where('trx', 'in', [openTrx, closeTrx])
      .orderBy('id')
      .execute();
    expect(records).toEqual([
      { trx: openTrx, kind: 'shift_open' },
      { trx: closeTrx, kind: 'shift_close' },
    ]);
  });

  it('turns the setting on and off from the back office (audited like any setting)', async () => {
    const plain = await shiftVenue(suite.server, suite.db, { shifts: false });
    const boss = await signedInAs(suite.server, suite.db, 'manager', plain.venue.id);
    const on = await boss.client.post<{ shifts: boolean }>(`/a/manager/account/${plain.venue.id}`, {
      shifts: true,
    });
    expect(on.body.shifts).toBe(true);
    expect((await cash(plain, 1_00)).body).toEqual({ err: ERR.noOpenShift });
    const balance = await plain.cashier.get<{ shifts: boolean }>('/a/cashier/account_balance');
    expect(balance.body.shifts).toBe(true);
    await boss.client.post(`/a/manager/account/${plain.venue.id}`, { shifts: false });
    expect((await cash(plain, 1_00)).status).toBe(200);
    expect((await boss.client.post(`/a/manager/account/${plain.venue.id}`, { shifts: 'yes' })).status).toBe(
      400,
    );
  });
});
