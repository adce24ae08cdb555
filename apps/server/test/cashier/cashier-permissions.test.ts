// Who may call which cashier route: every route of the table below against every kind of caller.
// A new cashier route needs one row in ROUTES; the expectations per caller follow from its restriction and
// from what it answers a cashier of another venue.
import {
  cashResult,
  device,
  deviceDetail,
  ERR,
  floatInfo,
  gameEvent,
  reportEntry,
  type Restriction,
} from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { updateUser } from '../../src/users/users.repository.js';
import { testDatabases } from '../helpers/databases.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import {
  expectCell,
  matrixCells,
  shape as contractShape,
  type Expected as MatrixExpected,
  type MatrixRow,
} from '../helpers/permission-matrix.js';
import { declaredRoutes } from '../helpers/routes.js';
import {
  clientForUser,
  createSignedInUser,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../helpers/server.js';
import {
  ALL_RESTRICTIONS,
  cashierClient,
  linkCabinet,
  linkRemote,
  newTrx,
  showPin,
  type LinkedDevice,
} from './support.js';

/** What the routes act on: a venue with a cabinet and two phones, and another venue. */
interface Fixture {
  cabinet: LinkedDevice;
  /** Its PIN stays the same for the whole suite. */
  phone: LinkedDevice;
  /** Shows a new PIN for every remote-register cell. */
  sparePhone: LinkedDevice;
  otherVenueFloat: number;
}

type Expected = MatrixExpected<Fixture>;

interface RouteRow extends MatrixRow<Fixture> {
  /** The restriction the route needs beyond being a cashier of a venue. */
  restriction: Restriction | null;
  /** For a cashier of the device's venue holding the restriction. */
  ok: Expected;
  /** For a cashier of another venue (holding every restriction). */
  otherVenue: Expected;
}

const shape = contractShape<Fixture>();

const unavailable: Expected = { status: 406, body: { err: ERR.deviceNotAvailable } };
const linkedElsewhere: Expected = { status: 422, body: { err: ERR.errorLinking } };
const pinHeader = (f: Fixture) => ({ 'x-device-pin': f.phone.pin });

const ROUTES: RouteRow[] = [
  {
    route: 'GET /a/cashier/account_balance',
    method: 'GET',
    path: () => '/a/cashier/account_balance',
    restriction: null,
    ok: { status: 200, check: shape(floatInfo) },
    otherVenue: {
      status: 200,
      check: shape(floatInfo, (float, f) => expect(float.balance).toBe(f.otherVenueFloat)),
    },
  },
  {
    route: 'GET /a/cashier/devices',
    method: 'GET',
    path: () => '/a/cashier/devices',
    restriction: null,
    ok: {
      status: 200,
      check: shape(device.array(), (list, f) => expect(list.map((d) => d.id)).toEqual([f.cabinet.id])),
    },
    otherVenue: { status: 200, body: [] },
  },
  {
    route: 'GET /a/cashier/devices/:id',
    method: 'GET',
    path: (f) => `/a/cashier/devices/${f.cabinet.id}`,
    restriction: null,
    ok: { status: 200, check: shape(deviceDetail, (d, f) => expect(d.id).toBe(f.cabinet.id)) },
    otherVenue: unavailable,
  },
  {
    route: 'POST /a/cashier/devices/register',
    method: 'POST',
    path: () => '/a/cashier/devices/register',
    // The cabinet of the venue shows a fresh PIN for each call.
    body: async (f) => ({ pin: await showPin(f.cabinet), trx: newTrx() }),
    restriction: 'can_register_new_device',
    ok: { status: 200, check: (body, f) => expect(body).toEqual({ id: f.cabinet.id }) },
    otherVenue: linkedElsewhere,
  },
  {
    route: 'POST /a/cashier/devices/:id',
    method: 'POST',
    path: (f) => `/a/cashier/devices/${f.cabinet.id}`,
    body: () => ({ name: 'Matrix cabinet', hidden: false }),
    restriction: 'can_edit_device',
    ok: { status: 200, check: shape(device, (d) => expect(d.name).toBe('Matrix cabinet')) },
    otherVenue: unavailable,
  },
  {
    route: 'POST /a/cashier/devices/:id/place/:place/update',
    method: 'POST',
    path: (f) => `/a/cashier/devices/${f.cabinet.id}/place/1/update`,
    body: () => ({ delta: 1_00, trx: newTrx() }),
    restriction: null,
    ok: { status: 200, check: shape(cashResult, (r) => expect(r.delta).toBe(1_00)) },
    otherVenue: unavailable,
  },
  {
    route: 'POST /a/cashier/devices/remote/register',
    method: 'POST',
    path: () => '/a/cashier/devices/remote/register',
    body: async (f) => ({ pin: await showPin(f.sparePhone), trx: newTrx() }),
    restriction: null,
    ok: { status: 200, check: (body, f) => expect(body).toEqual({ id: f.sparePhone.id }) },
    otherVenue: linkedElsewhere,
  },
  {
    route: 'GET /a/cashier/devices/remote/:id',
    method: 'GET',
    path: (f) => `/a/cashier/devices/remote/${f.phone.id}`,
    headers: pinHeader,
    restriction: null,
    ok: {
      status: 200,
      check: shape(deviceDetail, (d, f) => expect(d).toMatchObject({ id: f.phone.id, type: 1 })),
    },
    otherVenue: unavailable,
  },
  {
    route: 'POST /a/cashier/devices/remote/:id/place/:place/update',
    method: 'POST',
    path: (f) => `/a/cashier/devices/remote/${f.phone.id}/place/1/update`,
    body: (f) => ({ delta: 1_00, trx: newTrx(), pin_code: f.phone.pin }),
    restriction: null,
    ok: { status: 200, check: shape(cashResult, (r, f) => expect(r.device_uuid).toBe(f.phone.uuid)) },
    otherVenue: unavailable,
  },
  {
    route: 'POST /a/cashier/report',
    method: 'POST',
    path: () => '/a/cashier/report',
    body: (f) => ({ device_ids: [f.cabinet.id, f.phone.id], from: '2000-01-01', to: '2100-01-01' }),
    restriction: null,
    ok: { status: 200, check: shape(reportEntry.array()) },
    otherVenue: { status: 200, body: [] },
  },
  {
    route: 'POST /a/cashier/limit_report',
    method: 'POST',
    path: () => '/a/cashier/limit_report',
    body: (f) => ({ device_ids: [f.cabinet.id], limit: 20, placeId: 1, remote: false }),
    restriction: null,
    ok: {
      status: 200,
      check: shape(reportEntry.array(), (rows) => expect(rows.length).toBeGreaterThan(0)),
    },
    otherVenue: { status: 200, body: [] },
  },
  {
    route: 'POST /a/cashier/game_report',
    method: 'POST',
    path: () => '/a/cashier/game_report',
    body: (f) => ({ device_id: f.phone.id, full: false }),
    headers: pinHeader,
    restriction: null,
    ok: {
      status: 200,
      check: shape(gameEvent.array(), (events) => expect(events.length).toBeGreaterThan(0)),
    },
    otherVenue: unavailable,
  },
];

const CALLERS = [
  'no session',
  'a cashier of the venue with the restriction',
  'a cashier of the venue without it',
  'a cashier of another venue',
  'a cashier without a venue',
  'a manager of the venue',
  'an admin',
  'a blocked cashier of the venue',
] as const;
type Caller = (typeof CALLERS)[number];

function expectedFor(row: RouteRow, caller: Caller): Expected {
  const forbidden: Expected = { status: 403, body: { err: ERR.forbidden } };
  switch (caller) {
    case 'no session':
      return { status: 401, body: { err: ERR.unauthorized } };
    case 'a cashier of the venue with the restriction':
      return row.ok;
    case 'a cashier of the venue without it':
      return row.restriction ? forbidden : row.ok;
    case 'a cashier of another venue':
      return row.otherVenue;
    case 'a cashier without a venue':
      return { status: 403, body: { err: ERR.noAccount } };
    case 'a manager of the venue':
    case 'an admin':
      return forbidden;
    case 'a blocked cashier of the venue':
      return { status: 403, body: { err: ERR.userBlocked } };
  }
}

const CELLS = matrixCells(ROUTES, CALLERS, expectedFor);

describe.each(testDatabases)('cashier route permissions on $name', (database) => {
  let db: Db;
  let server: TestServer;
  let fixture: Fixture;
  const clients = new Map<Caller, TestClient>();

  beforeAll(async () => {
    db = await database.open();
    server = await startTestServer(db, { config: { enrollmentOpen: true } });
    const venue = await createVenue(db, { float: 10_000_00, home_play: true });
    const otherVenueFloat = 42_00;
    const otherVenue = await createVenue(db, { float: otherVenueFloat, home_play: true });

    const installer = (await cashierClient(server, db, venue.id)).client;
    clients.set('no session', server.client());
    clients.set('a cashier of the venue with the restriction', installer);
    clients.set('a cashier of the venue without it', (await cashierClient(server, db, venue.id, [])).client);
    clients.set('a cashier of another venue', (await cashierClient(server, db, otherVenue.id)).client);
    clients.set('a cashier without a venue', (await cashierClient(server, db, null)).client);
    for (const [caller, role, accountId] of [
      ['a manager of the venue', 'manager', venue.id],
      ['an admin', 'admin', null],
    ] as const) {
      const user = await createTestUser(db, { account_id: accountId, role, restrictions: ALL_RESTRICTIONS });
      clients.set(caller, await clientForUser(server, user));
    }
    // Signed in while allowed, then blocked by the back office: the session it holds must stop working.
    const blocked = await createSignedInUser(server, {
      account_id: venue.id,
      restrictions: ALL_RESTRICTIONS,
    });
    await updateUser(db.kysely, blocked.user.id, { blocked: true });
    clients.set('a blocked cashier of the venue', blocked.client);

    const cabinet = await linkCabinet(server, installer);
    const phone = await linkRemote(server, installer);
    const sparePhone = await linkRemote(server, installer);
    // Something to report on, whichever cell runs first.
    await installer.post(`/a/cashier/devices/${cabinet.id}/place/1/update`, { delta: 5_00, trx: newTrx() });
    await installer.post(`/a/cashier/devices/remote/${phone.id}/place/1/update`, {
      delta: 5_00,
      trx: newTrx(),
      pin_code: phone.pin,
    });
    fixture = { cabinet, phone, sparePhone, otherVenueFloat };
  });

  afterAll(async () => {
    expect(await verifyLedger(db)).toEqual([]);
    await server.close();
    await db.close();
  });

  it.each(CELLS)('$name', async ({ row, caller, expected }) => {
    await expectCell(clients.get(caller)!, row, expected, fixture);
  });

  it('has a row for every cashier route the server declares, and no row for a route it lacks', () => {
    const declared = declaredRoutes(server.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.includes(' /api/v1/a/cashier/'))
      .map((route) => route.replace(' /api/v1/', ' /'));
    expect([...declared].sort()).toEqual(ROUTES.map((r) => r.route).sort());
  });
});
