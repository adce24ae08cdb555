// The day's figures at the edges of a day, through HTTP with a fake clock, another venue's cash made at
// the very same instants and never counted: the overview's today and yesterday (the venue's gaming day,
// apps/server/src/back-office/floor/floor.routes.ts) at the last ms of a day starting at 00:00 UTC and
// the first of the next, and a minute either side of 06:00 in Madrid, where the UTC day would have
// started an hour before the venue's; and the daily report (back-office/reports/daily-report.ts)
// of a venue in America/Sao_Paulo whose gaming day starts at 06:00, with cash at the last ms of a gaming
// day and the first of the next, its ledger head, when it is complete and when a day has begun.
import type { DailyReport, FloorOverview } from '@cashdesk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { cash, newTrx } from '../helpers/cashier.js';
import { DAY, FakeClock, HOUR, MINUTE } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { signedInAs } from './support.js';

// The overview's day: 2026-11-20 UTC.
const MIDNIGHT = Date.UTC(2026, 10, 20);
// Gaming day 2026-11-25 in São Paulo (UTC-3, no summer time) from 06:00: 09:00Z to 09:00Z next day.
const GAMING_DAY = '2026-11-25';
const DAY_START = Date.UTC(2026, 10, 25, 9);
const DAY_END = Date.UTC(2026, 10, 26, 9);

interface Venue {
  id: number;
  deviceId: number;
  cashierId: number;
}

describe.each(testDatabases)('the figures at the edges of a day on $name', (database) => {
  const clock = new FakeClock(MIDNIGHT - 2 * HOUR);
  const suite = useTestServer(database, { clock });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  async function venue(settings: Record<string, unknown>): Promise<Venue> {
    const id = (await createVenue(suite.db, { float: 100_000_00 })).id;
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    const set = await admin.client.post(`/a/manager/account/${id}`, settings);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const device = await createLinkedDevice(suite.db, { account_id: id });
    const cashier = await createTestUser(suite.db, { account_id: id });
    return { id, deviceId: device.id, cashierId: cashier.id };
  }

  /** A cash call by the venue's cashier at the clock's time (a session made now: the clock jumps days). */
  async function cashNow(v: Venue, delta: number, trx = newTrx()): Promise<string> {
    const client = await clientForUser(suite.server, { id: v.cashierId });
    const res = await cash(client, v.deviceId, 1, delta, trx);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return trx;
  }

  /** The same call on both venues at the same instant: `mine` on the venue, 5.55 on the other. */
  async function atOnce(ms: number, mine: Venue, other: Venue, delta: number): Promise<string> {
    clock.set(ms);
    await cashNow(other, 5_55);
    return cashNow(mine, delta);
  }

  it("cuts the overview's today at midnight: the last ms of yesterday and the first of today each on their side", async () => {
    const a = await venue({ time_zone: 'UTC', day_starts_at: 0 });
    const b = await venue({ time_zone: 'UTC', day_starts_at: 0 });
    const manager = await createTestUser(suite.db, { account_id: a.id, role: 'manager' });
    const overview = async () => {
      const client = await clientForUser(suite.server, manager);
      const res = await client.get<FloorOverview>(`/a/manager/account/${a.id}/overview`);
      expect(res.status).toBe(200);
      return res.body;
    };
    await atOnce(MIDNIGHT - 2 * HOUR, a, b, 500_00); // money on the seat for the withdrawal below
    await atOnce(MIDNIGHT - 1, a, b, 1_00);
    await atOnce(MIDNIGHT, a, b, 20_00);
    clock.set(MIDNIGHT);
    await cashNow(a, -3_00);

    const first = await overview();
    expect(first.today).toEqual({ deposits: 20_00, withdrawals: 3_00, net: 17_00 });
    expect(first.today_by_hour[0]).toMatchObject({ hour: 0, deposits: 20_00, withdrawals: 3_00 });
    expect(first.yesterday_by_hour[23]).toMatchObject({ hour: 23, deposits: 1_00, withdrawals: 0 });
    expect(first.yesterday_by_hour[22]).toMatchObject({ hour: 22, deposits: 500_00, withdrawals: 0 });

    // The last ms of the day is still today, in its hour 23.
    await atOnce(MIDNIGHT + DAY - 1, a, b, 300_00);
    const last = await overview();
    expect(last.today).toEqual({ deposits: 320_00, withdrawals: 3_00, net: 317_00 });
    expect(last.today_by_hour[23]).toMatchObject({ hour: 23, deposits: 300_00, withdrawals: 0 });

    // The first ms of the next day: all of it is yesterday now, today starts empty.
    clock.set(MIDNIGHT + DAY);
    const next = await overview();
    expect(next.today).toEqual({ deposits: 0, withdrawals: 0, net: 0 });
    expect(next.yesterday_by_hour[0]).toMatchObject({ hour: 0, deposits: 20_00, withdrawals: 3_00 });
    expect(next.yesterday_by_hour[23]).toMatchObject({ hour: 23, deposits: 300_00, withdrawals: 0 });
    expect(next.yesterday_by_hour.reduce((sum, h) => sum + h.deposits, 0)).toBe(320_00);
  });

  it("starts the overview's today at the venue's 06:00 in Madrid: a minute before is yesterday, a minute after today", async () => {
    // 2026-11-27 06:00 in Madrid (UTC+1 in winter) is 05:00Z; UTC's midnight came an hour before.
    const madridSix = Date.UTC(2026, 10, 27, 5);
    clock.set(madridSix - 2 * HOUR);
    const a = await venue({ time_zone: 'Europe/Madrid', day_starts_at: 6 });
    const b = await venue({ time_zone: 'Europe/Madrid', day_starts_at: 6 });
    const manager = await createTestUser(suite.db, { account_id: a.id, role: 'manager' });
    const overview = async (id = a.id) =>
      (await clientForUser(suite.server, manager)).get<FloorOverview>(`/a/manager/account/${id}/overview`);

    await atOnce(madridSix - MINUTE, a, b, 1_00);
    const before = await overview();
    expect(before.status).toBe(200);
    expect(before.body.gaming_day).toEqual({
      day: '2026-11-26',
      from: new Date(madridSix - DAY).toISOString(),
      to: new Date(madridSix).toISOString(),
      time_zone: 'Europe/Madrid',
      day_starts_at: 6,
    });
    expect(before.body.today).toEqual({ deposits: 1_00, withdrawals: 0, net: 1_00 });
    // 05:59 in Madrid is the last hour of the gaming day that began at 06:00 the day before.
    expect(before.body.today_by_hour[23]).toEqual({
      hour: 23,
      from: new Date(madridSix - HOUR).toISOString(),
      deposits: 1_00,
      withdrawals: 0,
    });

    await atOnce(madridSix + MINUTE, a, b, 20_00);
    const after = await overview();
    expect(after.body.gaming_day).toMatchObject({
      day: '2026-11-27',
      from: new Date(madridSix).toISOString(),
      to: new Date(madridSix + DAY).toISOString(),
    });
    // By the UTC day both deposits would be today's (21.00); by the venue's, only the one after 06:00.
    expect(after.body.today).toEqual({ deposits: 20_00, withdrawals: 0, net: 20_00 });
    expect(after.body.today_by_hour[0]).toEqual({
      hour: 0,
      from: new Date(madridSix).toISOString(),
      deposits: 20_00,
      withdrawals: 0,
    });
    expect(after.body.yesterday_by_hour[23]).toMatchObject({ hour: 23, deposits: 1_00 });
    expect(after.body.yesterday_by_hour.reduce((sum, h) => sum + h.deposits, 0)).toBe(1_00);

    // The other venue's overview is not this manager's to read.
    for (const path of ['overview', 'alerts']) {
      const refused = await (
        await clientForUser(suite.server, manager)
      ).get(`/a/manager/account/${b.id}/${path}`);
      expect(refused.status).toBe(403);
    }
  });

  it("cuts the daily report at the venue's 06:00: the last ms of a gaming day and the first of the next each on their side", async () => {
    clock.set(DAY_START - HOUR);
    const a = await venue({ time_zone: 'America/Sao_Paulo', day_starts_at: 6 });
    const b = await venue({ time_zone: 'America/Sao_Paulo', day_starts_at: 6 });
    const manager = await createTestUser(suite.db, { account_id: a.id, role: 'manager' });
    /** A session made now: the clock jumps a day between the calls. */
    const asManager = () => clientForUser(suite.server, manager);
    const report = async (day: string) =>
      (await asManager()).get<DailyReport>(`/a/manager/account/${a.id}/daily_report?day=${day}`);
    const before = await atOnce(DAY_START - 1, a, b, 1_00);
    const first = await atOnce(DAY_START, a, b, 20_00);
    const last = await atOnce(DAY_END - 1, a, b, 300_00);
    const headAtLast = (
      await (
        await asManager()
      ).get<{ entries: number; hash: string }>(`/a/manager/account/${a.id}/ledger_head`)
    ).body;

    // The last ms of the day: the day is still running, and the next has not begun.
    const running = await report(GAMING_DAY);
    expect(running.status).toBe(200);
    expect(running.body).toMatchObject({ complete: false, from: '2026-11-25T09:00:00.000Z' });
    const notYet = await report('2026-11-26');
    expect(notYet.status).toBe(400);
    expect(notYet.body).toMatchObject({ issues: [{ path: 'day' }] });

    const after = await atOnce(DAY_END, a, b, 4000_00);
    const day = await report(GAMING_DAY);
    expect(day.status).toBe(200);
    expect(day.body).toMatchObject({
      account_id: a.id,
      time_zone: 'America/Sao_Paulo',
      from: '2026-11-25T09:00:00.000Z',
      to: '2026-11-26T09:00:00.000Z',
      complete: true,
      ledger_head: headAtLast,
    });
    expect(day.body.total).toMatchObject({
      deposits: 2,
      deposit_total: 320_00,
      operations: 2,
      first_trx: first,
      first_at: new Date(DAY_START).toISOString(),
      last_trx: last,
      last_at: new Date(DAY_END - 1).toISOString(),
    });
    expect(day.body.devices.map((d) => d.device_id)).toEqual([a.deviceId]);

    const dayBefore = await report('2026-11-24');
    expect(dayBefore.body.total).toMatchObject({ deposits: 1, deposit_total: 1_00, last_trx: before });
    const dayAfter = await report('2026-11-26');
    expect(dayAfter.status).toBe(200);
    expect(dayAfter.body).toMatchObject({ complete: false });
    expect(dayAfter.body.total).toMatchObject({ deposits: 1, deposit_total: 4000_00, first_trx: after });

    // The other venue's cash of the same instants is in its own report, and only there.
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    const theirs = await admin.client.get<DailyReport>(
      `/a/manager/account/${b.id}/daily_report?day=${GAMING_DAY}`,
    );
    expect(theirs.body.total).toMatchObject({ deposits: 2, deposit_total: 2 * 5_55 });
    expect(theirs.body.devices.map((d) => d.device_id)).toEqual([b.deviceId]);
  });
});
