// Both sides of each floor alert's threshold (apps/server/src/back-office/floor/alert-checks.ts), through
// HTTP with a fake clock: float_low at exactly `alert_float_below` and one cent below; device_silent at
// exactly N minutes without a report and one ms past (the overview's silent list too, floor.routes.ts);
// shift_difference for a close short and over, at exactly the setting and one cent beyond; withdrawals_hour
// at exactly the setting and one cent above, and its hour at exactly 60 minutes and one ms past. Each alert
// is seen raised and cleared.
import type { Account, FloorAlert, FloorOverview } from '@cashdesk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { FakeClock, HOUR, MINUTE } from '../helpers/clock.js';
import { checkedAfter } from '../helpers/alert-checks.js';
import { testDatabases } from '../helpers/databases.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cash, closeShift, newTrx, openShift, shiftVenue, type ShiftVenue } from '../shifts/support.js';
import { signedInAs, type SignedIn } from './support.js';

const FLOAT = 1_000_000_00; // what shiftVenue funds a venue with

describe.each(testDatabases)('the floor alerts at their thresholds on $name', (database) => {
  const clock = new FakeClock(Date.UTC(2026, 10, 28, 12));
  // The timer is the tests' (tick()); a venue's changes are checked 10 ms after they come.
  const suite = useTestServer(database, { clock, config: { alerts: { debounceMs: 10, everyMs: HOUR } } });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  const checks = () => suite.server.ctx.alerts;

  const andChecked = <T>(act: () => Promise<T>): Promise<T> => checkedAfter(suite.server, act);

  const seen = (v: ShiftVenue) =>
    suite.db.kysely
      .updateTable('devices')
      .set({ last_seen_at_ms: clock.now() })
      .where('id', '=', v.deviceId)
      .execute();

  /** A venue of its own with these alert settings (the others off), its cabinet reporting just now. */
  async function venue(settings: Record<string, number | null>, shifts = false) {
    const v = await shiftVenue(suite.server, suite.db, { shifts });
    const manager = await signedInAs(suite.server, suite.db, 'manager', v.venue.id);
    await seen(v);
    const off = {
      alert_float_below: null,
      alert_device_silent_minutes: null,
      alert_shift_difference: null,
      alert_withdrawals_hour: null,
    };
    const set = await andChecked(() =>
      manager.client.post<Account>(`/a/manager/account/${v.venue.id}`, { ...off, ...settings }),
    );
    expect(set.status).toBe(200);
    return { v, manager };
  }

  const alertsOf = async (manager: SignedIn, v: ShiftVenue) => {
    const res = await manager.client.get<FloorAlert[]>(`/a/manager/account/${v.venue.id}/alerts`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const ok = async (res: Promise<{ status: number; body: unknown }>) => {
    const answer = await res;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  it('float_low: none at exactly the setting, raised one cent below it, cleared back at exactly the setting', async () => {
    const threshold = FLOAT - 100_00;
    const { v, manager } = await venue({ alert_float_below: threshold });
    // A deposit takes cash from the venue's float to the seat: the float is now exactly the setting.
    await andChecked(() => ok(cash(v, 100_00)));
    expect(await alertsOf(manager, v)).toEqual([]);

    await andChecked(() => ok(cash(v, 1)));
    expect(await alertsOf(manager, v)).toEqual([
      expect.objectContaining({
        kind: 'float_low',
        subject: `account:${v.venue.id}`,
        details: 'float 999899.99 below 999900.00',
      }),
    ]);

    await andChecked(() => ok(cash(v, -1)));
    expect(await alertsOf(manager, v)).toEqual([]);
  });

  it('withdrawals_hour: none at exactly the setting, raised one cent above; the hour keeps a withdrawal 60 minutes, not one ms more', async () => {
    const { v, manager } = await venue({ alert_withdrawals_hour: 150_00 });
    await andChecked(() => ok(cash(v, 500_00)));
    const first = clock.now();
    await andChecked(() => ok(cash(v, -150_00)));
    expect(await alertsOf(manager, v)).toEqual([]);

    clock.advance(10 * MINUTE);
    await andChecked(() => ok(cash(v, -1)));
    expect(await alertsOf(manager, v)).toEqual([
      expect.objectContaining({
        kind: 'withdrawals_hour',
        subject: `account:${v.venue.id}`,
        details: 'withdrawals 150.01 in the last hour, above 150.00',
      }),
    ]);

    // Exactly an hour after the first withdrawal it is still in the hour: 150.01, still above.
    clock.set(first + HOUR);
    await seen(v);
    await andChecked(() => checks().tick());
    expect((await alertsOf(manager, v)).map((a) => a.kind)).toEqual(['withdrawals_hour']);
    // One ms later it has left: 0.01 in the hour, and the alert clears.
    clock.set(first + HOUR + 1);
    await seen(v);
    await andChecked(() => checks().tick());
    expect(await alertsOf(manager, v)).toEqual([]);
  });

  // A correction is its own ledger kind (money-rules.ts decideCorrection), never a cashier's withdrawal.
  it("withdrawals_hour: a manager's correction of a deposit is no cashier's withdrawal", async () => {
    const { v, manager } = await venue({ alert_withdrawals_hour: 50_00 });
    const trx = newTrx();
    await andChecked(() => ok(cash(v, 100_00, trx)));
    const correction = { trx, correction_trx: newTrx(), reason: 'wrong seat' };
    await andChecked(() =>
      ok(manager.client.post(`/a/manager/account/${v.venue.id}/corrections`, correction)),
    );
    expect(await alertsOf(manager, v)).toEqual([]);
  });

  it('device_silent: not silent at exactly N minutes without a report, silent one ms past (alert and overview), cleared by a report', async () => {
    const { v, manager } = await venue({ alert_device_silent_minutes: 5 });
    const lastSeen = clock.now();
    const overview = async () =>
      (await manager.client.get<FloorOverview>(`/a/manager/account/${v.venue.id}/overview`)).body.devices;

    clock.set(lastSeen + 5 * MINUTE);
    await checks().tick();
    expect(await alertsOf(manager, v)).toEqual([]);
    expect(await overview()).toEqual({ ready: 1, registering: 0, silent: [] });

    clock.set(lastSeen + 5 * MINUTE + 1);
    await checks().tick();
    expect(await alertsOf(manager, v)).toEqual([
      expect.objectContaining({
        kind: 'device_silent',
        subject: `device:${v.deviceId}`,
        started_at: new Date(clock.now()).toISOString(),
      }),
    ]);
    expect(await overview()).toEqual({
      ready: 0,
      registering: 0,
      silent: [{ id: v.deviceId, name: expect.any(String), last_seen_at: new Date(lastSeen).toISOString() }],
    });

    await seen(v);
    await checks().tick();
    expect(await alertsOf(manager, v)).toEqual([]);
    expect((await overview()).silent).toEqual([]);
  });

  it.each([
    ['short', -1],
    ['over', 1],
  ] as const)(
    'shift_difference %s: none at exactly the setting, raised one cent beyond it, cleared by the ack',
    async (side, sign) => {
      const { v, manager } = await venue({ alert_shift_difference: 20_00 }, true);
      /** One shift: opened empty, 100.00 deposited, closed with a count `difference` off what is expected. */
      const shift = async (difference: number) => {
        await ok(openShift(v, 0));
        await andChecked(() => ok(cash(v, 100_00)));
        const closed = await andChecked(() => closeShift(v, 100_00 + difference));
        expect(closed.status).toBe(200);
        expect(closed.body).toMatchObject({ expected_cents: 100_00, difference_cents: difference });
      };

      await shift(sign * 20_00);
      expect(await alertsOf(manager, v)).toEqual([]);

      await shift(sign * 20_01);
      const alerts = await alertsOf(manager, v);
      expect(alerts).toEqual([
        expect.objectContaining({
          kind: 'shift_difference',
          subject: expect.stringMatching(/^shift:\d+$/),
          details: expect.stringMatching(new RegExp(` closed 20\\.01 ${side}, above 20\\.00$`)),
        }),
      ]);

      const ack = await manager.client.post(
        `/a/manager/account/${v.venue.id}/alerts/${alerts[0]!.id}/ack`,
        {},
      );
      expect(ack.status).toBe(200);
      expect(await alertsOf(manager, v)).toEqual([]);
    },
  );
});
