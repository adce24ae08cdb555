// Who may call which back-office route: every route of the table below against every kind of caller.
// An admin acts on every account, a manager only on their own, a cashier on nothing. A new back-office
// route needs one row in ROUTES (the last test fails until it has one).
import {
  account,
  auditEntry,
  backOfficeUser,
  device,
  ERR,
  floatMoveResult,
  ledgerHead,
  approval,
  ledgerRow,
  floorOverview,
  player,
  shiftListRow,
  cashReport,
  dailyReport,
  shiftReport,
  verifyResult,
  zReport,
} from '@cashdesk/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { insertPlayer } from '../../src/players/players.repository.js';
import { updateUser } from '../../src/users/users.repository.js';
import { testDatabases } from '../helpers/databases.js';
import {
  createLinkedDevice,
  createTestUser,
  createVenue,
  newAccountBody,
  newCashierBody,
} from '../helpers/factories.js';
import {
  expectCell,
  matrixCells,
  shape as contractShape,
  type Expected as MatrixExpected,
  type MatrixRow,
} from '../helpers/permission-matrix.js';
import { declaredRoutes } from '../helpers/routes.js';
import { type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { newTrx, signedInAs } from './support.js';

interface Fixture {
  venueId: number;
  cashierId: number;
  cabinetId: number;
  /** A player of the venue, with a name to search by. */
  playerId: number;
  db: Db;
}

type Expected = MatrixExpected<Fixture>;

interface RouteRow extends MatrixRow<Fixture> {
  /** `admin`: /a/admin/ routes; `account`: routes of one account (its manager may call them too). */
  scope: 'admin' | 'account';
  ok: Expected;
}

const shape = contractShape<Fixture>();

const unique = () => randomBytes(4).toString('hex');
const acct = (f: Fixture) => `/a/manager/account/${f.venueId}`;
const newPassword = 'long enough 1';
let passwordsMade = 0;
const freshPassword = () => `${newPassword} take ${++passwordsMade}`;

const ROUTES: RouteRow[] = [
  {
    route: 'GET /a/admin/accounts',
    method: 'GET',
    path: () => '/a/admin/accounts',
    scope: 'admin',
    ok: {
      status: 200,
      check: shape(account.array(), (list, f) => expect(list.map((a) => a.id)).toContain(f.venueId)),
    },
  },
  {
    route: 'POST /a/admin/account',
    method: 'POST',
    path: () => '/a/admin/account',
    body: () => newAccountBody(`Matrix venue ${unique()}`),
    scope: 'admin',
    ok: { status: 200, check: shape(account, (a) => expect(a.balance).toBe(0)) },
  },
  {
    route: 'GET /a/admin/users',
    method: 'GET',
    path: () => '/a/admin/users',
    scope: 'admin',
    ok: {
      status: 200,
      check: shape(backOfficeUser.array(), (l, f) => expect(l.map((u) => u.id)).toContain(f.cashierId)),
    },
  },
  {
    route: 'POST /a/admin/user',
    method: 'POST',
    path: () => '/a/admin/user',
    body: (f) => newCashierBody(f.venueId, `matrix_${unique()}`, newPassword),
    scope: 'admin',
    ok: { status: 200, check: shape(backOfficeUser, (u, f) => expect(u.account_id).toBe(f.venueId)) },
  },
  {
    route: 'POST /a/admin/user/:id',
    method: 'POST',
    path: (f) => `/a/admin/user/${f.cashierId}`,
    body: () => ({ name: 'Renamed by admin' }),
    scope: 'admin',
    ok: { status: 200, check: shape(backOfficeUser, (u) => expect(u.name).toBe('Renamed by admin')) },
  },
  {
    route: 'POST /a/admin/user/:id/set_password',
    method: 'POST',
    path: (f) => `/a/admin/user/${f.cashierId}/set_password`,
    // A new one each cell: choosing the current password again is refused (weak password).
    body: () => ({ password: freshPassword() }),
    scope: 'admin',
    ok: { status: 200, body: { ok: true } },
  },
  {
    route: 'POST /a/admin/user/:id/set_restrictions',
    method: 'POST',
    path: (f) => `/a/admin/user/${f.cashierId}/set_restrictions`,
    body: () => ({ restrictions: ['can_edit_device'] }),
    scope: 'admin',
    ok: {
      status: 200,
      check: shape(backOfficeUser, (u) => expect(u.restrictions).toEqual(['can_edit_device'])),
    },
  },
  {
    route: 'GET /a/admin/audit',
    method: 'GET',
    path: () => '/a/admin/audit',
    scope: 'admin',
    ok: { status: 200, check: shape(auditEntry.array()) },
  },
  {
    route: 'GET /a/admin/verify',
    method: 'GET',
    path: () => '/a/admin/verify',
    scope: 'admin',
    ok: {
      status: 200,
      check: shape(verifyResult, (r) => expect(r).toMatchObject({ ok: true, account_id: null })),
    },
  },
  {
    route: 'GET /a/manager/account/:id',
    method: 'GET',
    path: acct,
    scope: 'account',
    ok: { status: 200, check: shape(account, (a, f) => expect(a.id).toBe(f.venueId)) },
  },
  {
    route: 'POST /a/manager/account/:id',
    method: 'POST',
    path: acct,
    body: () => ({ min_amount: 2_00, reason: 'matrix' }),
    scope: 'account',
    ok: { status: 200, check: shape(account, (a) => expect(a.min_amount).toBe(2_00)) },
  },
  {
    route: 'POST /a/manager/account/:id/move',
    method: 'POST',
    path: (f) => `${acct(f)}/move`,
    body: () => ({ delta: 1_00, trx: newTrx(), reason: 'matrix top-up' }),
    scope: 'account',
    ok: { status: 200, check: shape(floatMoveResult, (r) => expect(r.delta).toBe(1_00)) },
  },
  {
    route: 'GET /a/manager/account/:id/transactions',
    method: 'GET',
    path: (f) => `${acct(f)}/transactions?limit=5`,
    scope: 'account',
    ok: { status: 200, check: shape(ledgerRow.array(), (rows) => expect(rows.length).toBeGreaterThan(0)) },
  },
  {
    route: 'GET /a/manager/account/:id/transactions.csv',
    method: 'GET',
    path: (f) => `${acct(f)}/transactions.csv`,
    scope: 'account',
    ok: { status: 200, check: (body) => expect(String(body)).toMatch(/^id,created_at,trx,/) },
  },
  {
    route: 'GET /a/manager/account/:id/ledger_head',
    method: 'GET',
    path: (f) => `${acct(f)}/ledger_head`,
    scope: 'account',
    ok: {
      status: 200,
      check: shape(ledgerHead, (head) => {
        expect(head.entries).toBeGreaterThan(0);
        expect(head.hash).toMatch(/^[0-9a-f]{64}$/);
      }),
    },
  },
  {
    route: 'GET /a/manager/account/:id/approvals',
    method: 'GET',
    path: (f) => `${acct(f)}/approvals?status=pending`,
    scope: 'account',
    ok: { status: 200, check: shape(approval.array()) },
  },
  {
    // Past the permission check the caller's own password is asked first: a wrong one decides nothing.
    route: 'POST /a/manager/account/:id/approvals/:approval_id',
    method: 'POST',
    path: (f) => `${acct(f)}/approvals/no-such-approval`,
    body: () => ({ decision: 'decline', password: 'not the password', reason: 'matrix' }),
    scope: 'account',
    ok: { status: 422, body: { err: 'wrong password' } },
  },
  {
    // An unknown trx: an allowed caller reaches the lookup, which corrects nothing.
    route: 'POST /a/manager/account/:id/corrections',
    method: 'POST',
    path: (f) => `${acct(f)}/corrections`,
    body: () => ({ trx: newTrx(), correction_trx: newTrx(), reason: 'matrix' }),
    scope: 'account',
    ok: { status: 404, body: { err: 'not found' } },
  },
  {
    route: 'GET /a/manager/account/:id/devices',
    method: 'GET',
    path: (f) => `${acct(f)}/devices`,
    scope: 'account',
    ok: {
      status: 200,
      check: shape(device.array(), (l, f) => expect(l.map((d) => d.id)).toContain(f.cabinetId)),
    },
  },
  {
    route: 'POST /a/manager/account/:id/devices/:deviceId',
    method: 'POST',
    path: (f) => `${acct(f)}/devices/${f.cabinetId}`,
    body: () => ({ name: 'Matrix cabinet', hidden: false }),
    scope: 'account',
    ok: { status: 200, check: shape(device, (d) => expect(d.name).toBe('Matrix cabinet')) },
  },
  {
    route: 'POST /a/manager/account/:id/devices/:deviceId/unlink',
    method: 'POST',
    // A fresh empty cabinet for every cell: an unlinked one is gone from the account.
    path: async (f) =>
      `${acct(f)}/devices/${(await createLinkedDevice(f.db, { account_id: f.venueId })).id}/unlink`,
    body: () => ({ reason: 'matrix' }),
    scope: 'account',
    ok: { status: 200, body: { ok: true } },
  },
  {
    route: 'GET /a/manager/account/:id/users',
    method: 'GET',
    path: (f) => `${acct(f)}/users`,
    scope: 'account',
    ok: {
      status: 200,
      check: shape(backOfficeUser.array(), (l, f) => expect(l.map((u) => u.id)).toContain(f.cashierId)),
    },
  },
  {
    route: 'POST /a/manager/account/:id/user',
    method: 'POST',
    path: (f) => `${acct(f)}/user`,
    body: () => ({ login: `matrix_${unique()}`, name: 'Matrix', password: newPassword, restrictions: [] }),
    scope: 'account',
    ok: { status: 200, check: shape(backOfficeUser, (u) => expect(u.role).toBe('cashier')) },
  },
  {
    route: 'POST /a/manager/account/:id/user/:userId',
    method: 'POST',
    path: (f) => `${acct(f)}/user/${f.cashierId}`,
    body: () => ({ name: 'Renamed by manager' }),
    scope: 'account',
    ok: { status: 200, check: shape(backOfficeUser, (u) => expect(u.name).toBe('Renamed by manager')) },
  },
  {
    route: 'POST /a/manager/account/:id/user/:userId/set_password',
    method: 'POST',
    path: (f) => `${acct(f)}/user/${f.cashierId}/set_password`,
    // A new one each cell: choosing the current password again is refused (weak password).
    body: () => ({ password: freshPassword() }),
    scope: 'account',
    ok: { status: 200, body: { ok: true } },
  },
  {
    route: 'POST /a/manager/account/:id/user/:userId/set_restrictions',
    method: 'POST',
    path: (f) => `${acct(f)}/user/${f.cashierId}/set_restrictions`,
    body: () => ({ restrictions: [] }),
    scope: 'account',
    ok: { status: 200, check: shape(backOfficeUser, (u) => expect(u.restrictions).toEqual([])) },
  },
  {
    route: 'GET /a/manager/account/:id/shift_report',
    method: 'GET',
    path: (f) => `${acct(f)}/shift_report?from=2000-01-01&to=2100-01-01`,
    scope: 'account',
    ok: { status: 200, check: shape(shiftReport, (r, f) => expect(r.account_id).toBe(f.venueId)) },
  },
  {
    route: 'GET /a/manager/account/:id/daily_report',
    method: 'GET',
    path: (f) => `${acct(f)}/daily_report?day=2020-01-01`,
    scope: 'account',
    ok: { status: 200, check: shape(dailyReport, (r, f) => expect(r.account_id).toBe(f.venueId)) },
  },
  {
    route: 'GET /a/manager/account/:id/cash_report',
    method: 'GET',
    path: (f) => `${acct(f)}/cash_report?day=2020-01-01`,
    scope: 'account',
    ok: { status: 200, check: shape(cashReport, (r, f) => expect(r.account_id).toBe(f.venueId)) },
  },
  {
    route: 'GET /a/manager/account/:id/overview',
    method: 'GET',
    path: (f) => `${acct(f)}/overview`,
    scope: 'account',
    ok: { status: 200, check: shape(floorOverview, (o, f) => expect(o.account_id).toBe(f.venueId)) },
  },
  {
    route: 'GET /a/manager/account/:id/alerts',
    method: 'GET',
    path: (f) => `${acct(f)}/alerts`,
    scope: 'account',
    ok: { status: 200, body: [] },
  },
  {
    route: 'GET /a/manager/account/:id/events',
    method: 'GET',
    path: (f) => `${acct(f)}/events`,
    scope: 'account',
    ok: { status: 200, check: (body) => expect(body).toBe('') },
  },
  {
    // No open alert with that id: the ones who may ack get 404, the others 403 before anything is read.
    route: 'POST /a/manager/account/:id/alerts/:alert_id/ack',
    method: 'POST',
    path: (f) => `${acct(f)}/alerts/999999/ack`,
    body: () => ({}),
    scope: 'account',
    ok: { status: 404, body: { err: 'not found' } },
  },
  {
    route: 'GET /a/manager/account/:id/shifts',
    method: 'GET',
    path: (f) => `${acct(f)}/shifts?limit=10`,
    scope: 'account',
    ok: { status: 200, check: shape(shiftListRow.array()) },
  },
  {
    // A closed shift of the venue's cashier, written straight to the table for each cell.
    route: 'GET /a/manager/account/:id/shifts/:shift_id',
    method: 'GET',
    path: async (f) => {
      const now = Date.now();
      const shift = await f.db.kysely
        .insertInto('shifts')
        .values({
          account_id: f.venueId,
          user_id: f.cashierId,
          opened_at_ms: now - 60_000,
          opening_cents: 10_00,
          open_trx: `open-${unique()}`,
          closed_at_ms: now,
          close_trx: `close-${unique()}`,
          counted_cents: 9_00,
          expected_cents: 10_00,
          difference_cents: -1_00,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return `${acct(f)}/shifts/${shift.id}`;
    },
    scope: 'account',
    ok: { status: 200, check: shape(zReport, (z) => expect(z.difference_cents).toBe(-1_00)) },
  },
  {
    route: 'GET /a/manager/account/:id/verify',
    method: 'GET',
    path: (f) => `${acct(f)}/verify`,
    scope: 'account',
    ok: {
      status: 200,
      check: shape(verifyResult, (r, f) => expect(r).toMatchObject({ ok: true, account_id: f.venueId })),
    },
  },
  {
    route: 'GET /a/manager/account/:id/audit',
    method: 'GET',
    path: (f) => `${acct(f)}/audit`,
    scope: 'account',
    ok: {
      status: 200,
      check: shape(auditEntry.array(), (l, f) =>
        expect(l.every((e) => e.account_id === f.venueId)).toBe(true),
      ),
    },
  },
  // Players (players/manager-players.test.ts holds the rules): the search finds the venue's player; the
  // exclusion's lift leaves the player as each allowed cell found them.
  {
    route: 'GET /a/manager/account/:id/players',
    method: 'GET',
    path: (f) => `${acct(f)}/players?q=matrix`,
    scope: 'account',
    ok: {
      status: 200,
      check: shape(player.array(), (list, f) => expect(list.map((p) => p.id)).toEqual([f.playerId])),
    },
  },
  {
    route: 'POST /a/manager/account/:id/players/:player_id',
    method: 'POST',
    path: (f) => `${acct(f)}/players/${f.playerId}`,
    body: () => ({ document_kind: 'passport' }),
    scope: 'account',
    ok: {
      status: 200,
      check: shape(player, (p, f) => expect(p).toMatchObject({ id: f.playerId, document_kind: 'passport' })),
    },
  },
  {
    route: 'POST /a/manager/account/:id/players/:player_id/limit',
    method: 'POST',
    path: (f) => `${acct(f)}/players/${f.playerId}/limit`,
    body: () => ({ daily_limit: 0 }),
    scope: 'account',
    ok: {
      status: 200,
      check: shape(player, (p, f) => expect(p).toMatchObject({ id: f.playerId, daily_limit: 0 })),
    },
  },
  {
    route: 'POST /a/manager/account/:id/players/:player_id/exclusion',
    method: 'POST',
    path: (f) => `${acct(f)}/players/${f.playerId}/exclusion`,
    body: () => ({ lift: true }),
    scope: 'account',
    ok: {
      status: 200,
      check: shape(player, (p, f) => expect(p).toMatchObject({ id: f.playerId, excluded: false })),
    },
  },
];

const CALLERS = [
  'no session',
  'a cashier of the venue',
  'a cashier without a venue',
  'the manager of the venue',
  'a manager of another venue',
  'a manager without a venue',
  'an admin',
  'a blocked manager of the venue',
  'a blocked admin',
] as const;
type Caller = (typeof CALLERS)[number];

function expectedFor(row: RouteRow, caller: Caller): Expected {
  const forbidden: Expected = { status: 403, body: { err: ERR.forbidden } };
  switch (caller) {
    case 'no session':
      return { status: 401, body: { err: ERR.unauthorized } };
    case 'a cashier of the venue':
    case 'a cashier without a venue':
    case 'a manager of another venue':
    case 'a manager without a venue':
      return forbidden;
    case 'the manager of the venue':
      return row.scope === 'account' ? row.ok : forbidden;
    case 'an admin':
      return row.ok;
    case 'a blocked manager of the venue':
    case 'a blocked admin':
      return { status: 403, body: { err: ERR.userBlocked } };
  }
}

const CELLS = matrixCells(ROUTES, CALLERS, expectedFor);

describe.each(testDatabases)('back-office route permissions on $name', (database) => {
  let fixture: Fixture;
  const clients = new Map<Caller, TestClient>();

  const suite = useTestServer(database);
  beforeAll(async () => {
    const venue = await createVenue(suite.db, { float: 1_000_00 });
    const otherVenue = await createVenue(suite.db, { float: 500_00 });
    const cashier = await createTestUser(suite.db, { account_id: venue.id });
    const cabinet = await createLinkedDevice(suite.db, { account_id: venue.id });

    clients.set('no session', suite.server.client());
    const callers: [Caller, 'cashier' | 'manager' | 'admin', number | null][] = [
      ['a cashier of the venue', 'cashier', venue.id],
      ['a cashier without a venue', 'cashier', null],
      ['the manager of the venue', 'manager', venue.id],
      ['a manager of another venue', 'manager', otherVenue.id],
      ['a manager without a venue', 'manager', null],
      ['an admin', 'admin', null],
      ['a blocked manager of the venue', 'manager', venue.id],
      ['a blocked admin', 'admin', null],
    ];
    for (const [caller, role, accountId] of callers) {
      const signedIn = await signedInAs(suite.server, suite.db, role, accountId);
      if (caller.startsWith('a blocked')) await updateUser(suite.db.kysely, signedIn.id, { blocked: true });
      clients.set(caller, signedIn.client);
    }
    const matrixPlayer = await insertPlayer(suite.db.kysely, {
      account_id: venue.id,
      card: 'MATRIX-PLAYER-1',
      name: 'Matrix Player',
      document_kind: null,
      document_number: null,
      birth_date: null,
      now_ms: Date.now(),
    });
    fixture = {
      venueId: venue.id,
      cashierId: cashier.id,
      cabinetId: cabinet.id,
      playerId: matrixPlayer.id,
      db: suite.db,
    };
  });

  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it.each(CELLS)('$name', async ({ row, caller, expected }) => {
    await expectCell(clients.get(caller)!, row, expected, fixture);
  });

  it('has a row for every back-office route the server declares, and no row for a route it lacks', () => {
    const declared = declaredRoutes(suite.server.app)
      .filter((route) => / \/api\/v1\/a\/(admin|manager)\//.test(route))
      .map((route) => route.replace(' /api/v1/', ' /'));
    expect([...declared].sort()).toEqual(ROUTES.map((r) => r.route).sort());
  });
});
