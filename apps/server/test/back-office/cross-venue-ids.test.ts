// Another venue's ids at every manager route of a venue (apps/server/src/back-office/access.ts and each
// route's own lookup by account): for every route the server declares under /a/manager/account/:id, the
// venue's manager gets their answer with their venue's own ids; the same manager naming another venue's
// account is 403; and naming, inside their own account's path, an id of the other venue (an approval, an
// alert, the trx of an operation, a device, a user, a shift, or a filter by one) is refused or shown
// nothing, and the database stays as it was. The other venue's ids are ones the call would act on if the
// scope were not checked: a pending approval, an open alert, a deposit still on its seat, an empty device,
// a cashier with a session. A route under /a/manager/account/:id without a row fails the suite, and so
// does a row for a route with a second id in its path without a cell naming another venue's one.
import {
  ERR,
  type Account,
  type Approval,
  type AuditEntry,
  type BackOfficeUser,
  type CashReport,
  type DailyReport,
  type Device,
  type FloorAlert,
  type FloorOverview,
  type LedgerRow,
  type Player,
  type ShiftListRow,
  type ShiftReport,
  type VerifyResult,
  type ZReport,
} from '@cashdesk/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseAlert } from '../../src/back-office/floor/floor.repository.js';
import type { Db } from '../../src/db/database.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { insertPlayer } from '../../src/players/players.repository.js';
import { cash, cashierClient, newTrx } from '../helpers/cashier.js';
import { FakeClock, HOUR } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createVenue } from '../helpers/factories.js';
import { declaredRoutes } from '../helpers/routes.js';
import {
  clientForUser,
  createUserWithPassword,
  type TestClient,
  type TestResponse,
} from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { databaseSnapshot } from '../security/snapshot.js';

const PASSWORD = 'the manager knows this one';
const NOW = Date.UTC(2026, 10, 22, 12); // noon UTC: gaming day 2026-11-22 of a venue on UTC from 06:00
const DAY = '2026-11-22';
const unique = () => randomBytes(4).toString('hex');

/** One venue and what its routes can name: fixed rows, and fresh ones for calls that use theirs up. */
interface Venue {
  id: number;
  manager: TestClient;
  cashier: TestClient;
  cashierId: number;
  /** A linked cabinet whose seat 1 holds money. */
  deviceId: number;
  /** A closed shift of the cashier. */
  shiftId: number;
  /** Pending, inside its window: an approval by anyone would pay it out. */
  approvalId: string;
  /** Open and unacknowledged. */
  alertId: number;
  /** A deposit whose money is still on its seat: a correction of it would go through. */
  depositTrx: string;
  /** Linked and holding nothing: an unlink of it would go through. */
  emptyDeviceId: number;
  /** A player of the venue, not excluded: an exclusion of them would go through. */
  playerId: number;
}

/** The ids a call names: the venue's fixed ones, or (for the own manager's calls) fresh ones. */
interface Ids {
  venue: Venue;
  approval(): Promise<string>;
  alert(): Promise<number>;
  deposit(): Promise<string>;
  emptyDevice(): Promise<number>;
  player(): Promise<number>;
}

interface Fixture {
  db: Db;
  a: Venue;
  b: Venue;
  /** A deposit by the cashier of `v` on its cabinet, answered 200. */
  deposit(v: Venue, amount: number): Promise<string>;
}

interface Call {
  path: string;
  body?: unknown;
}

interface Refusal {
  status: number;
  body?: unknown;
  check?: (body: unknown, f: Fixture) => void;
}

interface Row {
  route: string;
  method: 'GET' | 'POST';
  /** The call on account `account` naming the ids of `ids`. */
  call: (account: number, ids: Ids, f: Fixture) => Call | Promise<Call>;
  /** What the venue's manager gets on their own venue with its ids. */
  own: (res: TestResponse<unknown>, f: Fixture) => void | Promise<void>;
  /** The answer to the venue's manager naming, in their own account's path, an id of the other venue. */
  foreign?: Refusal;
}

const acct = (account: number) => `/a/manager/account/${account}`;
const notFound: Refusal = { status: 404, body: { err: ERR.notFound } };
const status = (res: TestResponse<unknown>, expected: number) =>
  expect(res.status, JSON.stringify(res.body)).toBe(expected);

async function ledgerSum(db: Db, accountId: number, kind: 'deposit' | 'withdraw', deviceId?: number) {
  let query = db.kysely
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('account_id', '=', accountId)
    .where('line', '=', 'entries')
    .where('kind', '=', kind);
  if (deviceId !== undefined) query = query.where('device_id', '=', deviceId);
  return Math.abs(Number((await query.executeTakeFirstOrThrow()).total));
}

async function floatOf(db: Db, accountId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select('balance_cents')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

const ROWS: Row[] = [
  {
    route: 'GET /a/manager/account/:id',
    method: 'GET',
    call: (account) => ({ path: acct(account) }),
    own: (res, f) => {
      status(res, 200);
      expect((res.body as Account).id).toBe(f.a.id);
    },
  },
  {
    route: 'POST /a/manager/account/:id',
    method: 'POST',
    call: (account) => ({ path: acct(account), body: { min_amount: 3_00, reason: 'cross-venue' } }),
    own: (res) => {
      status(res, 200);
      expect((res.body as Account).min_amount).toBe(3_00);
    },
  },
  {
    route: 'POST /a/manager/account/:id/move',
    method: 'POST',
    call: (account) => ({
      path: `${acct(account)}/move`,
      body: { delta: -1_00, trx: newTrx(), reason: 'cross-venue' },
    }),
    own: (res) => status(res, 200),
  },
  {
    route: 'GET /a/manager/account/:id/approvals',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/approvals?status=pending` }),
    own: (res, f) => {
      status(res, 200);
      const ids = (res.body as Approval[]).map((a) => a.id);
      expect(ids).toContain(f.a.approvalId);
      expect(ids).not.toContain(f.b.approvalId);
    },
  },
  {
    // The manager re-enters their own (right) password: only the approval's venue can refuse.
    route: 'POST /a/manager/account/:id/approvals/:approval_id',
    method: 'POST',
    call: async (account, ids) => ({
      path: `${acct(account)}/approvals/${await ids.approval()}`,
      body: { decision: 'approve', password: PASSWORD, reason: 'cross-venue' },
    }),
    own: (res) => {
      status(res, 200);
      expect(res.body).toMatchObject({ status: 'approved' });
    },
    foreign: notFound,
  },
  {
    route: 'POST /a/manager/account/:id/corrections',
    method: 'POST',
    call: async (account, ids) => ({
      path: `${acct(account)}/corrections`,
      body: { trx: await ids.deposit(), correction_trx: newTrx(), reason: 'cross-venue' },
    }),
    own: (res) => {
      status(res, 200);
      expect(res.body).toMatchObject({ delta: expect.any(Number) });
    },
    foreign: notFound,
  },
  {
    route: 'GET /a/manager/account/:id/transactions',
    method: 'GET',
    call: (account, ids) => ({ path: `${acct(account)}/transactions?device_id=${ids.venue.deviceId}` }),
    own: (res, f) => {
      status(res, 200);
      const rows = res.body as LedgerRow[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.device_id === f.a.deviceId)).toBe(true);
    },
    foreign: { status: 200, body: [] },
  },
  {
    route: 'GET /a/manager/account/:id/transactions.csv',
    method: 'GET',
    call: (account, ids) => ({ path: `${acct(account)}/transactions.csv?user_id=${ids.venue.cashierId}` }),
    own: (res) => {
      status(res, 200);
      const lines = String(res.body).split('\n').filter(Boolean);
      expect(lines[0]).toMatch(/^id,created_at,trx,/);
      expect(lines.length).toBeGreaterThan(1);
    },
    // The header, no row.
    foreign: {
      status: 200,
      check: (body) => {
        const lines = String(body).split('\n').filter(Boolean);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/^id,created_at,trx,/);
      },
    },
  },
  {
    route: 'GET /a/manager/account/:id/ledger_head',
    method: 'GET',
    // The other venue writes last, so the newest row of the whole ledger is not this venue's.
    call: async (account, _ids, f) => {
      await f.deposit(f.b, 1_00);
      return { path: `${acct(account)}/ledger_head` };
    },
    own: async (res, f) => {
      status(res, 200);
      const head = await f.db.kysely
        .selectFrom('ledger_chain_heads')
        .select(['entries', 'hash'])
        .where('account_id', '=', f.a.id)
        .executeTakeFirstOrThrow();
      expect(res.body).toEqual({ entries: Number(head.entries), hash: head.hash });
    },
  },
  {
    route: 'GET /a/manager/account/:id/devices',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/devices` }),
    own: (res, f) => {
      status(res, 200);
      const ids = (res.body as Device[]).map((d) => d.id);
      expect(ids).toContain(f.a.deviceId);
      expect(ids).not.toContain(f.b.deviceId);
      expect(ids).not.toContain(f.b.emptyDeviceId);
    },
  },
  {
    route: 'POST /a/manager/account/:id/devices/:deviceId',
    method: 'POST',
    call: (account, ids) => ({
      path: `${acct(account)}/devices/${ids.venue.deviceId}`,
      body: { name: 'Renamed across', hidden: true },
    }),
    own: (res) => {
      status(res, 200);
      expect(res.body).toMatchObject({ name: 'Renamed across', hidden: true });
    },
    foreign: notFound,
  },
  {
    route: 'POST /a/manager/account/:id/devices/:deviceId/unlink',
    method: 'POST',
    call: async (account, ids) => ({
      path: `${acct(account)}/devices/${await ids.emptyDevice()}/unlink`,
      body: { reason: 'cross-venue' },
    }),
    own: (res) => {
      status(res, 200);
      expect(res.body).toEqual({ ok: true });
    },
    foreign: notFound,
  },
  {
    route: 'GET /a/manager/account/:id/users',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/users` }),
    own: (res, f) => {
      status(res, 200);
      const users = res.body as BackOfficeUser[];
      expect(users.map((u) => u.id)).toContain(f.a.cashierId);
      expect(users.every((u) => u.account_id === f.a.id)).toBe(true);
    },
  },
  {
    route: 'POST /a/manager/account/:id/user',
    method: 'POST',
    call: (account) => ({
      path: `${acct(account)}/user`,
      body: { login: `cross_${unique()}`, name: 'Cross', password: 'long enough 1', restrictions: [] },
    }),
    own: (res, f) => {
      status(res, 200);
      expect(res.body).toMatchObject({ role: 'cashier', account_id: f.a.id });
    },
  },
  {
    route: 'POST /a/manager/account/:id/user/:userId',
    method: 'POST',
    call: (account, ids) => ({
      path: `${acct(account)}/user/${ids.venue.cashierId}`,
      body: { name: 'Renamed across', blocked: false },
    }),
    own: (res) => {
      status(res, 200);
      expect(res.body).toMatchObject({ name: 'Renamed across' });
    },
    foreign: notFound,
  },
  {
    route: 'POST /a/manager/account/:id/user/:userId/set_password',
    method: 'POST',
    call: (account, ids) => ({
      path: `${acct(account)}/user/${ids.venue.cashierId}/set_password`,
      body: { password: `taken across ${unique()}` },
    }),
    own: (res) => {
      status(res, 200);
      expect(res.body).toEqual({ ok: true });
    },
    foreign: notFound,
  },
  {
    route: 'POST /a/manager/account/:id/user/:userId/set_restrictions',
    method: 'POST',
    call: (account, ids) => ({
      path: `${acct(account)}/user/${ids.venue.cashierId}/set_restrictions`,
      body: { restrictions: [] },
    }),
    own: (res) => {
      status(res, 200);
      expect(res.body).toMatchObject({ restrictions: [] });
    },
    foreign: notFound,
  },
  {
    route: 'GET /a/manager/account/:id/shift_report',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/shift_report?from=2000-01-01&to=2100-01-01` }),
    own: async (res, f) => {
      status(res, 200);
      const report = res.body as ShiftReport;
      expect(report.account_id).toBe(f.a.id);
      const ids = report.cashiers.map((c) => c.user_id);
      expect(ids).toContain(f.a.cashierId);
      expect(ids).not.toContain(f.b.cashierId);
      expect(report.totals.deposit_total).toBe(await ledgerSum(f.db, f.a.id, 'deposit'));
    },
  },
  {
    route: 'GET /a/manager/account/:id/daily_report',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/daily_report?day=${DAY}` }),
    own: async (res, f) => {
      status(res, 200);
      const report = res.body as DailyReport;
      expect(report.account_id).toBe(f.a.id);
      const devices = report.devices.map((d) => d.device_id);
      expect(devices).toContain(f.a.deviceId);
      expect(devices).not.toContain(f.b.deviceId);
      // Every deposit of the venue is a cashier's (no correction of a withdraw here): all of them, no other.
      expect(report.total.deposit_total).toBe(await ledgerSum(f.db, f.a.id, 'deposit'));
    },
  },
  {
    route: 'GET /a/manager/account/:id/cash_report',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/cash_report?day=${DAY}` }),
    own: async (res, f) => {
      status(res, 200);
      const report = res.body as CashReport;
      expect(report.account_id).toBe(f.a.id);
      // Every player a line names is the venue's own.
      const named = [...report.log, ...report.reports].map((line) => line.player_id);
      const theirs = await f.db.kysely
        .selectFrom('players')
        .select('id')
        .where('account_id', '=', f.a.id)
        .execute();
      expect(named.filter((id) => !theirs.some((p) => Number(p.id) === id))).toEqual([]);
    },
  },
  {
    route: 'GET /a/manager/account/:id/shifts',
    method: 'GET',
    call: (account, ids) => ({ path: `${acct(account)}/shifts?user_id=${ids.venue.cashierId}` }),
    own: (res, f) => {
      status(res, 200);
      expect((res.body as ShiftListRow[]).map((s) => s.id)).toContain(f.a.shiftId);
    },
    foreign: { status: 200, body: [] },
  },
  {
    route: 'GET /a/manager/account/:id/shifts/:shift_id',
    method: 'GET',
    call: (account, ids) => ({ path: `${acct(account)}/shifts/${ids.venue.shiftId}` }),
    own: (res, f) => {
      status(res, 200);
      expect(res.body).toMatchObject({ id: f.a.shiftId, account_id: f.a.id } satisfies Partial<ZReport>);
    },
    foreign: notFound,
  },
  {
    route: 'GET /a/manager/account/:id/overview',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/overview` }),
    own: async (res, f) => {
      status(res, 200);
      const overview = res.body as FloorOverview;
      expect(overview.account_id).toBe(f.a.id);
      expect(overview.float).toBe(await floatOf(f.db, f.a.id));
      expect(overview.today.deposits).toBe(await ledgerSum(f.db, f.a.id, 'deposit'));
      expect(overview.today.withdrawals).toBe(await ledgerSum(f.db, f.a.id, 'withdraw'));
      expect(overview.alerts.map((a) => a.id)).not.toContain(f.b.alertId);
    },
  },
  {
    route: 'GET /a/manager/account/:id/alerts',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/alerts` }),
    own: (res, f) => {
      status(res, 200);
      const ids = (res.body as FloorAlert[]).map((a) => a.id);
      expect(ids).toContain(f.a.alertId);
      expect(ids).not.toContain(f.b.alertId);
    },
  },
  {
    route: 'POST /a/manager/account/:id/alerts/:alert_id/ack',
    method: 'POST',
    call: async (account, ids) => ({ path: `${acct(account)}/alerts/${await ids.alert()}/ack`, body: {} }),
    own: (res) => {
      status(res, 200);
      expect(res.body).toMatchObject({ id: expect.any(Number), acked_at: new Date(NOW).toISOString() });
    },
    foreign: notFound,
  },
  {
    route: 'GET /a/manager/account/:id/events',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/events` }),
    own: (res) => {
      status(res, 200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
    },
  },
  {
    route: 'GET /a/manager/account/:id/verify',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/verify` }),
    own: (res, f) => {
      status(res, 200);
      expect(res.body).toMatchObject({ ok: true, account_id: f.a.id } satisfies Partial<VerifyResult>);
    },
  },
  {
    route: 'GET /a/manager/account/:id/players',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/players` }),
    own: (res, f) => {
      status(res, 200);
      const ids = (res.body as Player[]).map((p) => p.id);
      expect(ids).toContain(f.a.playerId);
      expect(ids).not.toContain(f.b.playerId);
    },
  },
  {
    route: 'POST /a/manager/account/:id/players/:player_id',
    method: 'POST',
    call: async (account, ids) => ({
      path: `${acct(account)}/players/${await ids.player()}`,
      body: { document_kind: 'id card' },
    }),
    own: (res) => {
      status(res, 200);
      expect(res.body).toMatchObject({ document_kind: 'id card' });
    },
    foreign: notFound,
  },
  {
    route: 'POST /a/manager/account/:id/players/:player_id/limit',
    method: 'POST',
    call: async (account, ids) => ({
      path: `${acct(account)}/players/${await ids.player()}/limit`,
      body: { daily_limit: 0 },
    }),
    own: (res) => {
      status(res, 200);
      expect(res.body).toMatchObject({ daily_limit: 0 });
    },
    foreign: notFound,
  },
  {
    route: 'POST /a/manager/account/:id/players/:player_id/exclusion',
    method: 'POST',
    call: async (account, ids) => ({
      path: `${acct(account)}/players/${await ids.player()}/exclusion`,
      body: { until: null },
    }),
    own: (res) => {
      status(res, 200);
      expect(res.body).toMatchObject({ excluded: true, excluded_until: null });
    },
    foreign: notFound,
  },
  {
    route: 'GET /a/manager/account/:id/audit',
    method: 'GET',
    call: (account) => ({ path: `${acct(account)}/audit` }),
    own: (res, f) => {
      status(res, 200);
      const entries = res.body as AuditEntry[];
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((e) => e.account_id === f.a.id)).toBe(true);
    },
  },
];

const CELLS = ROWS.flatMap((row) => [
  { name: `${row.route}: the venue's manager with the venue's ids`, row, kind: 'own' as const },
  {
    name: `${row.route}: the same manager naming another venue's account: 403`,
    row,
    kind: 'account' as const,
  },
  ...(row.foreign
    ? [
        {
          name: `${row.route}: the same manager naming another venue's id in their own account: ${row.foreign.status}`,
          row,
          kind: 'id' as const,
        },
      ]
    : []),
]);

describe.each(testDatabases)("another venue's ids at a venue's manager routes on $name", (database) => {
  let f: Fixture;

  async function deposit(v: Venue, amount: number): Promise<string> {
    const trx = newTrx();
    const res = await cash(v.cashier, v.deviceId, 1, amount, trx);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return trx;
  }

  async function pendingApproval(v: Venue): Promise<string> {
    await deposit(v, 300_00);
    const res = await cash(v.cashier, v.deviceId, 1, -200_00);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return (res.body as { approval_id: string }).approval_id;
  }

  async function openAlert(accountId: number): Promise<number> {
    // A shift's difference: cleared only by an ack or its setting, never by the venue's own checks.
    const subject = `shift:${unique()}`;
    await raiseAlert(suite.db.kysely, {
      account_id: accountId,
      kind: 'shift_difference',
      subject,
      details: 'Test closed 50.00 short, above 20.00',
      now_ms: clock.now(),
    });
    const row = await suite.db.kysely
      .selectFrom('alerts')
      .select('id')
      .where('account_id', '=', accountId)
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function closedShift(accountId: number, userId: number): Promise<number> {
    const shift = await suite.db.kysely
      .insertInto('shifts')
      .values({
        account_id: accountId,
        user_id: userId,
        opened_at_ms: clock.now() - HOUR,
        opening_cents: 10_00,
        open_trx: `open-${unique()}`,
        closed_at_ms: clock.now(),
        close_trx: `close-${unique()}`,
        counted_cents: 9_00,
        expected_cents: 10_00,
        difference_cents: -1_00,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(shift.id);
  }

  async function newPlayer(accountId: number): Promise<number> {
    const player = await insertPlayer(suite.db.kysely, {
      account_id: accountId,
      card: `CROSS-${unique()}`,
      name: null,
      document_kind: null,
      document_number: null,
      birth_date: null,
      now_ms: clock.now(),
    });
    return player.id;
  }

  async function venue(): Promise<Venue> {
    const id = (await createVenue(suite.db, { float: 100_000_00 })).id;
    const { user } = await createUserWithPassword(suite.db, {
      account_id: id,
      role: 'manager',
      password: PASSWORD,
    });
    const manager = await clientForUser(suite.server, user);
    const set = await manager.post(acct(id), { approval_above: 100_00 });
    expect(set.status).toBe(200);
    const { client: cashier, id: cashierId } = await cashierClient(suite.server, suite.db, id);
    const device = await createLinkedDevice(suite.db, { account_id: id });
    const empty = await createLinkedDevice(suite.db, { account_id: id });
    const v = { id, manager, cashier, cashierId, deviceId: device.id, emptyDeviceId: empty.id } as Venue;
    v.depositTrx = await deposit(v, 500_00);
    v.approvalId = await pendingApproval(v);
    v.alertId = await openAlert(id);
    v.shiftId = await closedShift(id, cashierId);
    v.playerId = await newPlayer(id);
    return v;
  }

  /** The venue's fixed ids: what the refused calls name. */
  const fixedIds = (v: Venue): Ids => ({
    venue: v,
    approval: () => Promise.resolve(v.approvalId),
    alert: () => Promise.resolve(v.alertId),
    deposit: () => Promise.resolve(v.depositTrx),
    emptyDevice: () => Promise.resolve(v.emptyDeviceId),
    player: () => Promise.resolve(v.playerId),
  });

  /** Fresh ids for the venue's own manager, whose calls use them up. */
  const freshIds = (v: Venue): Ids => ({
    venue: v,
    approval: () => pendingApproval(v),
    alert: () => openAlert(v.id),
    deposit: () => deposit(v, 50_00),
    emptyDevice: async () => (await createLinkedDevice(suite.db, { account_id: v.id })).id,
    player: () => newPlayer(v.id),
  });

  /** Everything a refused call must leave as it was, the alerts, approvals, shifts and audit log too. */
  async function snapshot(): Promise<string> {
    await suite.server.ctx.alerts.idle();
    const k = suite.db.kysely;
    return JSON.stringify({
      base: await databaseSnapshot(suite.db),
      alerts: await k.selectFrom('alerts').selectAll().orderBy('id').execute(),
      approvals: await k.selectFrom('approvals').selectAll().orderBy('id').execute(),
      shifts: await k.selectFrom('shifts').selectAll().orderBy('id').execute(),
      audit: await k.selectFrom('audit_log').select('id').orderBy('id').execute(),
    });
  }

  const send = (client: TestClient, row: Row, call: Call) =>
    client.request(row.method, call.path, call.body === undefined ? {} : { json: call.body });

  const clock = new FakeClock(NOW);
  // The silence timer is left alone (an hour): nothing but the calls below writes while a cell runs.
  const suite = useTestServer(database, { clock, config: { alerts: { debounceMs: 10, everyMs: HOUR } } });
  beforeAll(async () => {
    const a = await venue();
    const b = await venue();
    f = { db: suite.db, a, b, deposit };
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it.each(CELLS)('$name', async ({ row, kind }) => {
    const { a, b } = f;
    if (kind === 'own') {
      const res = await send(a.manager, row, await row.call(a.id, freshIds(a), f));
      await row.own(res, f);
      return;
    }
    const call = await row.call(kind === 'account' ? b.id : a.id, fixedIds(b), f);
    const before = await snapshot();
    const res = await send(a.manager, row, call);
    const expected: Refusal =
      kind === 'account' ? { status: 403, body: { err: ERR.forbidden } } : row.foreign!;
    status(res, expected.status);
    if (expected.body !== undefined) expect(res.body).toEqual(expected.body);
    expected.check?.(res.body, f);
    expect(await snapshot()).toBe(before);
  });

  it("still holds the other venue's rows as they were: its approval pending, its alert open, its deposit uncorrected", async () => {
    const { b } = f;
    const approvals = await b.manager.get<Approval[]>(`${acct(b.id)}/approvals?status=pending`);
    expect(approvals.body.map((x) => x.id)).toContain(b.approvalId);
    const alerts = await b.manager.get<FloorAlert[]>(`${acct(b.id)}/alerts`);
    expect(alerts.body.find((x) => x.id === b.alertId)).toMatchObject({ acked: null });
    const devices = await b.manager.get<Device[]>(`${acct(b.id)}/devices`);
    expect(devices.body.map((d) => d.id)).toEqual(expect.arrayContaining([b.deviceId, b.emptyDeviceId]));
    const detail = await b.cashier.get<{ places: { place: number; balances: { entries: number } }[] }>(
      `/a/cashier/devices/${b.deviceId}`,
    );
    // Everything deposited is still on the seat: no withdraw, approval or correction took any of it.
    const entries = detail.body.places.find((p) => p.place === 1)!.balances.entries;
    expect(entries).toBe(await ledgerSum(suite.db, b.id, 'deposit', b.deviceId));
    expect(entries).toBeGreaterThanOrEqual(800_00);
    expect(await ledgerSum(suite.db, b.id, 'withdraw')).toBe(0);
  });

  it('has a row for every route the server declares under /a/manager/account/:id, and none it lacks', () => {
    const declared = declaredRoutes(suite.server.app)
      .filter((route) => / \/api\/v1\/a\/manager\/account\/:id($|\/)/.test(route))
      .map((route) => route.replace(' /api/v1/', ' /'));
    expect([...declared].sort()).toEqual(ROWS.map((r) => r.route).sort());
  });

  it("has, for every route naming a second id in its path, a cell with another venue's id", () => {
    const nested = ROWS.filter((r) => /\/:(?!id\b)\w+/.test(r.route));
    expect(nested.length).toBeGreaterThan(0);
    expect(nested.filter((r) => !r.foreign).map((r) => r.route)).toEqual([]);
  });
});
