// The cashier report behind the history page and statistics: the bounds a screen sends (whole seconds,
// GMT offsets), home-play devices with `remote: true`, and totals that match the operations made.
import { reportEntry, reportTotals, type ReportEntry } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { FakeClock, HOUR, MINUTE, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { ALL_RESTRICTIONS, answer, cash, linkRemote, localTime, remoteCash } from '../helpers/cashier.js';

describe.each(testDatabases)('cashier report on $name', (database) => {
  const clock = new FakeClock();
  let venueId: number;
  let cashierId: number;
  let colleagueId: number;
  /** Signed in anew by each test once it has set the clock (a session ends after its idle time). */
  let cashier: TestClient;
  let colleague: TestClient;

  async function signIn(userId: number): Promise<TestClient> {
    return clientForUser(suite.server, { id: userId }, { remember: true });
  }

  async function atTime(ms: number): Promise<void> {
    clock.set(ms);
    [cashier, colleague] = await Promise.all([signIn(cashierId), signIn(colleagueId)]);
  }

  const suite = useTestServer(database, { clock, config: { enrollmentOpen: true } });
  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 100_000_00 })).id;
    cashierId = (await createTestUser(suite.db, { account_id: venueId, restrictions: ALL_RESTRICTIONS })).id;
    colleagueId = (await createTestUser(suite.db, { account_id: venueId, restrictions: ALL_RESTRICTIONS }))
      .id;
  });

  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  async function report(client: TestClient, body: Record<string, unknown>): Promise<ReportEntry[]> {
    const res = await client.post<ReportEntry[]>('/a/cashier/report', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return reportEntry.array().parse(res.body);
  }

  async function cabinet(): Promise<number> {
    return (await createLinkedDevice(suite.db, { account_id: venueId, places: 4 })).id;
  }

  it('takes a bound written to the second as the whole second, so no operation falls between two days', async () => {
    const device = await cabinet();
    // 23:59:59.400 and 00:00:00.000 on the wall clock of GMT+01:00.
    await atTime(Date.UTC(2026, 10, 22, 22, 59, 59, 400));
    const lastOfDay = await cash(cashier, device, 1, 10_00);
    clock.set(Date.UTC(2026, 10, 22, 23, 0, 0, 0));
    const firstOfNext = await cash(cashier, device, 1, 2_00);

    const day = (date: string) => ({
      device_ids: [device],
      from: `${date}T00:00:00+01:00`,
      to: `${date}T23:59:59+01:00`,
    });
    expect((await report(cashier, day('2026-11-22'))).map((r) => r.trx)).toEqual([lastOfDay.body.trx]);
    expect((await report(cashier, day('2026-11-23'))).map((r) => r.trx)).toEqual([firstOfNext.body.trx]);
    // A bound with milliseconds is taken as written.
    const exact = { ...day('2026-11-22'), to: '2026-11-22T23:59:59.399+01:00' };
    expect(await report(cashier, exact)).toEqual([]);
  });

  it("adds the caller's operations on the venue's home-play devices when remote is true", async () => {
    await atTime(Date.UTC(2026, 10, 24, 12, 0, 0));
    const device = await cabinet();
    const phone = await linkRemote(suite.server, cashier);
    const onCabinet = await cash(cashier, device, 2, 3_00);
    clock.advance(SECOND);
    const onPhone = await remoteCash(cashier, phone, 7_00);
    clock.advance(SECOND);
    expect((await remoteCash(colleague, phone, -1_00)).status).toBe(200); // not the caller's

    const otherVenue = await createVenue(suite.db, { float: 1_000_00 });
    const outsider = await signIn((await createTestUser(suite.db, { account_id: otherVenue.id })).id);
    const theirPhone = await linkRemote(suite.server, outsider);
    expect((await remoteCash(outsider, theirPhone, 1_00)).status).toBe(200);

    const range = { device_ids: [device], from: '2026-11-24', to: '2026-11-25' };
    const trxs = async (body: Record<string, unknown>) => (await report(cashier, body)).map((r) => r.trx);
    expect(await trxs(range)).toEqual([onCabinet.body.trx]);
    expect(await trxs({ ...range, remote: false })).toEqual([onCabinet.body.trx]);
    expect(await trxs({ ...range, remote: true })).toEqual([onPhone.body.trx, onCabinet.body.trx]);
    // The phone only, for a venue whose cashier asks with no regular device.
    expect(await trxs({ ...range, device_ids: [], remote: true })).toEqual([onPhone.body.trx]);
    expect(
      answer(await outsider.post('/a/cashier/report', { ...range, device_ids: [], remote: true })),
    ).toEqual({ status: 200, body: [expect.objectContaining({ device_id: theirPhone.id })] });
  });

  it('sums, over any offset range, to exactly the operations the cashier made in it', async () => {
    const start = Date.UTC(2026, 11, 1, 0, 0, 0);
    await atTime(start - HOUR);
    const devices = [await cabinet(), await cabinet()];
    // The places hold money for the withdraws below (put there by another cashier, so not counted).
    for (const device of devices) {
      for (const place of [1, 2, 3, 4])
        expect((await cash(colleague, device, place, 100_00)).status).toBe(200);
    }
    // Every 37 min 13.457 s for two days: deposits of varied cents, and a withdraw after every third.
    const made: { at_ms: number; delta: number }[] = [];
    for (let i = 0; i < 80; i++) {
      clock.set(start + i * (37 * MINUTE + 13_457));
      const device = devices[i % 2]!;
      const delta = i % 3 === 2 ? -(i * 7 + 1) : i * 113 + 99;
      const res = await cash(cashier, device, (i % 4) + 1, delta);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      made.push({ at_ms: clock.now(), delta });
      if (i % 5 === 0) await cash(colleague, device, 1, 1_00); // another cashier's, never counted
    }

    // The same wall-clock range, 1 Dec 12:00:00 to 2 Dec 11:59:59, in five zones: five different sets of rows.
    const firstOperations = new Set<number>();
    for (const offsetMin of [-12 * 60, -5 * 60, 0, 60, 12 * 60]) {
      const fromMs = start + 12 * HOUR - offsetMin * MINUTE;
      const toMs = fromMs + 24 * HOUR - SECOND;
      const rows = await report(cashier, {
        device_ids: devices,
        from: localTime(fromMs, offsetMin),
        to: localTime(toMs, offsetMin),
      });
      const inRange = made.filter((op) => op.at_ms >= fromMs && op.at_ms < toMs + SECOND);
      expect(inRange.length).toBeGreaterThan(10);
      firstOperations.add(inRange[0]!.at_ms);
      expect(reportTotals(rows)).toEqual({
        operations: inRange.length,
        income_cents: inRange.reduce((sum, op) => sum + Math.max(op.delta, 0), 0),
        outcome_cents: inRange.reduce((sum, op) => sum + Math.max(-op.delta, 0), 0),
        delta_cents: inRange.reduce((sum, op) => sum + op.delta, 0),
      });
    }
    expect(firstOperations.size).toBe(5);
  });
});
