// The till's drawer over HTTP (docs/api.md, "The till's drawer"): counts by notes and coins at the open
// and the close, drops, paid-ins and paid-outs in the open shift (idempotent by trx, the cashier's own
// open shift only, bad input refused in the contract's format, nothing half-written), the X-report, and
// that none of it touches a ledger balance while the close's expected figure takes it in.
import {
  ERR,
  MAX_COUNTED_CENTS,
  MAX_DENOMINATION_QUANTITY,
  drawerMovement,
  xReport,
  zReport,
  type AuditEntry,
  type DenominationLine,
} from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { signedInAs, type SignedIn } from '../back-office/support.js';
import { testDatabases } from '../helpers/databases.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { answer, cash, closeShift, newTrx, openShift, shiftVenue, type ShiftVenue } from './support.js';

type Body = Record<string, unknown>;

function countRequest(v: ShiftVenue, stage: 'open' | 'close', body: Body) {
  return v.cashier.post<Body>(`/a/cashier/shift/${stage}`, { trx: newTrx(), ...body });
}

function move(v: ShiftVenue, shiftId: unknown, kind: string, body: Body) {
  return v.cashier.post<Body>(`/a/cashier/shift/${String(shiftId)}/${kind}`, { trx: newTrx(), ...body });
}

function validation(path: string) {
  return {
    status: 400,
    body: { err: ERR.validation, issues: expect.arrayContaining([expect.objectContaining({ path })]) },
  };
}

describe.each(testDatabases)('the till drawer on $name', (database) => {
  let v: ShiftVenue;
  let manager: SignedIn;

  const suite = useTestServer(database);
  beforeAll(async () => {
    v = await shiftVenue(suite.server, suite.db);
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

  async function ledgerRowsOf(trx: string): Promise<number> {
    const rows = await suite.db.kysely
      .selectFrom('ledger_entries')
      .select('id')
      .where('trx', '=', trx)
      .execute();
    return rows.length;
  }

  async function auditOf(action: string, trx: string): Promise<AuditEntry[]> {
    const res = await manager.client.get<AuditEntry[]>(`/a/manager/account/${v.venue.id}/audit`);
    expect(res.status).toBe(200);
    return res.body.filter((entry) => entry.action === action && entry.trx === trx);
  }

  it('opens and closes with a count by notes and coins: the server sums it and keeps it with the shift', async () => {
    const opening: DenominationLine[] = [
      { value_cents: 50_00, quantity: 2 },
      { value_cents: 5_00, quantity: 3 },
      { value_cents: 1, quantity: 7 },
      { value_cents: 200_00, quantity: 0 },
    ];
    const trx = newTrx();
    const opened = await countRequest(v, 'open', { denominations: opening, trx });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ opening_cents: 115_07, operations: 0 });
    // Replayed, the same answer; the same sum split otherwise is another request.
    expect(answer(await countRequest(v, 'open', { denominations: opening, trx }))).toEqual(answer(opened));
    const sameSumOtherNotes = [
      { value_cents: 100_00, quantity: 1 },
      { value_cents: 10_00, quantity: 1 },
      { value_cents: 5_00, quantity: 1 },
      { value_cents: 5, quantity: 1 },
      { value_cents: 2, quantity: 1 },
    ];
    expect(answer(await countRequest(v, 'open', { denominations: sameSumOtherNotes, trx }))).toEqual({
      status: 422,
      body: { err: ERR.trxConflict },
    });

    expect((await cash(v, 20_00)).status).toBe(200);
    const closing = [
      { value_cents: 100_00, quantity: 1 },
      { value_cents: 20_00, quantity: 1 },
      { value_cents: 10_00, quantity: 1 },
      { value_cents: 5_00, quantity: 1 },
      { value_cents: 1, quantity: 7 },
    ];
    // Both forms at once when they agree.
    const closed = await countRequest(v, 'close', { denominations: closing, counted_cents: 135_07 });
    expect(closed.status).toBe(200);
    const report = zReport.parse(closed.body);
    expect(report).toMatchObject({
      opening_cents: 115_07,
      expected_cents: 135_07,
      counted_cents: 135_07,
      difference_cents: 0,
    });
    // Kept as entered, largest first, zero lines too.
    expect(report.opening_count).toEqual([...opening].sort((a, b) => b.value_cents - a.value_cents));
    expect(report.closing_count).toEqual(closing);
    const fromBackOffice = await manager.client.get<Body>(
      `/a/manager/account/${v.venue.id}/shifts/${report.id}`,
    );
    expect(fromBackOffice.body).toEqual(closed.body);
  });

  it('keeps a count entered as one amount without lines', async () => {
    const opened = await openShift(v, 10_00);
    const closed = zReport.parse((await closeShift(v, 10_00)).body);
    expect(closed).toMatchObject({ id: opened.body['id'], opening_count: null, closing_count: null });
  });

  it("refuses a count that is not the venue currency's notes and coins, and bad lines, without using the trx", async () => {
    const trx = newTrx();
    const refused = [
      // 3.00 is no euro note or coin.
      [{ denominations: [{ value_cents: 3_00, quantity: 1 }] }, 'denominations.0.value_cents'],
      [
        {
          denominations: [
            { value_cents: 5_00, quantity: 1 },
            { value_cents: 5_00, quantity: 2 },
          ],
        },
        'denominations.1.value_cents',
      ],
      [{ denominations: [{ value_cents: 5_00, quantity: -1 }] }, 'denominations.0.quantity'],
      [{ denominations: [{ value_cents: 5_00, quantity: 1.5 }] }, 'denominations.0.quantity'],
      [{ denominations: [{ value_cents: 5_00, quantity: '2' }] }, 'denominations.0.quantity'],
      [
        { denominations: [{ value_cents: 5_00, quantity: MAX_DENOMINATION_QUANTITY + 1 }] },
        'denominations.0.quantity',
      ],
      [{ denominations: [] }, 'denominations'],
      [{ denominations: [{ value_cents: 5_00, quantity: 1 }], counted_cents: 5_01 }, 'counted_cents'],
      [{}, 'counted_cents'],
    ] as const;
    for (const [body, path] of refused) {
      expect(answer(await countRequest(v, 'open', { ...body, trx }))).toEqual(validation(path));
    }
    expect((await v.cashier.get('/a/cashier/shift')).status).toBe(404);
    // The largest quantity is a count; the trx was never used.
    const most = [{ value_cents: 1, quantity: MAX_DENOMINATION_QUANTITY }];
    const opened = await countRequest(v, 'open', { denominations: most, trx });
    expect(opened.body).toMatchObject({ opening_cents: MAX_DENOMINATION_QUANTITY });
    await closeShift(v, MAX_DENOMINATION_QUANTITY);
  });

  it("counts a venue in its own currency's notes and coins", async () => {
    const dollars = await shiftVenue(suite.server, suite.db);
    await suite.db.kysely
      .updateTable('accounts')
      .set({ currency: 'USD' })
      .where('id', '=', dollars.venue.id)
      .execute();
    // 20 cents is a euro coin, not a dollar one; a quarter is a dollar coin, not a euro one.
    expect(
      answer(await countRequest(dollars, 'open', { denominations: [{ value_cents: 20, quantity: 1 }] })),
    ).toEqual(validation('denominations.0.value_cents'));
    const opened = await countRequest(dollars, 'open', {
      denominations: [
        { value_cents: 25, quantity: 4 },
        { value_cents: 1_00, quantity: 2 },
      ],
    });
    expect(opened.body).toMatchObject({ opening_cents: 3_00 });
    expect(
      answer(await countRequest(v, 'open', { denominations: [{ value_cents: 25, quantity: 1 }] })),
    ).toEqual(validation('denominations.0.value_cents'));
  });

  it('drops, pays in and pays out in the open shift: the close expects them, no ledger balance moves', async () => {
    const opened = await openShift(v, 300_00);
    const shiftId = opened.body['id'];
    const floatBefore = await floatOf(v.venue.id);
    expect((await cash(v, 100_00)).status).toBe(200);

    const dropTrx = newTrx();
    const drop = await move(v, shiftId, 'drop', { amount: 250_00, trx: dropTrx });
    expect(drop.status).toBe(200);
    expect(drawerMovement.parse(drop.body)).toMatchObject({
      shift_id: shiftId,
      kind: 'drop',
      amount: 250_00,
      reason: null,
      trx: dropTrx,
    });
    const paidIn = await move(v, shiftId, 'paid_in', { amount: 20_00, reason: 'Change from the office' });
    expect(paidIn.body).toMatchObject({ kind: 'paid_in', amount: 20_00, reason: 'Change from the office' });
    const outTrx = newTrx();
    const paidOut = await move(v, shiftId, 'paid_out', {
      amount: 12_50,
      reason: ' Window cleaner ',
      trx: outTrx,
    });
    // The reason is kept trimmed.
    expect(paidOut.body).toMatchObject({ kind: 'paid_out', amount: 12_50, reason: 'Window cleaner' });

    // A retry counts once; another payload under the trx is a conflict.
    expect(answer(await move(v, shiftId, 'drop', { amount: 250_00, trx: dropTrx }))).toEqual(answer(drop));
    expect(answer(await move(v, shiftId, 'drop', { amount: 251_00, trx: dropTrx }))).toEqual({
      status: 422,
      body: { err: ERR.trxConflict },
    });
    expect(answer(await move(v, shiftId, 'paid_in', { amount: 250_00, reason: 'x', trx: dropTrx }))).toEqual({
      status: 422,
      body: { err: ERR.trxConflict },
    });

    // The drawer is the cashier's cash: the float moved by the deposit alone, and no movement has a
    // ledger row.
    expect(await floatOf(v.venue.id)).toBe(floatBefore - 100_00);
    expect(await ledgerRowsOf(dropTrx)).toBe(0);
    expect(await ledgerRowsOf(outTrx)).toBe(0);

    const audit = await auditOf('shift.paid_out', outTrx);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'shift.paid_out',
        actor_id: v.cashierId,
        target_type: 'user',
        target_id: v.cashierId,
        account_id: v.venue.id,
        reason: 'Window cleaner',
        after: expect.objectContaining({ shift_id: shiftId, amount_cents: 12_50 }),
      }),
    ]);
    expect(await auditOf('shift.drop', dropTrx)).toHaveLength(1);

    // The X-report: the figures so far, and nothing that is the close's (the count stays blind).
    const xRes = await v.cashier.get<Body>(`/a/cashier/shift/${String(shiftId)}/x_report`);
    expect(xRes.status).toBe(200);
    const x = xReport.parse(xRes.body);
    expect(x).toMatchObject({
      id: shiftId,
      cashier_id: v.cashierId,
      opening_cents: 300_00,
      operations: 1,
      deposits: 1,
      deposits_cents: 100_00,
      drops: 1,
      drops_cents: 250_00,
      paid_ins: 1,
      paid_in_cents: 20_00,
      paid_outs: 1,
      paid_out_cents: 12_50,
      opening_count: null,
    });
    expect(x.movements.map((m) => [m.kind, m.amount])).toEqual([
      ['drop', 250_00],
      ['paid_in', 20_00],
      ['paid_out', 12_50],
    ]);
    for (const key of ['expected_cents', 'counted_cents', 'difference_cents', 'closed_at']) {
      expect(xRes.body).not.toHaveProperty(key);
    }
    // Reading it closes nothing.
    expect((await v.cashier.get('/a/cashier/shift')).status).toBe(200);

    const expected = 300_00 + 100_00 - 250_00 + 20_00 - 12_50;
    const closed = zReport.parse((await closeShift(v, expected)).body);
    expect(closed).toMatchObject({
      expected_cents: expected,
      difference_cents: 0,
      drops: 1,
      drops_cents: 250_00,
      paid_ins: 1,
      paid_in_cents: 20_00,
      paid_outs: 1,
      paid_out_cents: 12_50,
    });
    expect(closed.movements).toEqual(x.movements);

    // Closed: no movement and no X-report any more; the trx is not used up by the refusal.
    const lateTrx = newTrx();
    expect(answer(await move(v, shiftId, 'drop', { amount: 1_00, trx: lateTrx }))).toEqual({
      status: 403,
      body: { err: ERR.noOpenShift },
    });
    expect(answer(await v.cashier.get(`/a/cashier/shift/${String(shiftId)}/x_report`))).toEqual({
      status: 403,
      body: { err: ERR.noOpenShift },
    });
    // A movement made before the close replays its stored answer.
    expect(answer(await move(v, shiftId, 'drop', { amount: 250_00, trx: dropTrx }))).toEqual(answer(drop));
    const reopened = await openShift(v, 0);
    const used = await move(v, reopened.body['id'], 'drop', { amount: 1_00, trx: lateTrx });
    expect(used.status).toBe(200);
    await closeShift(v, 0);
  });

  it('refuses bad amounts and missing reasons in the contract format, nothing written, trx unused', async () => {
    const shiftId = (await openShift(v, 0)).body['id'];
    const trx = newTrx();
    for (const amount of [0, -1_00, 1.5, '100', null, MAX_COUNTED_CENTS + 1, 2 ** 53]) {
      expect(answer(await move(v, shiftId, 'paid_in', { amount, reason: 'float', trx }))).toEqual(
        validation('amount'),
      );
    }
    for (const kind of ['paid_in', 'paid_out']) {
      expect(answer(await move(v, shiftId, kind, { amount: 1_00, trx }))).toEqual(validation('reason'));
      expect(answer(await move(v, shiftId, kind, { amount: 1_00, reason: '   ', trx }))).toEqual(
        validation('reason'),
      );
      expect(answer(await move(v, shiftId, kind, { amount: 1_00, reason: 'x'.repeat(501), trx }))).toEqual(
        validation('reason'),
      );
    }
    expect((await move(v, shiftId, 'drop', { amount: 1_00, reason: '', trx })).status).toBe(400);
    expect((await move(v, shiftId, 'drop', { amount: 1_00, trx, extra: true })).status).toBe(400);
    for (const bad of ['0', 'abc', '-1', '1.5']) {
      expect((await move(v, bad, 'drop', { amount: 1_00, trx })).status).toBe(400);
    }
    const none = await suite.db.kysely
      .selectFrom('shift_movements')
      .select('id')
      .where('shift_id', '=', shiftId as number)
      .execute();
    expect(none).toEqual([]);
    // The edges that pass: one cent, a reason of 500 characters, and the largest amount.
    expect((await move(v, shiftId, 'paid_out', { amount: 1, reason: 'x'.repeat(500), trx })).status).toBe(
      200,
    );
    expect((await move(v, shiftId, 'paid_in', { amount: MAX_COUNTED_CENTS, reason: 'float' })).status).toBe(
      200,
    );
    // A kind's sum stays within the largest count: one cent more is refused, as a 400.
    expect(answer(await move(v, shiftId, 'paid_in', { amount: 1, reason: 'float' }))).toEqual(
      validation('amount'),
    );
    await closeShift(v, MAX_COUNTED_CENTS - 1);
  });

  it("refuses another cashier's shift, another venue's, or none: 404, the trx unused", async () => {
    const colleague = await shiftVenue(suite.server, suite.db);
    // The same venue as v, another cashier.
    const sameVenue = { ...v, cashier: colleague.cashier, cashierId: colleague.cashierId };
    await suite.db.kysely
      .updateTable('users')
      .set({ account_id: v.venue.id })
      .where('id', '=', colleague.cashierId)
      .execute();
    const mine = (await openShift(v, 0)).body['id'];
    const theirs = (await openShift(sameVenue, 0)).body['id'];
    const elsewhere = await shiftVenue(suite.server, suite.db);
    const foreign = (await openShift(elsewhere, 0)).body['id'];
    const trx = newTrx();
    for (const id of [theirs, foreign, 2147483647]) {
      for (const kind of ['drop', 'paid_in', 'paid_out']) {
        expect(answer(await move(v, id, kind, { amount: 1_00, reason: 'r', trx }))).toEqual({
          status: 404,
          body: { err: ERR.notFound },
        });
      }
      expect(answer(await v.cashier.get(`/a/cashier/shift/${String(id)}/x_report`))).toEqual({
        status: 404,
        body: { err: ERR.notFound },
      });
    }
    expect(answer(await move(v, mine, 'drop', { amount: 1_00, trx }))).toMatchObject({ status: 200 });
    for (const u of [v, sameVenue, elsewhere]) await closeShift(u, 0);
  });

  it('counts each drop racing the close in the close, or refuses it: never lost, never twice', async () => {
    const racer = await shiftVenue(suite.server, suite.db);
    const shiftId = (await openShift(racer, 1_000_00)).body['id'];
    const drops = Array.from({ length: 12 }, () =>
      move(racer, shiftId, 'drop', { amount: 10_00 }).then((res) => res.status),
    );
    const close = closeShift(racer, 0);
    const [statuses, closed] = await Promise.all([Promise.all(drops), close]);
    expect(statuses.filter((status) => status !== 200 && status !== 403)).toEqual([]);
    const landed = statuses.filter((status) => status === 200).length;
    const report = zReport.parse(closed.body);
    expect(report).toMatchObject({ drops: landed, drops_cents: landed * 10_00 });
    expect(report.expected_cents).toBe(1_000_00 - landed * 10_00);
    const rows = await suite.db.kysely
      .selectFrom('shift_movements')
      .select('id')
      .where('shift_id', '=', shiftId as number)
      .execute();
    expect(rows).toHaveLength(landed);
  });
});
