// The cash report (docs/product.md section 19): a venue's players' cash of one gaming day, read from the
// ledger. The log holds each player cash transaction above the log threshold, the reports each player
// whose cash in or cash out of the day, over every seat and till, is above the report threshold: each
// threshold's edge on both sides (at it: neither; a cent above: both), a transfer that is no cash, a
// correction within the day and one after it, the day's edge at 06:00, another venue kept apart, who
// may ask, the header's ledger head, and the CSV the back office and the CLI write.
import {
  CASH_LOG_COLUMNS,
  CASH_REPORT_COLUMNS,
  csvLines,
  cashReportLines,
  ERR,
  type CashLogLine,
  type CashReport,
  type DailyReport,
} from '@cashdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { answer, cashierClient, linkCabinet, newTrx, type LinkedDevice } from '../helpers/cashier.js';
import { runCliCaptured } from '../helpers/cli.js';
import { FakeClock, MINUTE, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import type { TestClient, TestResponse } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { createPlayer, playerCash, setCashThresholds, type TestPlayer } from './players-support.js';
import { signedInAs } from './support.js';

// Gaming day 2026-11-20 of a venue on UTC from 06:00 (the defaults): 06:00Z to 06:00Z the next morning.
const DAY = '2026-11-20';
const DAY_START = Date.UTC(2026, 10, 20, 6);
const DAY_END = Date.UTC(2026, 10, 21, 6);
// Migration 022's defaults, set on the venue all the same: logged above 3,000.00, reported above 10,000.00.
const LOG_ABOVE = 3_000_00;
const REPORT_ABOVE = 10_000_00;

describe.each(testDatabases)('the cash report on $name', (database) => {
  const clock = new FakeClock(DAY_START - 10 * MINUTE);
  const suite = useTestServer(database, { clock, config: { enrollmentOpen: true } });

  let venueId: number;
  let manager: TestClient;
  let c1: { client: TestClient; login: string };
  let c2: { client: TestClient; login: string };
  let a: LinkedDevice;
  let b: LinkedDevice;
  let c: LinkedDevice;
  const p: Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'p6', TestPlayer> = {} as never;
  let other: { venueId: number; player: TestPlayer };
  const trx = { corrected: newTrx(), correction: newTrx(), late: newTrx(), lateCorrection: newTrx() };
  /** The morning's two cashiers (the evening's are made again: sessions expire). */
  let morning: { c1: { login: string }; c2: { login: string } };

  const report = (day = DAY, client = manager, id = venueId) =>
    client.get<CashReport>(`/a/manager/account/${id}/cash_report?day=${day}`);

  const seat = (device: LinkedDevice, place: number) => ({ device: device.id, place });

  /** A call that must be applied; the clock moves a second after it, so the log's order is the calls'. */
  async function ok(call: Promise<TestResponse<unknown>>): Promise<void> {
    expect(answer(await call)).toMatchObject({ status: 200 });
    clock.advance(SECOND);
  }

  async function cashiers(): Promise<void> {
    const make = async () => {
      const made = await cashierClient(suite.server, suite.db, venueId);
      const row = await suite.db.kysely
        .selectFrom('users')
        .select('login')
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow();
      return { client: made.client, login: row.login };
    };
    c1 = await make();
    c2 = await make();
    manager = (await signedInAs(suite.server, suite.db, 'manager', venueId)).client;
  }

  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 1_000_000_00, name: '=Casino, "North"' })).id;
    await setCashThresholds(suite.db, venueId, { log: LOG_ABOVE, report: REPORT_ABOVE });
    await cashiers();
    morning = { c1: { login: c1.login }, c2: { login: c2.login } };
    a = await linkCabinet(suite.server, c1.client);
    b = await linkCabinet(suite.server, c1.client);
    c = await linkCabinet(suite.server, c1.client);
    p.p1 = await createPlayer(c1.client, 'CARD-P1', { identity: true });
    p.p2 = await createPlayer(c1.client, 'CARD-P2', { identity: true });
    p.p3 = await createPlayer(c1.client, 'CARD-P3', { identity: true });
    p.p4 = await createPlayer(c1.client, 'CARD-P4', { name: 'Four' });
    p.p5 = await createPlayer(c1.client, 'CARD-P5');
    p.p6 = await createPlayer(c1.client, 'CARD-P6', { identity: true });

    // Another venue, its player's cash far above both thresholds on the same day.
    const otherVenue = await createVenue(suite.db, { float: 1_000_000_00 });
    await setCashThresholds(suite.db, otherVenue.id);
    const otherCashier = (await cashierClient(suite.server, suite.db, otherVenue.id)).client;
    const otherCabinet = await linkCabinet(suite.server, otherCashier);
    other = {
      venueId: otherVenue.id,
      // The same card as this venue's P1: another venue may issue it.
      player: await createPlayer(otherCashier, 'CARD-P1', { identity: true }),
    };

    // The last moment of the day before: P5's deposit belongs to 2026-11-19.
    clock.set(DAY_START - 1);
    await ok(playerCash(c1.client, seat(a, 4), p.p5, 5_000_00));

    clock.set(DAY_START);
    await ok(playerCash(otherCashier, seat(otherCabinet, 1), other.player, 20_000_00));
    // P1: in 3,000.00 (at the log threshold: not logged) + 3,000.01 + 3,999.99 = 10,000.00 (at the report
    // threshold: not reported), over two seats and two cashiers; a transfer of 3,500.00 between their
    // seats (no cash); out 3,499.99 + 6,500.01 = 10,000.00.
    await ok(playerCash(c1.client, seat(a, 1), p.p1, LOG_ABOVE));
    await ok(playerCash(c2.client, seat(b, 1), p.p1, LOG_ABOVE + 1));
    await ok(playerCash(c2.client, seat(a, 1), p.p1, 3_999_99));
    await ok(
      c1.client.post(`/a/cashier/players/${p.p1.id}/transfer`, {
        from: { device_id: a.id, place: 1 },
        to: { device_id: b.id, place: 1 },
        amount: 3_500_00,
        trx: newTrx(),
      }),
    );
    await ok(playerCash(c1.client, seat(a, 1), p.p1, 'cash_out'));
    await ok(playerCash(c2.client, seat(b, 1), p.p1, 'cash_out'));
    // P2: in 5,000.00 + 5,000.01 = 10,000.01 over two seats and two cashiers, then both cashed out.
    await ok(playerCash(c1.client, seat(a, 2), p.p2, 5_000_00));
    await ok(playerCash(c2.client, seat(b, 2), p.p2, 5_000_01));
    await ok(playerCash(c1.client, seat(a, 2), p.p2, 'cash_out'));
    await ok(playerCash(c2.client, seat(b, 2), p.p2, 'cash_out'));
    // P3: money deposited for nobody, then withdrawn for P3: out 10,000.01, in nothing.
    await ok(playerCash(c1.client, seat(a, 3), null, REPORT_ABOVE + 1));
    await ok(playerCash(c2.client, seat(a, 3), p.p3, -(REPORT_ABOVE + 1)));
    // P4: in 6,000.00 + 3,500.00 + 4,000.01; the 3,500.00 corrected by a manager within the day.
    await ok(playerCash(c1.client, seat(b, 3), p.p4, 6_000_00));
    await ok(playerCash(c2.client, seat(b, 4), p.p4, 3_500_00, trx.corrected));
    await ok(playerCash(c1.client, seat(b, 3), p.p4, 4_000_01));
    await ok(
      manager.post(`/a/manager/account/${venueId}/corrections`, {
        trx: trx.corrected,
        correction_trx: trx.correction,
        reason: 'wrong player',
      }),
    );

    // A minute before the day ends, P6's deposit; corrected the next gaming day.
    clock.set(DAY_END - MINUTE);
    await cashiers(); // the sessions of the morning have long expired
    await ok(playerCash(c1.client, seat(c, 1), p.p6, REPORT_ABOVE + 1, trx.late));
    clock.set(DAY_END + MINUTE);
    await ok(
      manager.post(`/a/manager/account/${venueId}/corrections`, {
        trx: trx.late,
        correction_trx: trx.lateCorrection,
        reason: 'counted twice',
      }),
    );
  });

  const line = (
    player: TestPlayer,
    kind: CashLogLine['kind'],
    amount: number,
    where: LinkedDevice,
    place: number,
    cashier: { login: string },
    more: Partial<CashLogLine> = {},
  ) => ({
    at: expect.any(String),
    player_id: player.id,
    card: player.card,
    name: player.name,
    kind,
    amount,
    device_id: where.id,
    place,
    cashier: cashier.login,
    trx: expect.any(String),
    corrected_by: null,
    ...more,
  });

  it('logs every player cash transaction above the log threshold, in order, never one at it, a transfer or a correction', async () => {
    const res = await report();
    expect(res.status).toBe(200);
    const [first, second] = [morning.c1, morning.c2];
    expect(res.body.log).toEqual([
      line(p.p1, 'cash_in', LOG_ABOVE + 1, b, 1, second),
      line(p.p1, 'cash_in', 3_999_99, a, 1, second),
      line(p.p1, 'cash_out', 3_499_99, a, 1, first),
      line(p.p1, 'cash_out', 6_500_01, b, 1, second),
      line(p.p2, 'cash_in', 5_000_00, a, 2, first),
      line(p.p2, 'cash_in', 5_000_01, b, 2, second),
      line(p.p2, 'cash_out', 5_000_00, a, 2, first),
      line(p.p2, 'cash_out', 5_000_01, b, 2, second),
      line(p.p3, 'cash_out', REPORT_ABOVE + 1, a, 3, second),
      line(p.p4, 'cash_in', 6_000_00, b, 3, first),
      line(p.p4, 'cash_in', 3_500_00, b, 4, second, {
        trx: trx.corrected,
        corrected_by: trx.correction,
      }),
      line(p.p4, 'cash_in', 4_000_01, b, 3, first),
      // Corrected the next day: it stands in this day's report.
      line(p.p6, 'cash_in', REPORT_ABOVE + 1, c, 1, c1, {
        trx: trx.late,
        at: new Date(DAY_END - MINUTE).toISOString(),
      }),
    ]);
    // In the order the ledger wrote them, by the time each was written.
    const times = res.body.log.map((l) => l.at);
    expect([...times].sort()).toEqual(times);
    expect(res.body.log[0]!.at).toBe(new Date(DAY_START + 2 * SECOND).toISOString());
  });

  it('reports each player whose cash in or cash out of the day, over every seat and till, is above the report threshold', async () => {
    const { body } = await report();
    const identity = (player: TestPlayer) => ({
      player_id: player.id,
      card: player.card,
      name: player.name,
      document_kind: 'passport',
      document_number: `P-${player.card}`,
      birth_date: '1980-02-29',
    });
    expect(body.reports).toEqual([
      // P1: 10,000.00 in and 10,000.00 out, at the threshold: not reported.
      { ...identity(p.p2), cash_in: REPORT_ABOVE + 1, cash_out: REPORT_ABOVE + 1, transactions: 4 },
      { ...identity(p.p3), cash_in: 0, cash_out: REPORT_ABOVE + 1, transactions: 1 },
      // The corrected 3,500.00 counts in no sum: 6,000.00 + 4,000.01.
      {
        player_id: p.p4.id,
        card: p.p4.card,
        name: 'Four',
        document_kind: null,
        document_number: null,
        birth_date: null,
        cash_in: REPORT_ABOVE + 1,
        cash_out: 0,
        transactions: 2,
      },
      { ...identity(p.p6), cash_in: REPORT_ABOVE + 1, cash_out: 0, transactions: 1 },
    ]);
  });

  it("reads the ledger, never the players' day counters", async () => {
    const before = (await report()).body;
    await suite.db.kysely
      .updateTable('players')
      .set({ day_cash_in_cents: 0, day_cash_out_cents: 0 })
      .execute();
    const after = (await report()).body;
    expect({ ...after, made_at: before.made_at }).toEqual(before);
  });

  it('heads the report like the daily report: its day, instants, venue, thresholds and the ledger head at its end', async () => {
    const [cash, daily] = await Promise.all([
      report(),
      manager.get<DailyReport>(`/a/manager/account/${venueId}/daily_report?day=${DAY}`),
    ]);
    expect(cash.body).toMatchObject({
      account_id: venueId,
      venue: '=Casino, "North"',
      currency: 'EUR',
      day: DAY,
      time_zone: 'UTC',
      day_starts_at: 6,
      from: new Date(DAY_START).toISOString(),
      to: new Date(DAY_END).toISOString(),
      complete: true,
      made_at: new Date(clock.now()).toISOString(),
      log_above: LOG_ABOVE,
      report_above: REPORT_ABOVE,
    });
    expect(cash.body.ledger_head).toEqual(daily.body.ledger_head);
    expect(cash.body.ledger_head.entries).toBeGreaterThan(0);
  });

  it('puts a transaction of 05:59:59.999 into the day before, and keeps a correction out of the next day', async () => {
    const before = await report('2026-11-19');
    expect(before.body.log).toEqual([
      line(p.p5, 'cash_in', 5_000_00, a, 4, morning.c1, {
        at: new Date(DAY_START - 1).toISOString(),
      }),
    ]);
    expect(before.body.reports).toEqual([]);
    // The next day, still running: P6's correction is none of P6's transactions.
    const next = await report('2026-11-21');
    expect(next.body).toMatchObject({ complete: false, log: [], reports: [] });
  });

  it("keeps another venue's players out, and answers that venue's manager 403 as the daily report does", async () => {
    const mine = await report();
    const ids = new Set([...mine.body.log, ...mine.body.reports].map((l) => l.player_id));
    expect(ids.has(other.player.id)).toBe(false);
    const otherManager = (await signedInAs(suite.server, suite.db, 'manager', other.venueId)).client;
    const theirs = await report(DAY, otherManager, other.venueId);
    expect(theirs.body.log).toEqual([
      expect.objectContaining({ player_id: other.player.id, amount: 20_000_00, kind: 'cash_in' }),
    ]);
    expect(theirs.body.reports).toEqual([
      expect.objectContaining({ player_id: other.player.id, cash_in: 20_000_00, cash_out: 0 }),
    ]);
    for (const client of [otherManager, c1.client]) {
      expect(answer(await report(DAY, client))).toEqual({ status: 403, body: { err: ERR.forbidden } });
    }
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    expect(answer(await report(DAY, admin.client))).toMatchObject({ status: 200 });
    expect(answer(await report(DAY, admin.client, 999_999))).toEqual({
      status: 404,
      body: { err: ERR.notFound },
    });
    for (const day of ['2026-02-30', 'today', '2026-11-22', '']) {
      expect(answer(await report(day))).toMatchObject({
        status: 400,
        body: { err: ERR.validation, issues: [{ path: 'day' }] },
      });
    }
  });

  it('writes the CSV, header with the ledger head, then the log and the reports, as the CLI prints it', async () => {
    const { body } = await report();
    const file = csvLines(cashReportLines(body));
    const lines = file.trimEnd().split('\n');
    // The venue's name defused against spreadsheet formulas and quoted for its comma and quotes.
    expect(lines.slice(0, 13)).toEqual([
      `venue,"'=Casino, ""North"""`,
      `gaming_day,${DAY}`,
      `from,${new Date(DAY_START).toISOString()}`,
      `to,${new Date(DAY_END).toISOString()}`,
      'time_zone,UTC',
      'currency,EUR',
      'log_above,3000.00',
      'report_above,10000.00',
      `made_at,${body.made_at}`,
      `made_by,${body.made_by}`,
      `ledger_entries,${body.ledger_head.entries}`,
      `ledger_hash,${body.ledger_head.hash}`,
      'complete,yes',
    ]);
    expect(lines.slice(13, 16)).toEqual(['', 'log', CASH_LOG_COLUMNS.join(',')]);
    expect(lines[16]).toBe(
      `${body.log[0]!.at},${p.p1.id},CARD-P1,Player CARD-P1,cash_in,3000.01,${b.id},1,${body.log[0]!.cashier},${body.log[0]!.trx},`,
    );
    expect(lines[26]).toBe(
      `${body.log[10]!.at},${p.p4.id},CARD-P4,Four,cash_in,3500.00,${b.id},4,${body.log[10]!.cashier},${trx.corrected},${trx.correction}`,
    );
    const reports = 16 + body.log.length;
    expect(lines.slice(reports, reports + 3)).toEqual(['', 'reports', CASH_REPORT_COLUMNS.join(',')]);
    expect(lines.slice(reports + 3)).toEqual([
      `${p.p2.id},CARD-P2,Player CARD-P2,passport,P-CARD-P2,1980-02-29,10000.01,10000.01,4`,
      `${p.p3.id},CARD-P3,Player CARD-P3,passport,P-CARD-P3,1980-02-29,0.00,10000.01,1`,
      `${p.p4.id},CARD-P4,Four,,,,10000.01,0.00,2`,
      `${p.p6.id},CARD-P6,Player CARD-P6,passport,P-CARD-P6,1980-02-29,10000.01,0.00,1`,
    ]);
    // The operator's CLI prints the same file (made by `operator`, at its own moment).
    const run = await runCliCaptured(
      suite.db,
      ['report:cash', '--account', String(venueId), '--day', DAY, '--csv'],
      {
        clock,
      },
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toBe(file.replace(`made_by,${body.made_by}`, 'made_by,operator').trimEnd().concat('\n'));
  });

  it('logs nothing with the log threshold off, and reports nobody with the report threshold off', async () => {
    await suite.db.kysely
      .updateTable('accounts')
      .set({ cash_log_above_cents: null })
      .where('id', '=', venueId)
      .execute();
    const noLog = (await report()).body;
    expect(noLog).toMatchObject({ log_above: null, log: [], report_above: REPORT_ABOVE });
    expect(noLog.reports).toHaveLength(4);
    expect(csvLines(cashReportLines(noLog))).toContain('\nlog_above,off\n');
    await suite.db.kysely
      .updateTable('accounts')
      .set({ cash_log_above_cents: LOG_ABOVE, cash_report_above_cents: null })
      .where('id', '=', venueId)
      .execute();
    const noReports = (await report()).body;
    expect(noReports).toMatchObject({ report_above: null, reports: [] });
    expect(noReports.log).toHaveLength(13);
    await suite.db.kysely
      .updateTable('accounts')
      .set({ cash_report_above_cents: REPORT_ABOVE })
      .where('id', '=', venueId)
      .execute();
  });

  it('leaves the books whole', async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });
});
