// The blind close's difference on each side of zero (apps/server/src/shifts/shifts.service.ts, difference =
// counted - expected), over HTTP: a drawer one cent short, one cent over and exactly even, each as the
// cashier's Z-report answers it, as the back office lists it and shows its Z-report, and in the close's
// audit entry; the cashier's blind view never shows the expected figure before the close.
import type { AuditEntry, ShiftListRow, ZReport } from '@cashdesk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { signedInAs } from '../back-office/support.js';
import { testDatabases } from '../helpers/databases.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cash, closeShift, openShift, placeEntries, shiftVenue } from './support.js';

describe.each(testDatabases)('the blind close on each side of an even drawer on $name', (database) => {
  const suite = useTestServer(database);
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  const ok = async (res: Promise<{ status: number; body: unknown }>) => {
    const answer = await res;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Record<string, unknown>;
  };

  it.each([
    ['one cent short', -1],
    ['one cent over', 1],
    ['exactly even', 0],
  ] as const)('closes a drawer %s with that difference everywhere it is shown', async (_name, difference) => {
    // A venue of its own for each case: one that fails leaves no shift open for the next.
    const v = await shiftVenue(suite.server, suite.db);
    const manager = await signedInAs(suite.server, suite.db, 'manager', v.venue.id);
    const opened = await ok(openShift(v, 100_00));
    await ok(cash(v, 50_00));
    await ok(cash(v, -20_00));
    await ok(cash(v, 7_00));
    // A cash-out of what the seat holds: it leaves the drawer like a withdrawal.
    const onSeat = await placeEntries(suite.db, v.deviceId);
    await ok(cash(v, -onSeat));
    const expected = 100_00 + 50_00 - 20_00 + 7_00 - onSeat;

    // Blind: nothing the cashier reads before the close gives the expected figure away.
    const current = await ok(v.cashier.get('/a/cashier/shift'));
    expect(Object.keys(current).sort()).toEqual(['id', 'opening_cents', 'opened_at', 'operations'].sort());

    const counted = expected + difference;
    const closed = (await ok(closeShift(v, counted))) as unknown as ZReport;
    const figures = { expected_cents: expected, counted_cents: counted, difference_cents: difference };
    expect(closed).toMatchObject({ id: opened['id'], opening_cents: 100_00, operations: 4, ...figures });

    const path = `/a/manager/account/${v.venue.id}/shifts`;
    const listed = (await manager.client.get<ShiftListRow[]>(`${path}?user_id=${v.cashierId}`)).body;
    expect(listed.find((s) => s.id === opened['id'])).toMatchObject(figures);
    const z = await manager.client.get<ZReport>(`${path}/${String(opened['id'])}`);
    expect(z.status).toBe(200);
    expect(z.body).toMatchObject(figures);

    const audit = await manager.client.get<AuditEntry[]>(
      `/a/manager/account/${v.venue.id}/audit?action=shift.close`,
    );
    const entry = audit.body.find((e) => (e.after as { shift_id?: unknown }).shift_id === opened['id']);
    expect(entry?.after).toMatchObject(figures);
  });
});
