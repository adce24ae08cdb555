// The floor's alerts raised and cleared by the checks (back-office/floor/alert-checks.ts): from the
// venue's changes (a cash call, a closed shift, its settings) and from the timer with a fake clock (a
// silent device, an hour sliding by); each raised once, each turned off by its setting set to null; the
// back office told of each raise and clear; the venue's settings round-trip; and the /metrics gauges.
import type { Account, FloorAlert, LiveChange } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { FakeClock, HOUR, MINUTE } from '../helpers/clock.js';
import { checkedAfter } from '../helpers/alert-checks.js';
import { testDatabases } from '../helpers/databases.js';
import { openEventStream, type OpenedStream } from '../helpers/event-stream.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { parseSamples, valueOf } from '../metrics/scrape.js';
import { cash, closeShift, openShift, shiftVenue, type ShiftVenue } from '../shifts/support.js';
import { signedInAs, type SignedIn } from './support.js';

describe.each(testDatabases)('the floor alerts on $name', (database) => {
  const clock = new FakeClock(Date.UTC(2026, 10, 28, 12));
  // The timer is left to the tests (tick()); a venue's changes are checked 10 ms after they come.
  const suite = useTestServer(database, { clock, config: { alerts: { debounceMs: 10, everyMs: HOUR } } });

  const checks = () => suite.server.ctx.alerts;

  const andChecked = <T>(act: () => Promise<T>): Promise<T> => checkedAfter(suite.server, act);

  async function venue(settings: Record<string, number | null>, shifts = false) {
    const v = await shiftVenue(suite.server, suite.db, { shifts });
    const manager = await signedInAs(suite.server, suite.db, 'manager', v.venue.id);
    // The device reported just now: no silence unless a test moves the clock.
    await seen(v);
    const set = await andChecked(() =>
      manager.client.post<Account>(`/a/manager/account/${v.venue.id}`, settings),
    );
    expect(set.status).toBe(200);
    return { v, manager };
  }

  const seen = (v: ShiftVenue) =>
    suite.db.kysely
      .updateTable('devices')
      .set({ last_seen_at_ms: clock.now() })
      .where('id', '=', v.deviceId)
      .execute();

  const alertsOf = async (manager: SignedIn, v: ShiftVenue) => {
    const res = await manager.client.get<FloorAlert[]>(`/a/manager/account/${v.venue.id}/alerts`);
    expect(res.status).toBe(200);
    return res.body;
  };

  /** Reads the back office's stream until a change tells of the venue's alerts. */
  async function alertsTold(stream: OpenedStream): Promise<LiveChange> {
    for (;;) {
      const message = await stream.next(5_000);
      if (message.event === 'change' && (message.data as LiveChange).alerts === true) {
        return message.data as LiveChange;
      }
    }
  }

  it('raises float_low once when the float falls below the setting, and clears it when it is back', async () => {
    const { v, manager } = await venue({ alert_float_below: 1_000_000_00 - 50_00 });
    const stream = await openEventStream(manager.client, `/a/manager/account/${v.venue.id}/events`);
    expect(stream.status).toBe(200);
    expect((await stream.next()).event).toBe('hello');
    expect(await alertsOf(manager, v)).toEqual([]);
    // A deposit takes cash from the venue's float to the place.
    expect((await andChecked(() => cash(v, 100_00))).status).toBe(200);
    const raised = await alertsOf(manager, v);
    expect(raised).toEqual([
      {
        id: expect.any(Number),
        kind: 'float_low',
        started_at: new Date(clock.now()).toISOString(),
        subject: `account:${v.venue.id}`,
        details: 'float 999900.00 below 999950.00',
        acked: null,
        currency: v.venue.currency,
        facts: { kind: 'float_low', float: 999_900_00, below: 999_950_00 },
      },
    ]);
    clock.advance(MINUTE);
    await andChecked(() => cash(v, 10_00));
    await andChecked(() => cash(v, 10_00));
    // The same alert, its facts the float as it stands now.
    expect(await alertsOf(manager, v)).toEqual([
      { ...raised[0], facts: { kind: 'float_low', float: 999_880_00, below: 999_950_00 } },
    ]);
    // The back office heard of it live (its screen refetches the alerts).
    expect(await alertsTold(stream)).toMatchObject({ alerts: true });

    await andChecked(() => cash(v, -120_00));
    expect(await alertsOf(manager, v)).toEqual([]);
    expect(await alertsTold(stream)).toMatchObject({ alerts: true });
    stream.close();
  });

  it('raises withdrawals_hour past the setting, and clears it once the hour has slid past them', async () => {
    const { v, manager } = await venue({ alert_withdrawals_hour: 150_00 });
    await andChecked(() => cash(v, 500_00));
    await andChecked(() => cash(v, -100_00));
    expect(await alertsOf(manager, v)).toEqual([]);
    clock.advance(10 * MINUTE);
    await andChecked(() => cash(v, -100_00));
    expect(await alertsOf(manager, v)).toEqual([
      expect.objectContaining({
        kind: 'withdrawals_hour',
        subject: `account:${v.venue.id}`,
        details: 'withdrawals 200.00 in the last hour, above 150.00',
        facts: { kind: 'withdrawals_hour', withdrawals: 200_00, above: 150_00 },
      }),
    ]);
    await seen(v);
    // 55 minutes on, the first withdrawal left the hour: 100.00, no more than the setting.
    clock.advance(55 * MINUTE);
    await seen(v);
    await andChecked(() => checks().tick());
    expect(await alertsOf(manager, v)).toEqual([]);
  });

  it('raises device_silent on the timer for a device past the silence setting, once, and clears it when it reports', async () => {
    const { v, manager } = await venue({ alert_device_silent_minutes: 5 });
    const lastSeen = clock.now();
    await checks().tick();
    expect(await alertsOf(manager, v)).toEqual([]);
    clock.advance(5 * MINUTE + 1);
    await checks().tick();
    const raised = await alertsOf(manager, v);
    expect(raised).toEqual([
      {
        id: expect.any(Number),
        kind: 'device_silent',
        started_at: new Date(clock.now()).toISOString(),
        subject: `device:${v.deviceId}`,
        details: `Test cabinet: no report since ${new Date(lastSeen).toISOString()} (silent after 5 minutes)`,
        acked: null,
        currency: v.venue.currency,
        facts: {
          kind: 'device_silent',
          device_id: v.deviceId,
          device_name: 'Test cabinet',
          last_seen_at: new Date(lastSeen).toISOString(),
          silent_minutes: 5,
        },
      },
    ]);
    clock.advance(MINUTE);
    await checks().tick();
    expect(await alertsOf(manager, v)).toEqual(raised);
    // Renamed while silent: the alert names it as it is called now (its stored details keep the old name).
    const renamed = await manager.client.post(`/a/manager/account/${v.venue.id}/devices/${v.deviceId}`, {
      name: 'Bar cabinet',
      hidden: false,
    });
    expect(renamed.status).toBe(200);
    const [after] = await alertsOf(manager, v);
    expect(after).toMatchObject({ details: raised[0]!.details, facts: { device_name: 'Bar cabinet' } });
    await seen(v);
    await checks().tick();
    expect(await alertsOf(manager, v)).toEqual([]);
  });

  it('raises shift_difference once for a shift closed short past the setting; the ack clears it', async () => {
    const { v, manager } = await venue({ alert_shift_difference: 20_00 }, true);
    expect((await openShift(v, 0)).status).toBe(200);
    await andChecked(() => cash(v, 100_00));
    expect((await andChecked(() => closeShift(v, 50_00))).status).toBe(200);
    const [alert] = await alertsOf(manager, v);
    expect(alert).toMatchObject({
      kind: 'shift_difference',
      subject: expect.stringMatching(/^shift:\d+$/),
      details: expect.stringMatching(/ closed 50\.00 short, above 20\.00$/),
      facts: {
        kind: 'shift_difference',
        shift_id: Number(alert!.subject.slice('shift:'.length)),
        cashier_id: v.cashierId,
        cashier: expect.any(String),
        closed_at: new Date(clock.now()).toISOString(),
        difference: -50_00,
      },
    });
    const ack = await manager.client.post(`/a/manager/account/${v.venue.id}/alerts/${alert!.id}/ack`, {});
    expect(ack.status).toBe(200);
    expect(await alertsOf(manager, v)).toEqual([]);

    // A shift closed within the setting raises nothing.
    expect((await openShift(v, 0)).status).toBe(200);
    expect((await andChecked(() => closeShift(v, 10_00))).status).toBe(200);
    expect(await alertsOf(manager, v)).toEqual([]);
  });

  it('turns an alert off with its setting set to null, clearing what it had open', async () => {
    const { v, manager } = await venue({ alert_float_below: 2_000_000_00, alert_device_silent_minutes: 1 });
    clock.advance(2 * MINUTE);
    await checks().tick();
    expect((await alertsOf(manager, v)).map((a) => a.kind).sort()).toEqual(['device_silent', 'float_low']);

    const off = { alert_float_below: null, alert_device_silent_minutes: null };
    const res = await andChecked(() => manager.client.post<Account>(`/a/manager/account/${v.venue.id}`, off));
    expect(res.body).toMatchObject(off);
    expect(await alertsOf(manager, v)).toEqual([]);
    await checks().tick();
    await andChecked(() => cash(v, 10_00));
    expect(await alertsOf(manager, v)).toEqual([]);
  });

  it("round-trips the venue's alert settings, and refuses 0 and fractions", async () => {
    const { v, manager } = await venue({});
    const path = `/a/manager/account/${v.venue.id}`;
    expect((await manager.client.get<Account>(path)).body).toMatchObject({
      alert_float_below: 500_00,
      alert_device_silent_minutes: 10,
      alert_shift_difference: 20_00,
      alert_withdrawals_hour: 2_000_00,
    });
    const settings = {
      alert_float_below: 1_00,
      alert_device_silent_minutes: 30,
      alert_shift_difference: null,
      alert_withdrawals_hour: 99_999_00,
    };
    expect((await manager.client.post<Account>(path, settings)).body).toMatchObject(settings);
    expect((await manager.client.get<Account>(path)).body).toMatchObject(settings);
    for (const bad of [{ alert_float_below: 0 }, { alert_device_silent_minutes: 1.5 }]) {
      expect((await manager.client.post(path, bad)).status).toBe(400);
    }
    expect((await manager.client.get<Account>(path)).body).toMatchObject(settings);
  });

  it('shows each venue on /metrics: float, silent devices, the hour of withdrawals, open alerts by kind', async () => {
    const { v } = await venue({ alert_float_below: 1_000_000_00 - 50_00, alert_device_silent_minutes: 1 });
    await andChecked(() => cash(v, 300_00));
    await andChecked(() => cash(v, -100_00));
    clock.advance(2 * MINUTE);
    await checks().tick();
    const res = await fetch(`${suite.server.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    const samples = parseSamples(await res.text());
    const labels = { account_id: String(v.venue.id) };
    expect(valueOf(samples, 'cashdesk_venue_float_cents', labels)).toBe(1_000_000_00 - 200_00);
    expect(valueOf(samples, 'cashdesk_venue_devices_silent', labels)).toBe(1);
    expect(valueOf(samples, 'cashdesk_venue_withdrawals_last_hour_cents', labels)).toBe(100_00);
    expect(valueOf(samples, 'cashdesk_venue_alert_open', { ...labels, kind: 'float_low' })).toBe(1);
    expect(valueOf(samples, 'cashdesk_venue_alert_open', { ...labels, kind: 'device_silent' })).toBe(1);
    expect(valueOf(samples, 'cashdesk_venue_alert_open', { ...labels, kind: 'withdrawals_hour' })).toBe(0);
    const setting = (name: string) =>
      samples.filter(
        (s) =>
          s.name === 'cashdesk_venue_alert_threshold' &&
          s.labels.account_id === labels.account_id &&
          s.labels.setting === name,
      );
    expect(setting('float_below')[0]?.value).toBe(1_000_000_00 - 50_00);
    expect(setting('shift_difference')[0]?.value).toBe(20_00);
  });
});
