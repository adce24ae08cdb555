// Who may call which route: every route the server declares against every kind of caller (no session,
// each role, with and without the route's restriction, of this venue, another venue or none, blocked,
// and gaming devices with their tokens). A new route needs one row in ROUTES (the last test fails
// without it); the expectations per caller follow from the row's access level, its restriction and
// what it answers a cashier of another venue or an unlinked device.
import { randomInt } from 'node:crypto';
import {
  PIN_LENGTH,
  cashResult,
  clientConfig,
  lockState,
  openShift,
  receiptCopy,
  device,
  deviceDetail,
  deviceEventResult,
  deviceState,
  enrollResult,
  ERR,
  dailyTotals,
  floatInfo,
  gameEvent,
  pinResult,
  player,
  playerAtTill,
  reportEntry,
  serverTime,
  transferResult,
  user,
  versionInfo,
  type Restriction,
} from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { verifyLedger } from '../../src/ledger/verify.js';
import { createSession } from '../../src/auth/sessions.repository.js';
import { updateAccount } from '../../src/accounts/accounts.repository.js';
import { updateUser } from '../../src/users/users.repository.js';
import { setDevicePin } from '../../src/devices/devices.repository.js';
import { PIN_TTL_MS } from '../../src/gateway/gateway.service.js';
import { testDatabases } from '../helpers/databases.js';
import { declaredRoutes } from '../helpers/routes.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, createSignedInUser, type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import {
  ALL_RESTRICTIONS,
  cashierClient,
  fromNetwork,
  enrollDevice,
  linkCabinet,
  linkRemote,
  newTrx,
  type GatewayDevice,
  type LinkedDevice,
} from '../helpers/cashier.js';

/** What the routes act on: a venue with a cabinet and two phones, and another venue. */
interface Fixture {
  cabinet: LinkedDevice;
  /** Its PIN stays the same for the whole suite. */
  phone: LinkedDevice;
  /** Shows a new PIN for every remote-register cell. */
  sparePhone: LinkedDevice;
  /**
   * Gives the device a new live PIN, as its `/device/pin` would, but straight in the database: the
   * matrix draws one per register cell, past a device's hourly draw budget (gateway/gateway-throttle.ts,
   * tested in gateway/pin-draw.test.ts).
   */
  newPin(device: LinkedDevice): Promise<string>;
  otherVenueFloat: number;
  venueId: number;
  /** Closes every open shift straight in the table, so each shift cell starts from none. */
  endOpenShifts: () => Promise<void>;
  /** A player of the venue whose money is on the cabinet's place 3. */
  playerId: number;
  playerCard: string;
}

interface Expected {
  status: number;
  body?: unknown;
  /** Reads a 200 body: the shape of the contract and what this caller may see in it. */
  check?: (body: unknown, f: Fixture, caller: CallerInfo) => void;
}

/**
 * Who may call a route: anyone (`public`), anyone signed in (`session`), a cashier of a venue
 * (`cashier`), or a gaming device with its token (`device`).
 */
type Access = 'public' | 'session' | 'cashier' | 'device';

interface RouteRow {
  /** `METHOD /path` as the server declares it, without the /api/v1 prefix of API routes. */
  route: string;
  method: 'GET' | 'POST';
  path: (f: Fixture) => string;
  /** Paths are under /api/v1 unless the route is at the root (health, device gateway). */
  root?: boolean;
  body?: (f: Fixture) => unknown;
  headers?: (f: Fixture) => Record<string, string>;
  access: Access;
  /** The restriction the route needs beyond being a cashier of a venue. */
  restriction?: Restriction | null;
  /** The call ends the caller's session (sign-out): each cell uses a fresh session of the caller's user. */
  endsSession?: boolean;
  /** For a cashier of the device's venue holding the restriction (and for everyone a public route lets in). */
  ok: Expected;
  /** For a cashier of another venue (holding every restriction). */
  otherVenue?: Expected;
  /** For a device route called with the token of a cabinet enrolled but linked to no venue. */
  unlinkedDevice?: Expected;
  /** For the cashier of `ok` while the venue has a hard block, when it differs from `ok`. */
  hardBlock?: Expected;
  /** The same under a light block. */
  lightBlock?: Expected;
}

interface CallerInfo {
  userId: number | null;
}

const shape =
  <S extends z.ZodType>(schema: S, more?: (parsed: z.output<S>, f: Fixture) => void) =>
  (body: unknown, f: Fixture) => {
    const parsed = schema.parse(body);
    more?.(parsed, f);
  };

const unavailable: Expected = { status: 406, body: { err: ERR.deviceNotAvailable } };
const notFound: Expected = { status: 404, body: { err: ERR.notFound } };
const linkedElsewhere: Expected = { status: 422, body: { err: ERR.errorLinking } };
const pinHeader = (f: Fixture) => ({ 'x-device-pin': f.phone.pin });
// docs/money.md, "Blocks": a hard block refuses every cash call and remote-device call, a light block
// every deposit.
const hardBlocked: Expected = { status: 403, body: { err: ERR.hardBlock } };
const lightBlocked: Expected = { status: 403, body: { err: ERR.lightBlock } };

/** The API's description (http/openapi.ts): public to every caller, like the health checks. */
const docsRow = (route: string, path: string, status = 200): RouteRow => ({
  route: `GET ${route}`,
  method: 'GET',
  root: true,
  path: () => path,
  access: 'public',
  ok: { status },
});

const ROUTES: RouteRow[] = [
  // ---- public ----
  {
    route: 'GET /openapi.json',
    method: 'GET',
    path: () => '/openapi.json',
    access: 'public',
    ok: { status: 200, check: (body) => expect(body).toMatchObject({ openapi: '3.1.0' }) },
  },
  docsRow('/api/docs', '/api/docs'),
  docsRow('/api/docs/', '/api/docs/'),
  docsRow('/api/docs/json', '/api/docs/json'),
  docsRow('/api/docs/yaml', '/api/docs/yaml'),
  docsRow('/api/docs/static/index.html', '/api/docs/static/index.html'),
  docsRow('/api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-initializer.js'),
  docsRow('/api/docs/*', '/api/docs/static/swagger-ui.css'),
  {
    route: 'GET /healthz',
    method: 'GET',
    root: true,
    path: () => '/healthz',
    access: 'public',
    ok: { status: 200, body: { ok: true } },
  },
  {
    route: 'GET /readyz',
    method: 'GET',
    root: true,
    path: () => '/readyz',
    access: 'public',
    ok: { status: 200, body: { ok: true } },
  },
  {
    // Every caller here connects from this machine, which may read it; remote callers and the token:
    // test/metrics/metrics-endpoint.test.ts.
    route: 'GET /metrics',
    method: 'GET',
    root: true,
    path: () => '/metrics',
    access: 'public',
    ok: { status: 200, check: shape(z.string().includes('cashdesk_http_request_duration_seconds')) },
  },
  {
    route: 'GET /cashier_v',
    method: 'GET',
    path: () => '/cashier_v',
    access: 'public',
    ok: { status: 200, check: shape(versionInfo) },
  },
  {
    route: 'GET /time',
    method: 'GET',
    path: () => '/time',
    access: 'public',
    ok: { status: 200, check: shape(serverTime) },
  },
  {
    // Public: nobody is refused for who they are; an unknown login is the same 403 for everyone.
    route: 'POST /sign_in',
    method: 'POST',
    path: () => '/sign_in',
    body: () => ({ login: `nobody_${newTrx().slice(0, 8)}`, password: 'not a password', remember: false }),
    access: 'public',
    ok: { status: 403, body: { err: ERR.userNotFound } },
  },
  {
    route: 'POST /device/enroll',
    method: 'POST',
    root: true,
    path: () => '/device/enroll',
    body: () => ({ kind: 'cabinet', module: 1, game_id: 1, places: 2 }),
    access: 'public',
    ok: { status: 200, check: shape(enrollResult) },
  },
  // ---- any signed-in user ----
  {
    route: 'GET /a/me',
    method: 'GET',
    path: () => '/a/me',
    access: 'session',
    ok: {
      status: 200,
      check: (body, _f, caller) => expect(user.parse(body).id).toBe(caller.userId),
    },
  },
  {
    // The spec's GET (docs/product.md), the same as the POST below.
    route: 'GET /a/sign_out',
    method: 'GET',
    path: () => '/a/sign_out',
    access: 'public',
    endsSession: true,
    ok: { status: 200, body: { ok: true } },
  },
  {
    // Signing out works for anyone, even without a session or when blocked: it always ends signed out.
    route: 'POST /a/sign_out',
    method: 'POST',
    path: () => '/a/sign_out',
    access: 'public',
    endsSession: true,
    ok: { status: 200, body: { ok: true } },
  },
  {
    route: 'POST /a/change_password',
    method: 'POST',
    path: () => '/a/change_password',
    body: () => ({ old: 'not the password', new: 'a brand new password' }),
    access: 'session',
    ok: { status: 422, body: { err: ERR.wrongPassword } },
  },
  {
    route: 'GET /maintenance',
    method: 'GET',
    path: () => '/maintenance',
    access: 'public',
    // No message is set: the page shows its own 404 text.
    ok: { status: 404, body: { err: ERR.notFound } },
  },
  {
    route: 'GET /client_config',
    method: 'GET',
    path: () => '/client_config',
    access: 'public',
    ok: { status: 200, check: shape(clientConfig) },
  },
  // ---- the till lock of the caller's own session ----
  {
    route: 'GET /a/lock',
    method: 'GET',
    path: () => '/a/lock',
    access: 'session',
    ok: { status: 200, check: shape(lockState, (state) => expect(state.locked).toBe(false)) },
  },
  {
    // Locks the session it is called with: each cell gets a fresh one, so the others stay unlocked.
    route: 'POST /a/lock',
    method: 'POST',
    path: () => '/a/lock',
    access: 'session',
    endsSession: true,
    ok: { status: 200, check: shape(lockState, (state) => expect(state.locked).toBe(true)) },
  },
  {
    // Without a password: who may reach the check, without spending sign-in throttle attempts.
    route: 'POST /a/unlock',
    method: 'POST',
    path: () => '/a/unlock',
    body: () => ({}),
    access: 'session',
    ok: { status: 400, check: (body) => expect((body as { err: string }).err).toBe(ERR.validation) },
  },
  // ---- gaming devices (Bearer token) ----
  {
    route: 'POST /device/pin',
    method: 'POST',
    root: true,
    path: () => '/device/pin',
    access: 'device',
    ok: { status: 200, check: shape(pinResult) },
    unlinkedDevice: { status: 200, check: shape(pinResult) },
  },
  {
    route: 'GET /device/state',
    method: 'GET',
    root: true,
    path: () => '/device/state',
    access: 'device',
    ok: { status: 200, check: shape(deviceState, (state) => expect(state.linked).toBe(true)) },
    unlinkedDevice: { status: 200, check: shape(deviceState, (state) => expect(state.linked).toBe(false)) },
  },
  {
    // A device's own push stream: its state, linked or not (live/device-stream.test.ts).
    route: 'GET /device/events/stream',
    method: 'GET',
    root: true,
    path: () => '/device/events/stream',
    access: 'device',
    ok: { status: 200 },
    unlinkedDevice: { status: 200 },
  },
  {
    route: 'POST /device/events',
    method: 'POST',
    root: true,
    path: () => '/device/events',
    body: () => ({ trx: newTrx(), place: 1, type: 2, amount: 1_00 }),
    access: 'device',
    ok: { status: 200, check: shape(deviceEventResult) },
    unlinkedDevice: { status: 406, body: { err: ERR.deviceNotAvailable } },
  },
  // ---- cashiers of a venue ----
  {
    route: 'GET /a/cashier/account_balance',
    method: 'GET',
    path: () => '/a/cashier/account_balance',
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(floatInfo) },
    otherVenue: {
      status: 200,
      check: shape(floatInfo, (float, f) => expect(float.balance).toBe(f.otherVenueFloat)),
    },
  },
  {
    // The live-updates stream: each cashier gets their own venue's (live/live-updates.test.ts).
    route: 'GET /a/cashier/events',
    method: 'GET',
    path: () => '/a/cashier/events',
    access: 'cashier',
    restriction: null,
    ok: { status: 200 },
    otherVenue: { status: 200 },
  },
  {
    // Each cashier gets their own venue's figures (reports/daily-totals.test.ts).
    route: 'GET /a/cashier/daily_totals',
    method: 'GET',
    path: () => '/a/cashier/daily_totals',
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(dailyTotals) },
    otherVenue: { status: 200, check: shape(dailyTotals) },
  },
  {
    route: 'GET /a/cashier/devices',
    method: 'GET',
    path: () => '/a/cashier/devices',
    access: 'cashier',
    restriction: null,
    ok: {
      status: 200,
      check: shape(device.array(), (list, f) => expect(list.map((d) => d.id)).toContain(f.cabinet.id)),
    },
    otherVenue: { status: 200, body: [] },
  },
  {
    route: 'GET /a/cashier/devices/:id',
    method: 'GET',
    path: (f) => `/a/cashier/devices/${f.cabinet.id}`,
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(deviceDetail, (d, f) => expect(d.id).toBe(f.cabinet.id)) },
    otherVenue: unavailable,
  },
  {
    route: 'POST /a/cashier/devices/register',
    method: 'POST',
    path: () => '/a/cashier/devices/register',
    // The cabinet of the venue shows a fresh PIN for each call.
    body: async (f) => ({ pin: await f.newPin(f.cabinet), trx: newTrx() }),
    access: 'cashier',
    restriction: 'can_register_new_device',
    ok: { status: 200, check: (body, f) => expect(body).toEqual({ id: f.cabinet.id }) },
    otherVenue: linkedElsewhere,
  },
  {
    route: 'POST /a/cashier/devices/:id',
    method: 'POST',
    path: (f) => `/a/cashier/devices/${f.cabinet.id}`,
    body: () => ({ name: 'Matrix cabinet', hidden: false }),
    access: 'cashier',
    restriction: 'can_edit_device',
    ok: { status: 200, check: shape(device, (d) => expect(d.name).toBe('Matrix cabinet')) },
    otherVenue: unavailable,
  },
  {
    route: 'POST /a/cashier/devices/:id/place/:place/update',
    method: 'POST',
    path: (f) => `/a/cashier/devices/${f.cabinet.id}/place/1/update`,
    body: () => ({ delta: 1_00, trx: newTrx() }),
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(cashResult, (r) => expect(r.delta).toBe(1_00)) },
    otherVenue: unavailable,
    hardBlock: hardBlocked,
    lightBlock: lightBlocked,
  },
  {
    route: 'POST /a/cashier/devices/remote/register',
    method: 'POST',
    path: () => '/a/cashier/devices/remote/register',
    body: async (f) => ({ pin: await f.newPin(f.sparePhone), trx: newTrx() }),
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: (body, f) => expect(body).toEqual({ id: f.sparePhone.id }) },
    otherVenue: linkedElsewhere,
    hardBlock: hardBlocked,
  },
  {
    route: 'GET /a/cashier/devices/remote/:id',
    method: 'GET',
    path: (f) => `/a/cashier/devices/remote/${f.phone.id}`,
    headers: pinHeader,
    access: 'cashier',
    restriction: null,
    ok: {
      status: 200,
      check: shape(deviceDetail, (d, f) => expect(d).toMatchObject({ id: f.phone.id, type: 1 })),
    },
    otherVenue: unavailable,
    hardBlock: hardBlocked,
  },
  {
    route: 'POST /a/cashier/devices/remote/:id/place/:place/update',
    method: 'POST',
    path: (f) => `/a/cashier/devices/remote/${f.phone.id}/place/1/update`,
    body: (f) => ({ delta: 1_00, trx: newTrx(), pin_code: f.phone.pin }),
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(cashResult, (r, f) => expect(r.device_uuid).toBe(f.phone.uuid)) },
    otherVenue: unavailable,
    hardBlock: hardBlocked,
    lightBlock: lightBlocked,
  },
  {
    route: 'POST /a/cashier/report',
    method: 'POST',
    path: () => '/a/cashier/report',
    body: (f) => ({ device_ids: [f.cabinet.id, f.phone.id], from: '2000-01-01', to: '2100-01-01' }),
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(reportEntry.array()) },
    otherVenue: { status: 200, body: [] },
  },
  {
    route: 'POST /a/cashier/limit_report',
    method: 'POST',
    path: () => '/a/cashier/limit_report',
    body: (f) => ({ device_ids: [f.cabinet.id], limit: 20, placeId: 1, remote: false }),
    access: 'cashier',
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
    access: 'cashier',
    restriction: null,
    ok: {
      status: 200,
      check: shape(gameEvent.array(), (events) => expect(events.length).toBeGreaterThan(0)),
    },
    otherVenue: unavailable,
    hardBlock: hardBlocked,
  },
  // Cash-drawer shifts: any cashier of a venue, whether or not the venue uses shifts. The close's 200
  // (and its figures) are shifts/shifts.test.ts's; here every cell starts without an open shift.
  {
    route: 'GET /a/cashier/shift',
    method: 'GET',
    path: () => '/a/cashier/shift',
    access: 'cashier',
    restriction: null,
    ok: { status: 404, body: { err: ERR.notFound } },
  },
  {
    route: 'POST /a/cashier/shift/open',
    method: 'POST',
    path: () => '/a/cashier/shift/open',
    body: async (f) => {
      await f.endOpenShifts();
      return { counted_cents: 10_00, trx: newTrx() };
    },
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(openShift, (s) => expect(s.opening_cents).toBe(10_00)) },
  },
  {
    route: 'POST /a/cashier/shift/close',
    method: 'POST',
    path: () => '/a/cashier/shift/close',
    body: async (f) => {
      await f.endOpenShifts();
      return { counted_cents: 10_00, trx: newTrx() };
    },
    access: 'cashier',
    restriction: null,
    ok: { status: 403, body: { err: ERR.noOpenShift } },
  },
  // The till's drawer in a shift: only the caller's own open shift; any other id is 404 for everyone
  // (shifts/drawer.test.ts holds the 200s, another cashier's and another venue's shifts).
  ...(['drop', 'paid_in', 'paid_out'] as const).map((kind): RouteRow => ({
    route: `POST /a/cashier/shift/:shift_id/${kind}`,
    method: 'POST',
    path: () => `/a/cashier/shift/2147483647/${kind}`,
    body: () => ({ amount: 1_00, reason: 'matrix', trx: newTrx() }),
    access: 'cashier',
    restriction: null,
    ok: { status: 404, body: { err: ERR.notFound } },
  })),
  {
    route: 'GET /a/cashier/shift/:shift_id/x_report',
    method: 'GET',
    path: () => '/a/cashier/shift/2147483647/x_report',
    access: 'cashier',
    restriction: null,
    ok: { status: 404, body: { err: ERR.notFound } },
  },
  // The copy of the caller's own last receipt (the venue's cashiers made cash calls in the cells above);
  // another venue's cashier has none of this venue (cash/receipt-copy.test.ts holds the figures).
  {
    route: 'POST /a/cashier/receipt/reprint',
    method: 'POST',
    path: () => '/a/cashier/receipt/reprint',
    body: () => ({}),
    access: 'cashier',
    restriction: null,
    ok: {
      status: 200,
      check: shape(receiptCopy, (copy, f) => expect([f.cabinet.id, f.phone.id]).toContain(copy.device_id)),
    },
    otherVenue: { status: 404, body: { err: ERR.notFound } },
  },
  // Players (players/*.test.ts hold the rules): the venue's cashiers act on the venue's player; another
  // venue's cashier registers a card in their own venue and finds none of this one's players (404).
  {
    route: 'POST /a/cashier/players',
    method: 'POST',
    path: () => '/a/cashier/players',
    body: () => ({ card: `MATRIX-${newTrx().slice(0, 8)}`, trx: newTrx() }),
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(player, (p, f) => expect(p.account_id).toBe(f.venueId)) },
    otherVenue: { status: 200, check: shape(player, (p, f) => expect(p.account_id).not.toBe(f.venueId)) },
  },
  {
    route: 'GET /a/cashier/players/by_card/:card',
    method: 'GET',
    path: (f) => `/a/cashier/players/by_card/${f.playerCard}`,
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(playerAtTill, (p, f) => expect(p.id).toBe(f.playerId)) },
    otherVenue: notFound,
  },
  {
    route: 'POST /a/cashier/players/:id',
    method: 'POST',
    path: (f) => `/a/cashier/players/${f.playerId}`,
    body: () => ({ document_kind: 'passport' }),
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(player, (p) => expect(p.document_kind).toBe('passport')) },
    otherVenue: notFound,
  },
  {
    route: 'POST /a/cashier/players/:id/limit',
    method: 'POST',
    path: (f) => `/a/cashier/players/${f.playerId}/limit`,
    body: () => ({ daily_limit: 1_000_000_00 }),
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(player, (p) => expect(p.daily_limit).toBe(1_000_000_00)) },
    otherVenue: notFound,
  },
  {
    // A cent from place 3 to place 4 each time: no cash, so a light block lets it through.
    route: 'POST /a/cashier/players/:id/transfer',
    method: 'POST',
    path: (f) => `/a/cashier/players/${f.playerId}/transfer`,
    body: (f) => ({
      from: { device_id: f.cabinet.id, place: 3 },
      to: { device_id: f.cabinet.id, place: 4 },
      amount: 1,
      trx: newTrx(),
    }),
    access: 'cashier',
    restriction: null,
    ok: { status: 200, check: shape(transferResult, (r) => expect(r.amount).toBe(1)) },
    otherVenue: notFound,
    hardBlock: hardBlocked,
  },
  // Four eyes: a cashier withdraws only their own held-back call; an unknown one is 404 for every
  // cashier (approvals/approvals.test.ts holds the 200 and the races).
  {
    route: 'POST /a/cashier/approvals/:approval_id/withdraw',
    method: 'POST',
    path: () => '/a/cashier/approvals/no-such-approval/withdraw',
    body: () => ({}),
    access: 'cashier',
    restriction: null,
    ok: { status: 404, body: { err: ERR.notFound } },
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
  'a linked cabinet (device token)',
  'an unlinked cabinet (device token)',
] as const;
type Caller = (typeof CALLERS)[number];

const isDevice = (caller: Caller) => caller.endsWith('(device token)');

function expectedFor(row: RouteRow, caller: Caller): Expected {
  const forbidden: Expected = { status: 403, body: { err: ERR.forbidden } };
  const unauthorized: Expected = { status: 401, body: { err: ERR.unauthorized } };
  if (row.access === 'public') return row.ok;
  if (row.access === 'device') {
    if (caller === 'a linked cabinet (device token)') return row.ok;
    if (caller === 'an unlinked cabinet (device token)') return row.unlinkedDevice ?? row.ok;
    // A session cookie is no device token.
    return unauthorized;
  }
  // Session and cashier routes: a device token is no session.
  if (caller === 'no session' || isDevice(caller)) return unauthorized;
  if (caller === 'a blocked cashier of the venue') return { status: 403, body: { err: ERR.userBlocked } };
  if (row.access === 'session') return row.ok;
  switch (caller) {
    case 'a cashier of the venue with the restriction':
      return row.ok;
    case 'a cashier of the venue without it':
      return row.restriction ? forbidden : row.ok;
    case 'a cashier of another venue':
      return row.otherVenue ?? row.ok;
    case 'a cashier without a venue':
      return { status: 403, body: { err: ERR.noAccount } };
    case 'a manager of the venue':
    case 'an admin':
      return forbidden;
  }
  throw new Error(`no expectation for ${caller}`);
}

const CELLS = ROUTES.flatMap((row) =>
  CALLERS.map((caller) => {
    const expected = expectedFor(row, caller);
    return { name: `${row.route} by ${caller}: ${expected.status}`, row, caller, expected };
  }),
);

describe.each(testDatabases)('permission matrix on $name', (database) => {
  let fixture: Fixture;
  const clients = new Map<Caller, TestClient>();
  const userIds = new Map<Caller, number>();
  const deviceAuth = new Map<Caller, Record<string, string>>();

  // Behind a trusted proxy, so the held cashiers below guess from networks of their own: the PIN
  // throttle counts a network's wrong PINs together (devices/pin-guard.ts).
  const suite = useTestServer(database, { config: { enrollmentOpen: true, trustProxy: true } });
  beforeAll(async () => {
    const venue = await createVenue(suite.db, { float: 10_000_00, home_play: true });
    const otherVenueFloat = 42_00;
    const otherVenue = await createVenue(suite.db, { float: otherVenueFloat, home_play: true });

    const setCashier = async (caller: Caller, accountId: number | null, restrictions?: Restriction[]) => {
      const { client, id } = await cashierClient(suite.server, suite.db, accountId, restrictions);
      clients.set(caller, client);
      userIds.set(caller, id);
      return client;
    };
    clients.set('no session', suite.server.client());
    const installer = await setCashier('a cashier of the venue with the restriction', venue.id);
    const unrestricted = await setCashier('a cashier of the venue without it', venue.id, []);
    await setCashier('a cashier of another venue', otherVenue.id);
    await setCashier('a cashier without a venue', null);
    for (const [caller, role, accountId] of [
      ['a manager of the venue', 'manager', venue.id],
      ['an admin', 'admin', null],
    ] as const) {
      const user = await createTestUser(suite.db, {
        account_id: accountId,
        role,
        restrictions: ALL_RESTRICTIONS,
      });
      clients.set(caller, await clientForUser(suite.server, user));
      userIds.set(caller, user.id);
    }
    // Signed in while allowed, then blocked by the back office: the session it holds must stop working.
    const blocked = await createSignedInUser(suite.server, {
      account_id: venue.id,
      restrictions: ALL_RESTRICTIONS,
    });
    await updateUser(suite.db.kysely, blocked.user.id, { blocked: true });
    clients.set('a blocked cashier of the venue', blocked.client);
    userIds.set('a blocked cashier of the venue', blocked.user.id);

    const cabinet = await linkCabinet(suite.server, installer);
    const phone = await linkRemote(suite.server, installer);
    const sparePhone = await linkRemote(suite.server, installer);
    // Gaming devices as callers: their token, no session cookie.
    const deviceCaller = async (caller: Caller, device: GatewayDevice) => {
      clients.set(caller, suite.server.client());
      deviceAuth.set(caller, device.auth);
    };
    await deviceCaller('a linked cabinet (device token)', await linkCabinet(suite.server, installer));
    await deviceCaller('an unlinked cabinet (device token)', await enrollDevice(suite.server));
    // Something to report on, whichever cell runs first.
    await installer.post(`/a/cashier/devices/${cabinet.id}/place/1/update`, { delta: 5_00, trx: newTrx() });
    // A receipt of its own for the venue's other cashier (the reprint row), whichever cell runs first.
    await unrestricted.post(`/a/cashier/devices/${cabinet.id}/place/2/update`, {
      delta: 5_00,
      trx: newTrx(),
    });
    await installer.post(`/a/cashier/devices/remote/${phone.id}/place/1/update`, {
      delta: 5_00,
      trx: newTrx(),
      pin_code: phone.pin,
    });
    // The venue's player, with money of theirs on the cabinet's place 3 (the transfer row moves it).
    const playerCard = 'MATRIX-PLAYER-1';
    const registered = await installer.post<{ id: number }>('/a/cashier/players', {
      card: playerCard,
      trx: newTrx(),
    });
    const playerId = registered.body.id;
    await installer.post(`/a/cashier/devices/${cabinet.id}/place/3/update`, {
      delta: 10_00,
      trx: newTrx(),
      player_id: playerId,
    });
    const endOpenShifts = async () => {
      const closedAt = Date.now();
      await suite.db.kysely
        .updateTable('shifts')
        .set({ closed_at_ms: closedAt, counted_cents: 0, expected_cents: 0, difference_cents: 0 })
        .where('closed_at_ms', 'is', null)
        .execute();
    };
    const newPin = async (device: LinkedDevice) => {
      const digits = device.kind === 'remote' ? PIN_LENGTH.remote : PIN_LENGTH.cabinet;
      const pin = String(randomInt(10 ** digits)).padStart(digits, '0');
      const id = (
        await suite.db.kysely
          .selectFrom('devices')
          .select('id')
          .where('uuid', '=', device.uuid)
          .executeTakeFirstOrThrow()
      ).id;
      await setDevicePin(suite.db.kysely, id, pin, Date.now() + PIN_TTL_MS);
      return pin;
    };
    fixture = {
      cabinet,
      phone,
      sparePhone,
      otherVenueFloat,
      venueId: venue.id,
      endOpenShifts,
      newPin,
      playerId,
      playerCard,
    };
  });

  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  /** The caller's client; for a call that ends the session, a fresh session of the same user. */
  async function clientFor(row: RouteRow, caller: Caller): Promise<TestClient> {
    const client = clients.get(caller)!;
    const userId = userIds.get(caller);
    if (!row.endsSession || userId === undefined) return client;
    const { token } = await createSession(suite.db.kysely, { userId, remember: false }, Date.now());
    const fresh = client.clone();
    fresh.token = token;
    return fresh;
  }

  async function expectCell(row: RouteRow, caller: Caller, expected: Expected) {
    const client = await clientFor(row, caller);
    const body = row.body ? await row.body(fixture) : undefined;
    const headers = { ...deviceAuth.get(caller), ...row.headers?.(fixture) };
    const path = row.root ? `${suite.server.baseUrl}${row.path(fixture)}` : row.path(fixture);
    const res = await client.request(
      row.method,
      path,
      body === undefined ? { headers } : { json: body, headers },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
    if (expected.body !== undefined) expect(res.body).toEqual(expected.body);
    expected.check?.(res.body, fixture, { userId: userIds.get(caller) ?? null });
  }

  it.each(CELLS)('$name', ({ row, caller, expected }) => expectCell(row, caller, expected));

  // Every cashier route again while the venue is blocked: what the block refuses, and that it refuses
  // nothing else. Runs after the cells above, which need the venue unblocked.
  describe.each(['hard', 'light'] as const)('while the venue has a %s block', (block) => {
    const flag = block === 'hard' ? 'is_hard_block_home_play' : 'is_light_block_home_play';
    beforeAll(() => updateAccount(suite.db.kysely, fixture.venueId, { [flag]: true }));
    afterAll(() => updateAccount(suite.db.kysely, fixture.venueId, { [flag]: false }));

    it.each(ROUTES.filter((row) => row.access === 'cashier'))('$route', (row) => {
      const expected = (block === 'hard' ? row.hardBlock : row.lightBlock) ?? row.ok;
      return expectCell(row, 'a cashier of the venue with the restriction', expected);
    });
  });

  // The PIN throttle (devices/pin-guard.ts) adds one answer to the PIN calls: 429 for a cashier who has
  // guessed too many PINs. It comes after every check that does not look at the PIN, so who may call
  // the route is answered as above; only a PIN attempt is held.
  describe('PIN calls of a cashier held by the PIN throttle', () => {
    const PIN_ROUTES = [
      'POST /a/cashier/devices/register',
      'POST /a/cashier/devices/remote/register',
      'GET /a/cashier/devices/remote/:id',
      'POST /a/cashier/devices/remote/:id/place/:place/update',
      'POST /a/cashier/game_report',
    ];
    let held: TestClient;
    let heldElsewhere: TestClient;

    beforeAll(async () => {
      // Wrong PINs until held: the cashier's 5th, or sooner the venue's 6th (the matrix made some).
      const holdByGuessing = async (client: TestClient) => {
        const statuses = [];
        for (let i = 0; i < 5; i++) {
          const res = await client.post('/a/cashier/devices/register', { pin: `9${i}`, trx: newTrx() });
          statuses.push(res.status);
          if (res.status === 429) break;
        }
        // Every guess before the last was checked and wrong; the last was too, or found the venue held.
        expect(statuses.slice(0, -1).filter((status) => status !== 422)).toEqual([]);
        expect([422, 429]).toContain(statuses.at(-1));
      };
      const venueOf = async (caller: Caller) =>
        (
          await suite.db.kysely
            .selectFrom('users')
            .select('account_id')
            .where('id', '=', userIds.get(caller)!)
            .executeTakeFirstOrThrow()
        ).account_id;
      const venue = await venueOf('a cashier of the venue with the restriction');
      held = (await cashierClient(suite.server, suite.db, venue, undefined, fromNetwork(1))).client;
      const otherVenue = await venueOf('a cashier of another venue');
      heldElsewhere = (await cashierClient(suite.server, suite.db, otherVenue, undefined, fromNetwork(2)))
        .client;
      await holdByGuessing(held);
      await holdByGuessing(heldElsewhere);
    });

    it('lists only routes that take a PIN', () => {
      expect(ROUTES.filter((r) => PIN_ROUTES.includes(r.route))).toHaveLength(PIN_ROUTES.length);
    });

    it.each(PIN_ROUTES)('%s by a held cashier of the venue: 429 with retry_after', async (route) => {
      const row = ROUTES.find((r) => r.route === route)!;
      const body = row.body ? await row.body(fixture) : undefined;
      const headers = row.headers?.(fixture) ?? {};
      const res = await held.request(
        row.method,
        row.path(fixture),
        body === undefined ? { headers } : { json: body, headers },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(429);
      expect(res.body).toEqual({ err: ERR.tooManyAttempts, retry_after: expect.any(Number) });
      expect(Number(res.headers.get('retry-after'))).toBe((res.body as { retry_after: number }).retry_after);
    });

    it.each(PIN_ROUTES)(
      '%s by a held cashier of another venue: what the matrix says, or 429 where only the PIN decides',
      async (route) => {
        const row = ROUTES.find((r) => r.route === route)!;
        const body = row.body ? await row.body(fixture) : undefined;
        const headers = row.headers?.(fixture) ?? {};
        const res = await heldElsewhere.request(
          row.method,
          row.path(fixture),
          body === undefined ? { headers } : { json: body, headers },
        );
        // Linking looks the PIN up among every venue's devices, so it is held; a phone of another venue
        // is refused before its PIN is looked at.
        const expected = route.endsWith('register') ? 429 : row.otherVenue!.status;
        expect(res.status, JSON.stringify(res.body)).toBe(expected);
      },
    );
  });

  it('has a row for every route the server declares, and no row for a route it lacks', () => {
    // The back office (/a/admin, /a/manager) has its own matrix: back-office/back-office-permissions.test.ts.
    const declared = declaredRoutes(suite.server.app)
      .map((route) => route.replace(' /api/v1/', ' /'))
      .filter((route) => !/ \/a\/(admin|manager)\//.test(route));
    expect([...declared].sort()).toEqual(ROUTES.map((r) => r.route).sort());
  });
});
