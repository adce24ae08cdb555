// The manager's floor: the overview's figures (float, headroom, today's and yesterday's cash by hour,
// devices by state, open shifts with their running totals), who may read it, and the alerts' list and ack.
import { ERR, type FloorAlert, type FloorOverview } from '@cashdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearAlert, raiseAlert } from '../../src/back-office/floor/floor.repository.js';
import { DeviceSeen } from '../../src/gateway/device-seen.js';
import { FakeClock, HOUR, MINUTE } from '../helpers/clock.js';
import { openEventStream } from '../helpers/event-stream.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cash, openShift, shiftVenue, type ShiftVenue } from '../shifts/support.js';
import { auditRowsOf, signedInAs, type SignedIn } from './support.js';

describe.each(testDatabases)('the manager floor on $name', (database) => {
  let v: ShiftVenue;
  let manager: SignedIn;
  const today = Date.UTC(2026, 10, 28);

  const clock = new FakeClock(today - 2 * HOUR); // yesterday, 22:00 UTC
  const suite = useTestServer(database, { clock });
  beforeAll(async () => {
    v = await shiftVenue(suite.server, suite.db, { overdraft: 500_00 });
    manager = await signedInAs(suite.server, suite.db, 'manager', v.venue.id);
    // A gaming day from UTC midnight here: the venue's own clock is day-edges.test.ts's.
    const set = await manager.client.post(`/a/manager/account/${v.venue.id}`, {
      time_zone: 'UTC',
      day_starts_at: 0,
    });
    expect(set.status).toBe(200);
    expect((await openShift(v, 0)).status).toBe(200);
    expect((await cash(v, 50_00)).status).toBe(200);
    clock.advance(3 * HOUR); // today, 01:00
    expect((await cash(v, 100_00)).status).toBe(200);
    expect((await cash(v, -30_00)).status).toBe(200);
    await suite.db.kysely
      .updateTable('devices')
      .set({ last_seen_at_ms: clock.now() })
      .where('id', '=', v.deviceId)
      .execute();
  });

  const overview = (client = manager.client, id = v.venue.id) =>
    client.get<FloorOverview>(`/a/manager/account/${id}/overview`);
  const alerts = () => manager.client.get<FloorAlert[]>(`/a/manager/account/${v.venue.id}/alerts`);

  it("shows the float, today's cash by hour beside yesterday's, and the open shift's running total", async () => {
    const res = await overview();
    expect(res.status).toBe(200);
    const float = await suite.db.kysely
      .selectFrom('accounts')
      .select('balance_cents')
      .where('id', '=', v.venue.id)
      .executeTakeFirstOrThrow();
    expect(res.body.float).toBe(Number(float.balance_cents));
    expect(res.body.overdraft_headroom).toBe(500_00);
    expect(res.body.today).toEqual({ deposits: 100_00, withdrawals: 30_00, net: 70_00 });
    expect(res.body.gaming_day).toEqual({
      day: '2026-11-28',
      from: new Date(today).toISOString(),
      to: new Date(today + 24 * HOUR).toISOString(),
      time_zone: 'UTC',
      day_starts_at: 0,
    });
    expect(res.body.today_by_hour).toHaveLength(24);
    const hourFrom = (ms: number) => new Date(ms).toISOString();
    expect(res.body.today_by_hour[1]).toEqual({
      hour: 1,
      from: hourFrom(today + HOUR),
      deposits: 100_00,
      withdrawals: 30_00,
    });
    expect(res.body.today_by_hour[0]).toEqual({
      hour: 0,
      from: hourFrom(today),
      deposits: 0,
      withdrawals: 0,
    });
    expect(res.body.yesterday_by_hour[22]).toEqual({
      hour: 22,
      from: hourFrom(today - 2 * HOUR),
      deposits: 50_00,
      withdrawals: 0,
    });
    expect(res.body.cashiers).toEqual([
      {
        user_id: v.cashierId,
        name: expect.any(String),
        shift_id: expect.any(Number),
        opened_at: new Date(today - 2 * HOUR).toISOString(),
        running_total: 120_00,
      },
    ]);
    expect(res.body.cashiers[0]).not.toHaveProperty('expected_cents');
  });

  it('counts a device that stops reporting as silent after the venue setting, named with its last report', async () => {
    const seen = clock.now();
    expect((await overview()).body.devices).toEqual({ ready: 1, registering: 0, silent: [] });
    clock.advance(11 * MINUTE); // the default: silent after 10 minutes
    const res = await overview();
    expect(res.body.devices.ready).toBe(0);
    expect(res.body.devices.silent).toEqual([
      { id: v.deviceId, name: expect.any(String), last_seen_at: new Date(seen).toISOString() },
    ]);
  });

  it('answers the venue manager and an admin; another venue manager and a cashier get 403', async () => {
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    expect((await overview(admin.client)).status).toBe(200);
    const other = await createVenue(suite.db);
    const stranger = await signedInAs(suite.server, suite.db, 'manager', other.id);
    for (const res of [await overview(stranger.client), await overview(v.cashier)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ err: ERR.forbidden });
    }
    expect((await stranger.client.get(`/a/manager/account/${v.venue.id}/alerts`)).status).toBe(403);
  });

  it('raises an alert once however often its condition is seen, lists it, records the ack, and clears it', async () => {
    // The venue's own checks (alert-checks.ts) have judged its float by now: the alert below is raised by hand.
    await suite.server.ctx.alerts.idle();
    const alert = {
      account_id: v.venue.id,
      kind: 'float_low' as const,
      subject: `account:${v.venue.id}`,
      details: 'float 100.00 below 500.00',
      now_ms: clock.now(),
    };
    const raised = await Promise.all([
      raiseAlert(suite.db.kysely, alert),
      raiseAlert(suite.db.kysely, alert),
    ]);
    expect(raised.filter(Boolean)).toHaveLength(1);
    expect(await raiseAlert(suite.db.kysely, alert)).toBe(false);
    const open = (await alerts()).body;
    expect(open).toEqual([
      {
        id: expect.any(Number),
        kind: 'float_low',
        started_at: new Date(alert.now_ms).toISOString(),
        subject: alert.subject,
        details: alert.details,
        acked: null,
        currency: 'EUR',
        // The float as it stands, against the venue's setting (500.00 by default).
        facts: { kind: 'float_low', float: expect.any(Number), below: 500_00 },
      },
    ]);
    expect((await overview()).body.alerts).toEqual(open);

    const ack = await manager.client.post(`/a/manager/account/${v.venue.id}/alerts/${open[0]!.id}/ack`, {});
    expect(ack.status).toBe(200);
    const audit = (await auditRowsOf(suite.db, { type: 'account', id: v.venue.id })).filter(
      (r) => r.action === 'alert.ack',
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(manager.id);
    // Still open until its condition ends, now naming who acknowledged it and when.
    const acked = (await alerts()).body;
    expect(acked).toEqual([
      { ...open[0], acked: { by: expect.any(String), at: new Date(clock.now()).toISOString() } },
    ]);
    const { name } = await suite.db.kysely
      .selectFrom('users')
      .select('name')
      .where('id', '=', manager.id)
      .executeTakeFirstOrThrow();
    expect(acked[0]!.acked!.by).toBe(name);

    expect(await clearAlert(suite.db.kysely, alert)).toBe(true);
    expect((await alerts()).body).toEqual([]);
    const gone = await manager.client.post<{ err: string }>(
      `/a/manager/account/${v.venue.id}/alerts/${open[0]!.id}/ack`,
      {},
    );
    expect(gone.status).toBe(404);
    // The condition starting again is a new alert.
    expect(await raiseAlert(suite.db.kysely, { ...alert, now_ms: clock.now() + 1 })).toBe(true);
  });

  it("streams the venue's changes to its manager; another venue's manager and a cashier get 403", async () => {
    const stream = await openEventStream(manager.client, `/a/manager/account/${v.venue.id}/events`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      expect((await stream.next()).event).toBe('hello');
      expect((await cash(v, -5_00)).status).toBe(200);
      const change = await stream.next();
      expect(change.event).toBe('change');
      expect(change.data).toEqual({ float: true, devices: [v.deviceId] });
    } finally {
      stream.close();
    }
    const other = await createVenue(suite.db);
    const stranger = await signedInAs(suite.server, suite.db, 'manager', other.id);
    for (const client of [stranger.client, v.cashier]) {
      const refused = await openEventStream(client, `/a/manager/account/${v.venue.id}/events`);
      expect(refused.status).toBe(403);
    }
  });

  it("writes a device's last report when it calls, at most once a minute, not once a poll", async () => {
    const seen = new DeviceSeen(suite.db, clock);
    const lastSeen = async () =>
      (
        await suite.db.kysely
          .selectFrom('devices')
          .select('last_seen_at_ms')
          .where('id', '=', v.deviceId)
          .executeTakeFirstOrThrow()
      ).last_seen_at_ms;
    const first = clock.now();
    await seen.note(v.deviceId);
    expect(Number(await lastSeen())).toBe(first);
    clock.advance(30_000);
    await seen.note(v.deviceId);
    expect(Number(await lastSeen())).toBe(first);
    clock.advance(31_000);
    await seen.note(v.deviceId);
    expect(Number(await lastSeen())).toBe(clock.now());
    expect((await overview()).body.devices.silent).toEqual([]);
  });
});
