// Bad input everywhere: for every route the server declares, fast-check sends hostile requests (fields of
// the wrong type or range, missing and extra fields, whole bodies that are not the object asked for, raw
// bodies that are not JSON, bad content types, path parameters, query strings, cookies, device tokens and
// PIN headers). Each must be answered 4xx in the contract's format `{err}` with the security headers,
// without a stack trace, and must leave the database exactly as it was. Last, requests every schema takes
// but a rule refuses for what they mean: look-alike logins, weak passwords, float moves that would
// overflow, game events above the venue's ceiling (./hostile-semantics.ts).
//
// Every row's valid request would be answered 200 (many would change the database): only requests its
// schema refuses are sent with valid credentials, and the valid request only with spoiled credentials,
// path, content type or PIN. That relies on every request schema being strict (an extra field is refused).
import {
  approvalDecisionRequest,
  approvalsQuery,
  approvalRetractRequest,
  auditQuery,
  changePasswordRequest,
  correctionRequest,
  createAccountRequest,
  createCashierRequest,
  createUserWithReason,
  editAccountDeviceRequest,
  floatMoveRequest,
  ledgerExportQuery,
  ledgerQuery,
  setPasswordWithReason,
  setRestrictionsWithReason,
  shiftCountRequest,
  cashDropRequest,
  paidInOutRequest,
  receiptReprintRequest,
  shiftListQuery,
  cashReportQuery,
  dailyReportQuery,
  shiftReportQuery,
  unlinkDeviceRequest,
  unlockRequest,
  updateAccountWithReason,
  updateCashierRequest,
  updateUserWithReason,
  deviceEventRequest,
  editDeviceRequest,
  enrollRequest,
  DEFAULT_MAX_EVENT_AMOUNT_CENTS,
  DEVICE_EVENT_TYPES,
  ERR,
  gameReportRequest,
  limitReportRequest,
  registerDeviceRequest,
  registerRemoteRequest,
  remoteCashRequest,
  cashRequest,
  reportRequest,
  signInRequest,
  exclusionRequest,
  isoDay,
  playerIdentity,
  playerLimitRequest,
  playersQuery,
  registerPlayerRequest,
  transferRequest,
} from '@cashdesk/contract';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { updateAccount } from '../../src/accounts/accounts.repository.js';
import type { Db } from '../../src/db/database.js';
import { insertPlayer } from '../../src/players/players.repository.js';
import { linkCabinet, linkRemote, cashierClient, newTrx, type LinkedDevice } from '../helpers/cashier.js';
import { testDatabases } from '../helpers/databases.js';
import { signedInAs } from '../back-office/support.js';
import {
  createLinkedDevice,
  createTestUser,
  createVenue,
  newAccountBody,
  newCashierBody,
} from '../helpers/factories.js';
import { declaredRoutes } from '../helpers/routes.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import {
  hostileContentType,
  hostileHeaderValue,
  hostilePathSegment,
  hostileRawBody,
  hostileValue,
} from './hostile.js';
import { databaseSnapshot } from './snapshot.js';
import { hostileLogin, weakPasswordOf } from './hostile-semantics.js';

interface Fixture {
  /** A cashier's session (cashier routes, the till lock). */
  token: string;
  /** An admin's session (back office). */
  adminToken: string;
  venueId: number;
  /** A cashier of the venue the back-office user routes act on (not the one holding `token`). */
  cashierId: number;
  cashierLogin: string;
  /** A spare cabinet of the venue for the unlink route, so no other row depends on it. */
  spareDeviceId: number;
  cabinet: LinkedDevice;
  phone: LinkedDevice;
  /** A player of the venue. */
  playerId: number;
  playerCard: string;
}

/** `session`: the cashier's cookie; `admin`: an admin's cookie; `device`: the cabinet's bearer token. */
type Auth = 'session' | 'admin' | 'device' | 'none';

type Query = Record<string, string | string[]>;

interface FuzzRoute {
  route: string;
  auth: Auth;
  /** Valid values of the path parameters. */
  params?: Record<string, (f: Fixture) => string>;
  body?: { schema: z.ZodObject; valid: (f: Fixture) => Record<string, unknown> };
  /** The query string the route reads (sent with every request), which hostile requests then spoil. */
  query?: { schema: z.ZodObject; valid: (f: Fixture) => Record<string, string> };
  /** Which bodies the route takes besides the schema's (e.g. no body at all). */
  alsoAccepts?: (body: unknown) => boolean;
  headers?: (f: Fixture) => Record<string, string>;
  /** The PIN header the route reads, which hostile requests then spoil. */
  pinHeader?: boolean;
  /** A route that takes nothing a client could get wrong; says why. */
  noInput?: string;
  /** A route that answers every request alike by design (sign-out): that answer, and still no change. */
  always?: { status: number; body: unknown; why: string };
  /**
   * Path parameters left out of the path fuzz, and why: one whose schema takes almost any text, so that a
   * "hostile" value with the valid body is a well-formed call, which may be a counted guess by design.
   */
  unfuzzedParams?: { names: string[]; why: string };
}

const cabinetId = (f: Fixture) => String(f.cabinet.id);
const phoneId = (f: Fixture) => String(f.phone.id);
const pin = (f: Fixture) => ({ 'x-device-pin': f.phone.pin });
const venueId = (f: Fixture) => String(f.venueId);
const cashierId = (f: Fixture) => String(f.cashierId);
const unique = () => randomBytes(4).toString('hex');
const newPassword = 'long enough 1';
const wholeHistory = () => ({ from: '2000-01-01', to: '2100-01-01' });

const ROUTES: FuzzRoute[] = [
  { route: 'GET /healthz', auth: 'none', noInput: 'liveness: no parameters, body or credentials' },
  { route: 'GET /readyz', auth: 'none', noInput: 'readiness: no parameters, body or credentials' },
  {
    route: 'GET /metrics',
    auth: 'none',
    noInput: 'metrics: no parameters or body; who may read it: test/metrics/metrics-endpoint.test.ts',
  },
  { route: 'GET /api/v1/cashier_v', auth: 'none', noInput: 'build hash: public, no input' },
  { route: 'GET /api/v1/time', auth: 'none', noInput: 'server time: public, no input' },
  { route: 'GET /api/v1/maintenance', auth: 'none', noInput: 'maintenance message: public, no input' },
  { route: 'GET /api/v1/client_config', auth: 'none', noInput: 'client configuration: public, no input' },
  // The API's description (http/openapi.ts): public, generated from the routes, nothing to get wrong.
  { route: 'GET /api/v1/openapi.json', auth: 'none', noInput: 'the OpenAPI document: public, no input' },
  { route: 'GET /api/docs', auth: 'none', noInput: 'the docs page: public, no input' },
  { route: 'GET /api/docs/', auth: 'none', noInput: 'the docs page: public, no input' },
  { route: 'GET /api/docs/json', auth: 'none', noInput: "the docs page's copy of the document" },
  { route: 'GET /api/docs/yaml', auth: 'none', noInput: "the docs page's copy of the document, as YAML" },
  { route: 'GET /api/docs/static/index.html', auth: 'none', noInput: 'a redirect to the docs page' },
  { route: 'GET /api/docs/static/swagger-initializer.js', auth: 'none', noInput: "the docs page's script" },
  {
    route: 'GET /api/docs/*',
    auth: 'none',
    noInput:
      "the docs page's assets: files of swagger-ui served by @fastify/static (any other name is a 404)",
  },
  {
    route: 'POST /api/v1/sign_in',
    auth: 'none',
    body: {
      schema: signInRequest,
      valid: () => ({ login: 'nobody_here', password: 'wrong password', remember: false }),
    },
  },
  { route: 'GET /api/v1/a/me', auth: 'session' },
  // With a valid session it signs out (a change): only hostile cookies are sent, and must change nothing.
  {
    route: 'GET /api/v1/a/sign_out',
    auth: 'session',
    always: { status: 200, body: { ok: true }, why: 'signing out always ends with no cookie (contract)' },
  },
  {
    route: 'POST /api/v1/a/sign_out',
    auth: 'session',
    always: { status: 200, body: { ok: true }, why: 'signing out always ends with no cookie (contract)' },
  },
  {
    route: 'POST /api/v1/a/change_password',
    auth: 'session',
    body: {
      schema: changePasswordRequest,
      valid: () => ({ old: 'not the password', new: 'a new password 1' }),
    },
  },
  // The till lock. Locking takes no input (a valid cookie would lock: only hostile cookies are sent).
  { route: 'GET /api/v1/a/lock', auth: 'session' },
  { route: 'POST /api/v1/a/lock', auth: 'session' },
  // A body the schema takes (a wrong password) is never sent with the valid cookie: it would spend
  // sign-in throttle attempts (the snapshot's throttle rows would catch it).
  {
    route: 'POST /api/v1/a/unlock',
    auth: 'session',
    body: { schema: unlockRequest, valid: () => ({ password: 'not the password' }) },
  },
  { route: 'GET /api/v1/a/cashier/account_balance', auth: 'session' },
  { route: 'GET /api/v1/a/cashier/shift', auth: 'session' },
  {
    route: 'POST /api/v1/a/cashier/shift/open',
    auth: 'session',
    body: { schema: shiftCountRequest, valid: () => ({ counted_cents: 0, trx: newTrx() }) },
  },
  {
    route: 'POST /api/v1/a/cashier/shift/close',
    auth: 'session',
    body: { schema: shiftCountRequest, valid: () => ({ counted_cents: 0, trx: newTrx() }) },
  },
  // The till's drawer: valid calls name no shift of the cashier (404); hostile ones must change nothing.
  ...(['drop', 'paid_in', 'paid_out'] as const).map((kind): FuzzRoute => ({
    route: `POST /api/v1/a/cashier/shift/:shift_id/${kind}`,
    auth: 'session',
    params: { shift_id: () => '2147483647' },
    body: {
      schema: kind === 'drop' ? cashDropRequest : paidInOutRequest,
      valid: () => ({ amount: 1_00, reason: 'fuzz', trx: newTrx() }),
    },
  })),
  {
    route: 'GET /api/v1/a/cashier/shift/:shift_id/x_report',
    auth: 'session',
    params: { shift_id: () => '2147483647' },
  },
  {
    route: 'POST /api/v1/a/cashier/receipt/reprint',
    auth: 'session',
    body: { schema: receiptReprintRequest, valid: () => ({}) },
  },
  {
    route: 'POST /api/v1/a/cashier/approvals/:approval_id/withdraw',
    auth: 'session',
    params: { approval_id: () => 'no-such-approval' },
    body: { schema: approvalRetractRequest, valid: () => ({}) },
  },
  // Players: the valid calls name the venue's player; hostile ones must change nothing.
  {
    route: 'POST /api/v1/a/cashier/players',
    auth: 'session',
    body: { schema: registerPlayerRequest, valid: () => ({ card: `FUZZ-${unique()}`, trx: newTrx() }) },
  },
  {
    route: 'GET /api/v1/a/cashier/players/by_card/:card',
    auth: 'session',
    params: { card: (f) => f.playerCard },
  },
  {
    route: 'POST /api/v1/a/cashier/players/:id',
    auth: 'session',
    params: { id: (f) => String(f.playerId) },
    body: { schema: playerIdentity, valid: () => ({ name: 'Fuzzed Name' }) },
  },
  {
    route: 'POST /api/v1/a/cashier/players/:id/limit',
    auth: 'session',
    params: { id: (f) => String(f.playerId) },
    body: { schema: playerLimitRequest, valid: () => ({ daily_limit: 100_00 }) },
  },
  {
    route: 'POST /api/v1/a/cashier/players/:id/transfer',
    auth: 'session',
    params: { id: (f) => String(f.playerId) },
    body: {
      schema: transferRequest,
      valid: (f) => ({
        from: { device_id: f.cabinet.id, place: 1 },
        to: { device_id: f.cabinet.id, place: 2 },
        amount: 1_00,
        trx: newTrx(),
      }),
    },
  },
  { route: 'GET /api/v1/a/cashier/events', auth: 'session' },
  { route: 'GET /api/v1/a/cashier/devices', auth: 'session' },
  { route: 'GET /api/v1/a/cashier/daily_totals', auth: 'session' },
  { route: 'GET /api/v1/a/cashier/devices/:id', auth: 'session', params: { id: cabinetId } },
  {
    route: 'POST /api/v1/a/cashier/devices/register',
    auth: 'session',
    body: { schema: registerDeviceRequest, valid: () => ({ pin: '00000', trx: newTrx() }) },
  },
  {
    route: 'POST /api/v1/a/cashier/devices/:id',
    auth: 'session',
    params: { id: cabinetId },
    body: { schema: editDeviceRequest, valid: () => ({ name: 'Fuzzed name', hidden: false }) },
  },
  {
    route: 'POST /api/v1/a/cashier/devices/:id/place/:place/update',
    auth: 'session',
    params: { id: cabinetId, place: () => '1' },
    body: { schema: cashRequest, valid: () => ({ delta: 1_00, trx: newTrx() }) },
  },
  {
    route: 'POST /api/v1/a/cashier/devices/remote/register',
    auth: 'session',
    body: { schema: registerRemoteRequest, valid: () => ({ pin: '000000', trx: newTrx() }) },
  },
  {
    route: 'GET /api/v1/a/cashier/devices/remote/:id',
    auth: 'session',
    params: { id: phoneId },
    headers: pin,
    pinHeader: true,
  },
  {
    route: 'POST /api/v1/a/cashier/devices/remote/:id/place/:place/update',
    auth: 'session',
    params: { id: phoneId, place: () => '1' },
    body: {
      schema: remoteCashRequest,
      valid: (f) => ({ delta: 1_00, trx: newTrx(), pin_code: f.phone.pin }),
    },
  },
  {
    route: 'POST /api/v1/a/cashier/report',
    auth: 'session',
    body: {
      schema: reportRequest,
      valid: (f) => ({ device_ids: [f.cabinet.id], from: '2026-01-01', to: '2026-12-31T23:59:59+01:00' }),
    },
  },
  {
    route: 'POST /api/v1/a/cashier/limit_report',
    auth: 'session',
    body: {
      schema: limitReportRequest,
      valid: (f) => ({ device_ids: [f.cabinet.id], limit: 10, placeId: 1 }),
    },
  },
  {
    route: 'POST /api/v1/a/cashier/game_report',
    auth: 'session',
    headers: pin,
    pinHeader: true,
    body: { schema: gameReportRequest, valid: (f) => ({ device_id: f.phone.id, full: false }) },
  },
  // The back office, as an admin (who may call every route of it); bodies as the permission matrix's.
  { route: 'GET /api/v1/a/admin/accounts', auth: 'admin' },
  {
    route: 'POST /api/v1/a/admin/account',
    auth: 'admin',
    body: {
      schema: createAccountRequest,
      valid: () => newAccountBody(`Fuzzed venue ${unique()}`),
    },
  },
  { route: 'GET /api/v1/a/admin/users', auth: 'admin' },
  {
    route: 'POST /api/v1/a/admin/user',
    auth: 'admin',
    body: {
      schema: createUserWithReason,
      valid: (f) => newCashierBody(f.venueId, `fuzz_${unique()}`, newPassword),
    },
  },
  {
    route: 'POST /api/v1/a/admin/user/:id',
    auth: 'admin',
    params: { id: cashierId },
    body: { schema: updateUserWithReason, valid: () => ({ name: 'Renamed by fuzz' }) },
  },
  {
    route: 'POST /api/v1/a/admin/user/:id/set_password',
    auth: 'admin',
    params: { id: cashierId },
    body: { schema: setPasswordWithReason, valid: () => ({ password: newPassword }) },
  },
  {
    route: 'POST /api/v1/a/admin/user/:id/set_restrictions',
    auth: 'admin',
    params: { id: cashierId },
    body: { schema: setRestrictionsWithReason, valid: () => ({ restrictions: ['can_edit_device'] }) },
  },
  {
    route: 'GET /api/v1/a/admin/audit',
    auth: 'admin',
    query: { schema: auditQuery, valid: () => ({ ...wholeHistory(), limit: '5' }) },
  },
  { route: 'GET /api/v1/a/admin/verify', auth: 'admin' },
  { route: 'GET /api/v1/a/manager/account/:id', auth: 'admin', params: { id: venueId } },
  {
    route: 'POST /api/v1/a/manager/account/:id',
    auth: 'admin',
    params: { id: venueId },
    body: { schema: updateAccountWithReason, valid: () => ({ min_amount: 2_00, reason: 'fuzz' }) },
  },
  {
    route: 'POST /api/v1/a/manager/account/:id/move',
    auth: 'admin',
    params: { id: venueId },
    body: {
      schema: floatMoveRequest,
      valid: () => ({ delta: 1_00, trx: newTrx(), reason: 'fuzz top-up' }),
    },
  },
  {
    route: 'GET /api/v1/a/manager/account/:id/transactions',
    auth: 'admin',
    params: { id: venueId },
    query: { schema: ledgerQuery, valid: () => ({ ...wholeHistory(), limit: '5', line: 'float' }) },
  },
  {
    route: 'GET /api/v1/a/manager/account/:id/transactions.csv',
    auth: 'admin',
    params: { id: venueId },
    query: { schema: ledgerExportQuery, valid: () => ({ ...wholeHistory(), kind: 'float_top_up' }) },
  },
  { route: 'GET /api/v1/a/manager/account/:id/devices', auth: 'admin', params: { id: venueId } },
  {
    route: 'POST /api/v1/a/manager/account/:id/devices/:deviceId',
    auth: 'admin',
    params: { id: venueId, deviceId: cabinetId },
    body: { schema: editAccountDeviceRequest, valid: () => ({ name: 'Fuzzed cabinet', hidden: false }) },
  },
  {
    route: 'POST /api/v1/a/manager/account/:id/devices/:deviceId/unlink',
    auth: 'admin',
    params: { id: venueId, deviceId: (f) => String(f.spareDeviceId) },
    body: { schema: unlinkDeviceRequest, valid: () => ({ reason: 'fuzz' }) },
    // The server reads no body (or null) as `{}`.
    alsoAccepts: (body) => body === undefined || body === null,
  },
  { route: 'GET /api/v1/a/manager/account/:id/users', auth: 'admin', params: { id: venueId } },
  {
    route: 'POST /api/v1/a/manager/account/:id/user',
    auth: 'admin',
    params: { id: venueId },
    body: {
      schema: createCashierRequest,
      valid: () => ({ login: `fuzz_${unique()}`, name: 'Fuzzed', password: newPassword, restrictions: [] }),
    },
  },
  {
    route: 'POST /api/v1/a/manager/account/:id/user/:userId',
    auth: 'admin',
    params: { id: venueId, userId: cashierId },
    body: { schema: updateCashierRequest, valid: () => ({ name: 'Renamed by fuzz' }) },
  },
  {
    route: 'POST /api/v1/a/manager/account/:id/user/:userId/set_password',
    auth: 'admin',
    params: { id: venueId, userId: cashierId },
    body: { schema: setPasswordWithReason, valid: () => ({ password: newPassword }) },
  },
  {
    route: 'POST /api/v1/a/manager/account/:id/user/:userId/set_restrictions',
    auth: 'admin',
    params: { id: venueId, userId: cashierId },
    body: { schema: setRestrictionsWithReason, valid: () => ({ restrictions: [] }) },
  },
  {
    route: 'GET /api/v1/a/manager/account/:id/shift_report',
    auth: 'admin',
    params: { id: venueId },
    query: { schema: shiftReportQuery, valid: wholeHistory },
  },
  {
    route: 'GET /api/v1/a/manager/account/:id/daily_report',
    auth: 'admin',
    params: { id: venueId },
    query: { schema: dailyReportQuery, valid: () => ({ day: '2020-01-01' }) },
  },
  {
    route: 'GET /api/v1/a/manager/account/:id/cash_report',
    auth: 'admin',
    params: { id: venueId },
    query: { schema: cashReportQuery, valid: () => ({ day: '2020-01-01' }) },
  },
  { route: 'GET /api/v1/a/manager/account/:id/verify', auth: 'admin', params: { id: venueId } },
  { route: 'GET /api/v1/a/manager/account/:id/ledger_head', auth: 'admin', params: { id: venueId } },
  { route: 'GET /api/v1/a/manager/account/:id/overview', auth: 'admin', params: { id: venueId } },
  { route: 'GET /api/v1/a/manager/account/:id/alerts', auth: 'admin', params: { id: venueId } },
  { route: 'GET /api/v1/a/manager/account/:id/events', auth: 'admin', params: { id: venueId } },
  {
    route: 'POST /api/v1/a/manager/account/:id/alerts/:alert_id/ack',
    auth: 'admin',
    params: { id: venueId, alert_id: () => '1' },
  },
  {
    route: 'GET /api/v1/a/manager/account/:id/shifts',
    auth: 'admin',
    params: { id: venueId },
    query: { schema: shiftListQuery, valid: () => ({ limit: '5', from: '2000-01-01' }) },
  },
  {
    route: 'GET /api/v1/a/manager/account/:id/shifts/:shift_id',
    auth: 'admin',
    params: { id: venueId, shift_id: () => '1' },
  },
  {
    route: 'POST /api/v1/a/manager/account/:id/corrections',
    auth: 'admin',
    params: { id: venueId },
    // An unknown trx: the valid body corrects nothing (404).
    body: {
      schema: correctionRequest,
      valid: () => ({ trx: newTrx(), correction_trx: newTrx(), reason: 'fuzz' }),
    },
  },
  {
    route: 'GET /api/v1/a/manager/account/:id/approvals',
    auth: 'admin',
    params: { id: venueId },
    query: { schema: approvalsQuery, valid: () => ({ status: 'pending' }) },
  },
  {
    route: 'POST /api/v1/a/manager/account/:id/approvals/:approval_id',
    auth: 'admin',
    params: { id: venueId, approval_id: () => 'no-such-approval' },
    // A wrong password: the valid body never approves anything (and there is nothing to approve).
    body: {
      schema: approvalDecisionRequest,
      valid: () => ({ decision: 'decline', password: 'not the password', reason: 'fuzz' }),
    },
    unfuzzedParams: {
      names: ['approval_id'],
      why:
        'any 1 to 100 characters are an approval id, and the password is checked before the approval is ' +
        "looked up: with the valid body every such id is a password guess, which sign-in's throttle counts " +
        'by design (approvals/approval-password-throttle.test.ts)',
    },
  },
  {
    route: 'GET /api/v1/a/manager/account/:id/players',
    auth: 'admin',
    params: { id: venueId },
    query: { schema: playersQuery, valid: () => ({ q: 'fuzz', limit: '5' }) },
  },
  {
    route: 'POST /api/v1/a/manager/account/:id/players/:player_id',
    auth: 'admin',
    params: { id: venueId, player_id: (f) => String(f.playerId) },
    body: { schema: playerIdentity, valid: () => ({ name: 'Fuzz Player' }) },
  },
  {
    route: 'POST /api/v1/a/manager/account/:id/players/:player_id/limit',
    auth: 'admin',
    params: { id: venueId, player_id: (f) => String(f.playerId) },
    body: { schema: playerLimitRequest, valid: () => ({ daily_limit: 100_00 }) },
  },
  {
    route: 'POST /api/v1/a/manager/account/:id/players/:player_id/exclusion',
    auth: 'admin',
    params: { id: venueId, player_id: (f) => String(f.playerId) },
    // The body is one of two objects (exclusionRequest); the fuzz spoils the first, and the server's
    // own schema says which bodies it takes.
    body: { schema: z.strictObject({ until: isoDay.nullable() }), valid: () => ({ until: null }) },
    alsoAccepts: (body) => exclusionRequest.safeParse(body).success,
  },
  {
    route: 'GET /api/v1/a/manager/account/:id/audit',
    auth: 'admin',
    params: { id: venueId },
    query: { schema: auditQuery, valid: () => ({ limit: '5', action: 'account.update' }) },
  },
  {
    route: 'POST /device/enroll',
    auth: 'none',
    body: { schema: enrollRequest, valid: () => ({ kind: 'cabinet', module: 1, game_id: 1, places: 4 }) },
  },
  {
    route: 'POST /device/pin',
    auth: 'device',
    body: { schema: z.strictObject({}), valid: () => ({}) },
    alsoAccepts: (body) => body === undefined || body === null,
  },
  { route: 'GET /device/state', auth: 'device' },
  { route: 'GET /device/events/stream', auth: 'device' },
  {
    route: 'POST /device/events',
    auth: 'device',
    body: { schema: deviceEventRequest, valid: () => ({ trx: newTrx(), place: 1, type: 2, amount: 1_00 }) },
  },
];

interface HostileRequest {
  what: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** Whether the route takes this body as it arrives: judged after the JSON round trip, as the server sees it. */
function accepts(route: FuzzRoute, body: unknown): boolean {
  const text = JSON.stringify(body);
  const wire: unknown = text === undefined ? undefined : JSON.parse(text);
  return (route.body?.schema.safeParse(wire).success ?? false) || (route.alsoAccepts?.(wire) ?? false);
}

/** A query as `URLSearchParams` sends it (a list: the key repeated), and as the server reads it back. */
function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const one of [value].flat()) params.append(key, one);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Whether the route takes this query: judged on the query read back from the wire (repeated keys: lists). */
function acceptsQuery(route: FuzzRoute, query: Query): boolean {
  const wire: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(queryString(query).slice(1))) {
    const seen = wire[key];
    wire[key] = seen === undefined ? value : [seen, value].flat();
  }
  return route.query?.schema.safeParse(wire).success ?? false;
}

/**
 * A hostile value as a query string carries it (text). Kept under 4,000 characters encoded: a longer URL
 * is refused by Node's HTTP parser (431, no body) before the server sees it, which is not the server's answer.
 */
const hostileQueryValue: fc.Arbitrary<string> = hostileValue
  .map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))))
  .filter((text) => new URLSearchParams({ v: text }).toString().length < 4_000);

/** Looks like an id or place a real device could have: such a segment is not hostile. */
const plausibleSegment = (encoded: string) => {
  try {
    return /^[1-9][0-9]{0,8}$/.test(decodeURIComponent(encoded));
  } catch {
    return false;
  }
};

function hostileRequests(route: FuzzRoute, f: Fixture): fc.Arbitrary<HostileRequest> {
  const [method, template] = route.route.split(' ') as [string, string];
  const paramNames = Object.keys(route.params ?? {}).filter(
    (name) => !route.unfuzzedParams?.names.includes(name),
  );
  const pathWith = (
    override: Record<string, string> = {},
    query: Query | undefined = route.query?.valid(f),
  ) =>
    template.replace(/:(\w+)/g, (_, name: string) => override[name] ?? route.params![name]!(f)) +
    queryString(query);
  const credentials: Record<string, string> =
    route.auth === 'session'
      ? { cookie: `x-token=${f.token}` }
      : route.auth === 'admin'
        ? { cookie: `x-token=${f.adminToken}` }
        : route.auth === 'device'
          ? f.cabinet.auth
          : {};
  const base = () => ({ ...credentials, ...route.headers?.(f) });
  const json = (body: unknown, what: string): HostileRequest => ({
    what,
    path: pathWith(),
    headers: { ...base(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  const kinds: fc.Arbitrary<HostileRequest>[] = [];
  if (route.body) {
    const { schema, valid } = route.body;
    const fields = Object.keys(schema.shape);
    // Fields the body cannot go without (a filter that never passes would hang fast-check).
    const required = fields.filter((field) => {
      const body = valid(f);
      delete body[field];
      return !accepts(route, body);
    });
    if (fields.length > 0) {
      kinds.push(
        fc
          .tuple(fc.constantFrom(...fields), hostileValue)
          .map(([field, value]) => ({ field, body: { ...valid(f), [field]: value } }))
          .filter(({ body }) => !accepts(route, body))
          .map(({ field, body }) => json(body, `field ${field} = ${preview(body[field])}`)),
      );
    }
    if (required.length > 0) {
      kinds.push(
        fc
          .constantFrom(...required)
          .map((field) => {
            const body = valid(f);
            delete body[field];
            return { field, body };
          })
          .filter(({ body }) => !accepts(route, body))
          .map(({ field, body }) => json(body, `without ${field}`)),
      );
    }
    kinds.push(
      fc
        .tuple(
          fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !(k in schema.shape)),
          hostileValue,
        )
        .map(([key, value]) => json({ ...valid(f), [key]: value }, `extra field ${preview(key)}`)),
      fc
        .oneof(hostileValue, fc.array(hostileValue, { maxLength: 3 }))
        .filter((body) => !accepts(route, body))
        .map((body) => json(body, `body ${preview(body)}`)),
      hostileRawBody
        .filter((raw) => {
          try {
            // Read as the server reads it: an empty body is no body, and a leading byte order mark is
            // ignored (RFC 8259 lets a parser do so).
            const text = raw.replace(/^\ufeff/, '');
            return !accepts(route, text === '' ? undefined : JSON.parse(text));
          } catch {
            return true;
          }
        })
        .map((raw) => ({
          what: `raw body ${preview(raw)}`,
          path: pathWith(),
          headers: { ...base(), 'content-type': 'application/json' },
          body: raw,
        })),
      hostileContentType.map((type) => ({
        what: `content type ${type ?? '(none)'}`,
        path: pathWith(),
        headers: type === null ? base() : { ...base(), 'content-type': type },
        // A Uint8Array body goes without a content type; a string would get text/plain.
        body: new TextEncoder().encode(JSON.stringify(valid(f))),
      })),
    );
  }
  if (route.query) {
    const { schema, valid } = route.query;
    const fields = Object.keys(schema.shape);
    const required = fields.filter((field) => {
      const query: Query = valid(f);
      delete query[field];
      return !acceptsQuery(route, query);
    });
    const get = (query: Query, what: string): HostileRequest => ({
      what,
      path: pathWith({}, query),
      headers: base(),
    });
    kinds.push(
      fc
        .tuple(fc.constantFrom(...fields), hostileQueryValue)
        .map(([field, value]) => ({ field, query: { ...valid(f), [field]: value } }))
        .filter(({ query }) => !acceptsQuery(route, query))
        .map(({ field, query }) => get(query, `query ${field} = ${preview(query[field])}`)),
      // The key twice: read as a list.
      fc
        .tuple(fc.constantFrom(...fields), hostileQueryValue)
        .map(([field, value]) => ({
          field,
          query: { ...valid(f), [field]: [valid(f)[field] ?? value, value] },
        }))
        .filter(({ query }) => !acceptsQuery(route, query))
        .map(({ field, query }) => get(query, `query ${field} twice: ${preview(query[field])}`)),
      fc
        .tuple(
          fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !(k in schema.shape)),
          hostileQueryValue,
        )
        .map(([key, value]) => ({ key, query: { ...valid(f), [key]: value } }))
        .filter(({ query }) => !acceptsQuery(route, query))
        .map(({ key, query }) => get(query, `extra query ${preview(key)}`)),
    );
    if (required.length > 0) {
      kinds.push(
        fc.constantFrom(...required).map((field) => {
          const query: Query = valid(f);
          delete query[field];
          return get(query, `query without ${field}`);
        }),
      );
    }
  }
  if (paramNames.length > 0) {
    kinds.push(
      fc
        .tuple(fc.constantFrom(...paramNames), hostilePathSegment)
        .filter(([, segment]) => !plausibleSegment(segment))
        .map(([name, segment]) => ({
          what: `path ${name} = ${preview(segment)}`,
          path: pathWith({ [name]: segment }),
          headers: route.body ? { ...base(), 'content-type': 'application/json' } : base(),
          ...(route.body ? { body: JSON.stringify(route.body.valid(f)) } : {}),
        })),
    );
  }
  if (route.auth !== 'none') {
    kinds.push(
      hostileHeaderValue.map((value) => {
        const headers: Record<string, string> = { ...route.headers?.(f) };
        if (route.auth === 'session' || route.auth === 'admin') headers.cookie = `x-token=${value}`;
        else headers.authorization = value.startsWith('Bearer') ? value : `Bearer ${value}`;
        if (route.body) headers['content-type'] = 'application/json';
        return {
          what: `credential ${preview(value)}`,
          path: pathWith(),
          headers,
          ...(route.body ? { body: JSON.stringify(route.body.valid(f)) } : {}),
        };
      }),
    );
  }
  if (route.pinHeader) {
    kinds.push(
      hostileHeaderValue
        // A well-formed PIN that is not the phone's is no hostile input but a guess: the PIN guard counts it
        // and may end the PIN by design (security/pin-guessing.test.ts), which this suite's snapshot would see.
        // fetch strips a header value's leading and trailing spaces, so ' 12' arrives as the guess '12'.
        .filter((value) => !/^\d{1,6}$/.test(value.trim()))
        .map((value) => ({
          what: `x-device-pin ${preview(value)}`,
          path: pathWith(),
          headers: {
            ...base(),
            'x-device-pin': value,
            ...(route.body ? { 'content-type': 'application/json' } : {}),
          },
          ...(route.body ? { body: JSON.stringify(route.body.valid(f)) } : {}),
        })),
    );
  }
  return fc.oneof(...kinds).map((request) => ({ ...request, method }) as HostileRequest & { method: string });
}

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} chars)` : text;
}

const ERR_TEXTS = new Set<string>(Object.values(ERR));

/** The shared snapshot, and what the back office and the till lock could change besides: the audit log,
 * each session's lock and the settings. */
async function snapshot(db: Db): Promise<string> {
  const k = db.kysely;
  const audit = await k
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return JSON.stringify({
    shared: await databaseSnapshot(db),
    audit: Number(audit?.n ?? 0),
    locks: await k
      .selectFrom('sessions')
      .select(['token_hash', 'locked_at_ms'])
      .orderBy('token_hash')
      .execute(),
    settings: await k.selectFrom('settings').selectAll().orderBy('key').execute(),
  });
}

describe.each(testDatabases)('hostile input on $name', (database) => {
  let fixture: Fixture;

  const suite = useTestServer(database, { config: { enrollmentOpen: true } });
  beforeAll(async () => {
    const venue = await createVenue(suite.db, { float: 1_000_00, home_play: true });
    const { client } = await cashierClient(suite.server, suite.db, venue.id);
    const cabinet = await linkCabinet(suite.server, client);
    const phone = await linkRemote(suite.server, client);
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    const cashier = await createTestUser(suite.db, { account_id: venue.id });
    const spare = await createLinkedDevice(suite.db, { account_id: venue.id });
    const player = await insertPlayer(suite.db.kysely, {
      account_id: venue.id,
      card: 'FUZZ-PLAYER-1',
      name: null,
      document_kind: null,
      document_number: null,
      birth_date: null,
      now_ms: Date.now(),
    });
    fixture = {
      token: client.token!,
      adminToken: admin.client.token!,
      venueId: venue.id,
      cashierId: cashier.id,
      cashierLogin: cashier.login,
      spareDeviceId: spare.id,
      cabinet,
      phone,
      playerId: player.id,
      playerCard: player.card,
    };
  });

  it('has a row for every route the server declares', () => {
    expect(ROUTES.map((r) => r.route).sort()).toEqual(declaredRoutes(suite.server.app).sort());
  });

  const fuzzed = ROUTES.filter((r) => !r.noInput);
  it.each(fuzzed)(
    '$route: every hostile request is refused in the contract format and changes nothing',
    async (route) => {
      const before = await snapshot(suite.db);
      await fc.assert(
        fc.asyncProperty(hostileRequests(route, fixture), async (request) => {
          const { method } = request as HostileRequest & { method: string };
          const res = await fetch(`${suite.server.baseUrl}${request.path}`, {
            method,
            headers: request.headers,
            ...(request.body !== undefined ? { body: request.body } : {}),
          });
          const text = await res.text();
          const where = `${route.route} with ${request.what}: ${res.status} ${text.slice(0, 300)}`;
          expect(res.headers.get('content-type') ?? '', where).toContain('application/json');
          const body = JSON.parse(text) as { err?: unknown };
          if (route.always) {
            expect({ status: res.status, body }, where).toEqual({
              status: route.always.status,
              body: route.always.body,
            });
          } else {
            expect(res.status, where).toBeGreaterThanOrEqual(400);
            expect(res.status, where).toBeLessThan(500);
            expect(ERR_TEXTS.has(String(body.err)), where).toBe(true);
          }
          expect(text, where).not.toMatch(/\n\s+at |node_modules|\.ts:\d|stack/);
          expect(res.headers.get('content-security-policy'), where).toContain("frame-ancestors 'none'");
          expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
          expect(await snapshot(suite.db), where).toBe(before);
        }),
        { numRuns: 100 },
      );
    },
  );

  // docs/money.md, "Blocks": under a block, the cash calls the schema accepts (any amount, any trx, either
  // device kind) are refused with the block's 403 and move nothing.
  it.each([
    { block: 'hard', flag: 'is_hard_block_home_play', err: ERR.hardBlock, deltas: 'any' },
    { block: 'light', flag: 'is_light_block_home_play', err: ERR.lightBlock, deltas: 'deposits' },
  ] as const)(
    'under a $block block, every $deltas cash call is refused 403 and changes nothing',
    async (row) => {
      await updateAccount(suite.db.kysely, fixture.venueId, { [row.flag]: true });
      try {
        const before = await snapshot(suite.db);
        const magnitude = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
        const delta =
          row.deltas === 'any'
            ? fc.oneof(
                magnitude,
                magnitude.map((m) => -m),
              )
            : magnitude;
        await fc.assert(
          fc.asyncProperty(delta, fc.boolean(), async (amount, remote) => {
            const path = remote
              ? `/api/v1/a/cashier/devices/remote/${fixture.phone.id}/place/1/update`
              : `/api/v1/a/cashier/devices/${fixture.cabinet.id}/place/1/update`;
            const body = { delta: amount, trx: newTrx(), ...(remote ? { pin_code: fixture.phone.pin } : {}) };
            const res = await fetch(`${suite.server.baseUrl}${path}`, {
              method: 'POST',
              headers: { cookie: `x-token=${fixture.token}`, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            const where = `${path} ${JSON.stringify(body)}`;
            expect({ status: res.status, body: await res.json() }, where).toEqual({
              status: 403,
              body: { err: row.err },
            });
            expect(await snapshot(suite.db), where).toBe(before);
          }),
          { numRuns: 50 },
        );
      } finally {
        await updateAccount(suite.db.kysely, fixture.venueId, { [row.flag]: false });
      }
    },
  );
  // Requests every schema accepts, refused by a rule about what they mean (docs/security.md): logins that
  // would pass for another, weak passwords, float moves and game events past their limits.
  describe('valid in form, refused in meaning', () => {
    const post = (path: string, token: string, body: unknown) =>
      fetch(`${suite.server.baseUrl}/api/v1${path}`, {
        method: 'POST',
        headers: { cookie: `x-token=${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const answerOf = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

    it('a login that passes for an existing one (full-width, case, zero-width, RTL override, control characters) is refused, on both create routes', async () => {
      const before = await snapshot(suite.db);
      const routes = ['/a/admin/user', `/a/manager/account/${fixture.venueId}/user`];
      await fc.assert(
        fc.asyncProperty(
          hostileLogin(fixture.cashierLogin),
          fc.constantFrom(...routes),
          async (login, route) => {
            const cashierFields = { login: login.login, name: 'Look-alike', password: 'a quiet long river' };
            const body =
              route === routes[0]
                ? newCashierBody(fixture.venueId, login.login, 'a quiet long river')
                : { ...cashierFields, restrictions: [] };
            const res = await answerOf(await post(route, fixture.adminToken, body));
            const where = `${route} ${login.how}: ${JSON.stringify(login.login)} -> ${JSON.stringify(res)}`;
            expect(res, where).toEqual(
              login.folds
                ? { status: 422, body: { err: ERR.loginTaken } }
                : { status: 400, body: expect.objectContaining({ err: ERR.validation }) },
            );
            expect(await snapshot(suite.db), where).toBe(before);
          },
        ),
        { numRuns: 60 },
      );
    });

    it('a weak password (common, the login, either in another form) is refused with its reason, wherever it is set', async () => {
      const before = await snapshot(suite.db);
      const login = fixture.cashierLogin;
      const setters = [
        `/a/admin/user/${fixture.cashierId}/set_password`,
        `/a/manager/account/${fixture.venueId}/user/${fixture.cashierId}/set_password`,
      ];
      await fc.assert(
        fc.asyncProperty(weakPasswordOf(login), fc.constantFrom(...setters), async (weak, setter) => {
          const res = await answerOf(
            await post(setter, fixture.adminToken, { password: weak.password, reason: 'fuzz' }),
          );
          const where = `${setter} ${JSON.stringify(weak.password)} -> ${JSON.stringify(res)}`;
          expect(res, where).toEqual({ status: 422, body: { err: ERR.weakPassword, reason: weak.reason } });
          expect(await snapshot(suite.db), where).toBe(before);
        }),
        { numRuns: 60 },
      );
    });

    it('a float move whose delta is valid but would take the float past 2^53 - 1 cents is a 400 that changes nothing', async () => {
      const before = await snapshot(suite.db);
      const venue = await suite.db.kysely
        .selectFrom('accounts')
        .select('balance_cents')
        .where('id', '=', fixture.venueId)
        .executeTakeFirstOrThrow();
      const headroom = Number.MAX_SAFE_INTEGER - venue.balance_cents;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: headroom + 1, max: Number.MAX_SAFE_INTEGER }), async (delta) => {
          const body = { delta, trx: newTrx(), reason: 'overflow' };
          const res = await answerOf(
            await post(`/a/manager/account/${fixture.venueId}/move`, fixture.adminToken, body),
          );
          const where = `delta ${delta} -> ${JSON.stringify(res)}`;
          expect(res, where).toEqual({
            status: 400,
            body: {
              err: ERR.validation,
              issues: [{ path: 'delta', message: 'would take a balance past the largest amount' }],
            },
          });
          expect(await snapshot(suite.db), where).toBe(before);
        }),
        { numRuns: 50 },
      );
    });

    it("a game event above the venue's ceiling is refused 422 with the ceiling and moves nothing", async () => {
      const ceiling = 500_00;
      await updateAccount(suite.db.kysely, fixture.venueId, { max_event_amount: ceiling });
      try {
        // The refusal is stored under its trx (a replay answers the same): only the operation count moves.
        const moneyOf = async () => {
          const { operations: _stored, ...money } = JSON.parse(await databaseSnapshot(suite.db)) as Record<
            string,
            unknown
          >;
          return JSON.stringify(money);
        };
        const before = await moneyOf();
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: ceiling + 1, max: Number.MAX_SAFE_INTEGER }),
            fc.constantFrom(...DEVICE_EVENT_TYPES),
            fc.integer({ min: 1, max: 4 }),
            async (amount, type, place) => {
              const event = { trx: newTrx(), place, type, amount };
              const res = await fetch(`${suite.server.baseUrl}/device/events`, {
                method: 'POST',
                headers: { ...fixture.cabinet.auth, 'content-type': 'application/json' },
                body: JSON.stringify(event),
              });
              const got = await answerOf(res);
              const where = `${JSON.stringify(event)} -> ${JSON.stringify(got)}`;
              expect(got, where).toEqual({ status: 422, body: { err: ERR.maxAmount, max_amount: ceiling } });
              expect(await moneyOf(), where).toBe(before);
            },
          ),
          { numRuns: 50 },
        );
      } finally {
        await updateAccount(suite.db.kysely, fixture.venueId, {
          max_event_amount: DEFAULT_MAX_EVENT_AMOUNT_CENTS,
        });
      }
    });
  });
});
