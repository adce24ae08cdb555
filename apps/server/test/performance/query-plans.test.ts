// Indexes for every report query: no call a screen or a device makes reads a table that grows (ledger,
// operations, game events, audit log, sessions, users) from end to end; each finds its rows through an
// index. Checked with SQLite's EXPLAIN QUERY PLAN, whose choice does not depend on table statistics
// (PostgreSQL's does: on a test-sized table it rightly scans; BENCHMARKS.md has its report times over a
// ledger of 1M rows).
import { randomUUID } from 'node:crypto';
import { gamingDayOf } from '@cashdesk/contract';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { signedInAs } from '../back-office/support.js';
import { cash, cashierClient, linkCabinet, linkRemote, remoteCash, sendEvent } from '../helpers/cashier.js';
import { sqliteTestDatabase } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { QueryRecorder } from '../helpers/query-recorder.js';
import { startTestServer, type TestClient, type TestResponse, type TestServer } from '../helpers/server.js';

// The tables that grow with time (history, sessions) or with the number of venues (users): a call of one
// venue must not read them whole. (The admin's lists of every account and user read all by design.)
const GROWING_TABLES = ['ledger_entries', 'operations', 'device_events', 'audit_log', 'sessions', 'users'];

describe('query plans of the calls the screens make (SQLite)', () => {
  let db: Db;
  let server: TestServer;
  const recorder = new QueryRecorder();
  const calls: { name: string; run: () => Promise<TestResponse<unknown>> }[] = [];
  let cashierList: () => Promise<TestResponse<unknown>>;
  let dailyTotals: () => Promise<TestResponse<unknown>>;
  let withdraw: () => Promise<TestResponse<unknown>>;
  let cashReport: () => Promise<TestResponse<unknown>>;

  beforeAll(async () => {
    const opened = await sqliteTestDatabase.open();
    db = { ...opened, kysely: opened.kysely.withPlugin(recorder) };
    server = await startTestServer(db, { config: { enrollmentOpen: true } });
    const venue = await createVenue(db, { float: 10_000_00, home_play: true });
    const cashier: TestClient = (await cashierClient(server, db, venue.id)).client;
    const manager = (await signedInAs(server, db, 'manager', venue.id)).client;
    const admin = (await signedInAs(server, db, 'admin', null)).client;
    const cabinet = await linkCabinet(server, cashier);
    const phone = await linkRemote(server, cashier);
    await cash(cashier, cabinet.id, 1, 50_00);
    await remoteCash(cashier, phone, 20_00);
    await sendEvent(cabinet, { trx: randomUUID(), place: 1, type: 2, amount: 5_00 });
    cashierList = () => cashier.get('/a/cashier/devices');
    dailyTotals = () => cashier.get('/a/cashier/daily_totals');
    withdraw = () => cash(cashier, cabinet.id, 1, -1);
    const account = `/a/manager/account/${venue.id}`;
    const day = `from=${encodeURIComponent('2026-01-01T00:00:00+00:00')}&to=${encodeURIComponent('2036-01-01T00:00:00+00:00')}`;
    const pin = { 'x-device-pin': phone.pin };
    const today = gamingDayOf(Date.now(), venue);
    cashReport = () => manager.get(`${account}/cash_report?day=${today}`);
    calls.push(
      { name: 'float', run: () => cashier.get('/a/cashier/account_balance') },
      { name: 'device list', run: () => cashier.get('/a/cashier/devices') },
      { name: 'device detail', run: () => cashier.get(`/a/cashier/devices/${cabinet.id}`) },
      { name: 'phone detail', run: () => cashier.get(`/a/cashier/devices/remote/${phone.id}`, pin) },
      {
        name: 'history and statistics',
        run: () =>
          cashier.post('/a/cashier/report', {
            device_ids: [cabinet.id],
            from: '2026-01-01',
            to: '2036-01-01',
          }),
      },
      {
        name: "a place's last operations",
        run: () =>
          cashier.post('/a/cashier/limit_report', { device_ids: [cabinet.id], limit: 10, placeId: 1 }),
      },
      {
        name: 'game report',
        run: () => cashier.post('/a/cashier/game_report', { device_id: phone.id, full: true }, pin),
      },
      { name: 'deposit', run: () => cash(cashier, cabinet.id, 2, 10_00) },
      {
        name: 'device event',
        run: () => sendEvent(cabinet, { trx: randomUUID(), place: 2, type: 2, amount: 1_00 }),
      },
      { name: 'back-office ledger', run: () => manager.get(`${account}/transactions?${day}`) },
      { name: 'back-office shift report', run: () => manager.get(`${account}/shift_report?${day}`) },
      { name: 'cash report', run: cashReport },
      { name: 'back-office devices', run: () => manager.get(`${account}/devices`) },
      { name: 'back-office users', run: () => manager.get(`${account}/users`) },
      { name: 'venue audit log', run: () => manager.get(`${account}/audit`) },
      { name: 'audit log', run: () => admin.get(`/a/admin/audit?${day}`) },
      { name: 'accounts', run: () => admin.get('/a/admin/accounts') },
    );
  });
  /**
   * Lets the work an earlier call left to the background (its rows sealed on the chain, the floor's
   * alert check of its venue) finish, so a recording holds only the call's own queries.
   */
  async function settled(): Promise<void> {
    await server.ctx.sealer.flush();
    await server.ctx.alerts.idle();
  }

  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('finds the rows of every growing table through an index', async () => {
    const fullScans: string[] = [];
    for (const call of calls) {
      await settled();
      recorder.start();
      const res = await call.run();
      recorder.recording = false;
      expect(res.status, `${call.name}: ${JSON.stringify(res.body)}`).toBe(200);
      for (const { node, queryId } of recorder.queries) {
        const query = db.kysely.getExecutor().compileQuery(node, queryId);
        if (!/^\s*(with|select)\b/i.test(query.sql)) continue;
        const plan = await db.kysely.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        for (const { detail } of plan.rows) {
          const scanned = /^SCAN (\w+)/.exec(detail)?.[1];
          if (scanned && GROWING_TABLES.includes(scanned))
            fullScans.push(`${call.name}: ${detail} in ${query.sql}`);
        }
      }
    }
    expect(fullScans).toEqual([]);
  });

  // A busy cabinet books hundreds of game rows an hour beside a few cash moves: the list's money figures
  // must reach the ledger by the cash moves alone. The 24-hour sums through the partial index of the
  // cash-move rows (migration 020); the last deposit and withdraw by one seek per device on a key that
  // starts with the kind, then the row itself by its id.
  /** How the ledger is read by `call`'s queries, as SQLite's plan says it (`l`, `m`: the rows' aliases). */
  async function ledgerReadsOf(call: () => Promise<TestResponse<unknown>>): Promise<string[]> {
    const ledgerReads: string[] = [];
    await settled();
    recorder.start();
    const res = await call();
    recorder.recording = false;
    expect(res.status).toBe(200);
    for (const { node, queryId } of recorder.queries) {
      const query = db.kysely.getExecutor().compileQuery(node, queryId);
      if (!/\bledger_entries\b/.test(query.sql)) continue;
      const plan = await db.kysely.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      for (const { detail } of plan.rows) {
        const ledger = /^(SEARCH|SCAN) (l|m|ledger_entries)\b(.*)$/.exec(detail);
        if (ledger) ledgerReads.push(`${ledger[2]}${ledger[3]}`);
      }
    }
    return ledgerReads.sort();
  }

  // The 24-hour figures are the venue's own rows: one range of its cash moves, whatever its size.
  it("reads the device list's ledger rows by the cash moves alone", async () => {
    expect(await ledgerReadsOf(cashierList)).toEqual([
      'l USING COVERING INDEX ledger_account_cash_time (account_id=? AND created_at_ms>?)',
      'l USING INTEGER PRIMARY KEY (rowid=?)',
      'l USING INTEGER PRIMARY KEY (rowid=?)',
      'm USING COVERING INDEX ledger_device_kind (device_id=? AND line=? AND kind=?)',
      'm USING COVERING INDEX ledger_device_kind (device_id=? AND line=? AND kind=?)',
    ]);
  });

  // The tills' daily totals likewise, by venue: the venue's game play of the day is never read.
  it("reads the daily totals' ledger rows by the cash moves alone", async () => {
    expect(await ledgerReadsOf(dailyTotals)).toEqual([
      'l USING COVERING INDEX ledger_account_cash_time (account_id=? AND created_at_ms>?)',
    ]);
  });

  // The cash report walks the day's operations for a player through the partial index of migration 022,
  // never the venue's other operations, and reaches each one's entries row and correction by their keys.
  it("reads the cash report's day by the venue's player operations alone", async () => {
    const reads: string[] = [];
    await settled();
    recorder.start();
    const res = await cashReport();
    recorder.recording = false;
    expect(res.status).toBe(200);
    for (const { node, queryId } of recorder.queries) {
      const query = db.kysely.getExecutor().compileQuery(node, queryId);
      if (!query.sql.includes('"o"."player_id" is not null')) continue;
      const plan = await db.kysely.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      for (const { detail } of plan.rows) {
        const read = /^(SEARCH|SCAN) (o|l|c|p|u)\b(.*)$/.exec(detail);
        if (read) reads.push(`${read[1]} ${read[2]}${read[3]}`);
      }
    }
    const operations =
      'SEARCH o USING INDEX operations_player_day (account_id=? AND created_at_ms>? AND created_at_ms<?)';
    const entries = 'SEARCH l USING INDEX ledger_operation (operation_id=?)';
    const correction = 'SEARCH c USING INDEX operations_corrects_once (corrects_operation_id=?) LEFT-JOIN';
    // The log, then the reports: each the day's range of the index and keyed reads from there.
    expect(reads.filter((r) => r.startsWith('SEARCH o') || r.startsWith('SCAN o'))).toEqual([
      operations,
      operations,
    ]);
    expect(reads.filter((r) => / (l|c) /.test(r))).toEqual([entries, correction, entries, correction]);
    expect(reads.filter((r) => r.startsWith('SCAN'))).toEqual([]);
  });

  // Four eyes sums a seat's payouts of the window at the venue it is booked to: through the partial
  // index of the payout rows (migration 017), never the seat's game play nor another venue's rows.
  it("reads a payout's four-eyes window by the seat's payout rows alone", async () => {
    expect(await ledgerReadsOf(withdraw)).toEqual([
      'l USING COVERING INDEX ledger_seat_payouts (device_id=? AND place=? AND created_at_ms>?)',
    ]);
  });
});
