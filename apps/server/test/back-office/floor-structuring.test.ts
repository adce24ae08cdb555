// The floor's structuring alert (docs/product.md section 16, back-office/floor/structuring.ts): a player's
// cash of the gaming day clustering just under the cash report's thresholds, raised by the check a cash
// call causes. Each edge of the rule on both sides: 2,699.99 / 2,700.00 and 3,000.00 / 3,000.01 against
// the log threshold, a day's total of 8,999.99 / 9,000.00 and 10,000.00 / 10,000.01 against the report
// threshold, one transaction against two, cash in and cash out; cleared when the day ends, and at once
// when both thresholds are turned off.
import type { FloorAlert } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { checkedAfter } from '../helpers/alert-checks.js';
import { cashierClient, linkCabinet, type LinkedDevice } from '../helpers/cashier.js';
import { FakeClock, HOUR, MINUTE } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import type { TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { createPlayer, playerCash, setCashThresholds, type TestPlayer } from './players-support.js';
import { signedInAs } from './support.js';

// 12:00 UTC on gaming day 2026-11-28 of a venue on UTC from 06:00 (the defaults).
const NOON = Date.UTC(2026, 10, 28, 12);
const NEXT_DAY = Date.UTC(2026, 10, 29, 6);

describe.each(testDatabases)('the structuring alert on $name', (database) => {
  const clock = new FakeClock(NOON);
  // The timer is left to the tests (tick()); a venue's changes are checked 10 ms after they come.
  const suite = useTestServer(database, {
    clock,
    config: { enrollmentOpen: true, alerts: { debounceMs: 10, everyMs: HOUR } },
  });

  interface Floor {
    venueId: number;
    cashier: TestClient;
    manager: TestClient;
    a: LinkedDevice;
    b: LinkedDevice;
    player: (card: string) => Promise<TestPlayer>;
  }

  async function floor(): Promise<Floor> {
    const venueId = (await createVenue(suite.db, { float: 1_000_000_00 })).id;
    await setCashThresholds(suite.db, venueId); // 3,000.00 and 10,000.00
    const cashier = (await cashierClient(suite.server, suite.db, venueId)).client;
    const manager = (await signedInAs(suite.server, suite.db, 'manager', venueId)).client;
    const a = await linkCabinet(suite.server, cashier);
    const b = await linkCabinet(suite.server, cashier);
    let n = 0;
    const player = (card: string) =>
      createPlayer(cashier, `${card}-${venueId}-${++n}`, { name: `Name ${card}` });
    return { venueId, cashier, manager, a, b, player };
  }

  /** A cash call for `player`, and the alert check it caused. */
  async function cashFor(
    f: Floor,
    device: LinkedDevice,
    place: number,
    player: TestPlayer | null,
    delta: number,
  ): Promise<void> {
    const res = await checkedAfter(suite.server, () =>
      playerCash(f.cashier, { device: device.id, place }, player, delta),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  const structuring = async (f: Floor): Promise<FloorAlert[]> => {
    const res = await f.manager.get<FloorAlert[]>(`/a/manager/account/${f.venueId}/alerts`);
    expect(res.status).toBe(200);
    return res.body.filter((alert) => alert.kind === 'structuring');
  };

  it('raises it for two cash-ins each from 90% of the log threshold up to it, and for no amount outside that', async () => {
    const f = await floor();
    const near = await f.player('NEAR');
    const outside = await f.player('OUTSIDE');
    await cashFor(f, f.a, 1, near, 2_700_00);
    expect(await structuring(f)).toEqual([]);
    await cashFor(f, f.a, 2, outside, 2_699_99);
    await cashFor(f, f.a, 2, outside, 3_000_01);
    expect(await structuring(f)).toEqual([]);
    clock.advance(MINUTE);
    await cashFor(f, f.a, 1, near, 3_000_00);
    expect(await structuring(f)).toEqual([
      {
        id: expect.any(Number),
        kind: 'structuring',
        started_at: new Date(clock.now()).toISOString(),
        subject: `player:${near.id}`,
        // The player by id only: details are the server's words for logs.
        details: `player ${near.id}: 2 cash-ins today each just under the log threshold 3000.00`,
        acked: null,
        currency: 'EUR',
        facts: {
          kind: 'structuring',
          player_id: near.id,
          card: near.card,
          name: 'Name NEAR',
          side: 'cash_in',
          rule: 'log',
          transactions: 2,
          total: 5_700_00,
          threshold: 3_000_00,
        },
      },
    ]);
    // Raised once: a third just under it changes nothing but its facts.
    await cashFor(f, f.a, 1, near, 2_800_00);
    const again = await structuring(f);
    expect(again).toHaveLength(1);
    expect(again[0]!.facts).toMatchObject({ transactions: 3, total: 8_500_00 });
  });

  it("raises it for a day's cash in from 90% of the report threshold up to it in two or more, and not past either edge or in one", async () => {
    const f = await floor();
    const edge = await f.player('EDGE');
    const single = await f.player('SINGLE');
    const at = await f.player('AT');
    // 4,500.00 + 4,499.99 = 8,999.99: one cent under 90%.
    await cashFor(f, f.a, 1, edge, 4_500_00);
    await cashFor(f, f.b, 1, edge, 4_499_99);
    expect(await structuring(f)).toEqual([]);
    // 9,500.00 in one, then 10,000.01 in two: above the threshold, so reported, not structuring.
    await cashFor(f, f.a, 2, single, 9_500_00);
    expect(await structuring(f)).toEqual([]);
    await cashFor(f, f.a, 2, single, 500_01);
    expect(await structuring(f)).toEqual([]);
    // One cent more for EDGE: 9,000.00 in three.
    await cashFor(f, f.a, 1, edge, 1);
    // 6,000.00 + 4,000.00 = 10,000.00: at the threshold, not reported.
    await cashFor(f, f.a, 3, at, 6_000_00);
    await cashFor(f, f.b, 3, at, 4_000_00);
    const alerts = await structuring(f);
    expect(alerts.map((alert) => alert.facts)).toEqual([
      {
        kind: 'structuring',
        player_id: edge.id,
        card: edge.card,
        name: 'Name EDGE',
        side: 'cash_in',
        rule: 'report',
        transactions: 3,
        total: 9_000_00,
        threshold: 10_000_00,
      },
      expect.objectContaining({ player_id: at.id, rule: 'report', transactions: 2, total: 10_000_00 }),
    ]);
    expect(alerts[0]!.details).toBe(
      `player ${edge.id}: cash-ins of 9000.00 today in 3 transactions, just under the report threshold 10000.00`,
    );
  });

  it('raises it on the cash-out side: withdrawals of the day just under the report threshold', async () => {
    const f = await floor();
    const out = await f.player('OUT');
    // Money on a seat for nobody, then paid out to the player in two.
    await cashFor(f, f.a, 1, null, 9_500_00);
    await cashFor(f, f.a, 1, out, -4_750_00);
    expect(await structuring(f)).toEqual([]);
    await cashFor(f, f.a, 1, out, -4_750_00);
    expect((await structuring(f)).map((alert) => alert.facts)).toEqual([
      expect.objectContaining({
        player_id: out.id,
        side: 'cash_out',
        rule: 'report',
        transactions: 2,
        total: 9_500_00,
      }),
    ]);
  });

  it("never raises it for another venue's player", async () => {
    const f = await floor();
    const g = await floor();
    const theirs = await g.player('THEIRS');
    await cashFor(g, g.a, 1, theirs, 2_900_00);
    await cashFor(g, g.a, 1, theirs, 2_900_00);
    expect(await structuring(f)).toEqual([]);
    expect(await structuring(g)).toHaveLength(1);
  });

  it('clears it at once when both thresholds are turned off, and raises it again when one is back', async () => {
    const f = await floor();
    const near = await f.player('OFF');
    await cashFor(f, f.a, 1, near, 2_900_00);
    await cashFor(f, f.a, 1, near, 2_900_00);
    expect(await structuring(f)).toHaveLength(1);
    const thresholds = (log: number | null, report: number | null) =>
      suite.db.kysely
        .updateTable('accounts')
        .set({ cash_log_above_cents: log, cash_report_above_cents: report })
        .where('id', '=', f.venueId)
        .execute();
    // The report threshold alone does not see two cash-ins of 2,900.00 (5,800.00 in the day).
    await thresholds(null, 10_000_00);
    await cashFor(f, f.b, 1, null, 1_00);
    expect(await structuring(f)).toHaveLength(1); // one rule off: the alert stays for the day
    await thresholds(null, null);
    await cashFor(f, f.b, 1, null, 1_00);
    expect(await structuring(f)).toEqual([]);
    await thresholds(3_000_00, null);
    await cashFor(f, f.b, 1, null, 1_00);
    expect(await structuring(f)).toEqual([
      expect.objectContaining({
        subject: `player:${near.id}`,
        facts: expect.objectContaining({ rule: 'log' }),
      }),
    ]);
  });

  // Last: it moves the clock to the next gaming day.
  it('keeps it while the gaming day runs and clears it when the day ends', async () => {
    const f = await floor();
    const near = await f.player('DAY');
    await cashFor(f, f.a, 1, near, 2_999_99);
    await cashFor(f, f.b, 1, near, 2_999_99);
    expect(await structuring(f)).toHaveLength(1);
    clock.set(NEXT_DAY - 1);
    const manager = (await signedInAs(suite.server, suite.db, 'manager', f.venueId)).client;
    await checkedAfter(suite.server, () => suite.server.ctx.alerts.tick());
    expect(await structuring({ ...f, manager })).toHaveLength(1);
    clock.set(NEXT_DAY);
    await checkedAfter(suite.server, () => suite.server.ctx.alerts.tick());
    expect(await structuring({ ...f, manager })).toEqual([]);
  });
});
