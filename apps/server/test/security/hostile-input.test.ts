// Bad input everywhere: for every route the server declares, fast-check sends hostile requests (fields of
// the wrong type or range, missing and extra fields, whole bodies that are not the object asked for, raw
// bodies that are not JSON, bad content types, path parameters, cookies, device tokens and PIN headers).
// Each must be answered 4xx in the contract's format `{err}` with the security headers, without a stack
// trace, and must leave the database exactly as it was.
import {
  changePasswordRequest,
  deviceEventRequest,
  editDeviceRequest,
  enrollRequest,
  ERR,
  gameReportRequest,
  limitReportRequest,
  registerDeviceRequest,
  registerRemoteRequest,
  remoteCashRequest,
  cashRequest,
  reportRequest,
  signInRequest,
} from '@cashdesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../src/db/database.js';
import { linkCabinet, linkRemote, cashierClient, newTrx, type LinkedDevice } from '../cashier/support.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { declaredRoutes } from '../helpers/routes.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import {
  hostileContentType,
  hostileHeaderValue,
  hostilePathSegment,
  hostileRawBody,
  hostileValue,
} from './hostile.js';
import { databaseSnapshot } from './snapshot.js';

interface Fixture {
  token: string;
  cabinet: LinkedDevice;
  phone: LinkedDevice;
}

type Auth = 'session' | 'device' | 'none';

interface FuzzRoute {
  route: string;
  auth: Auth;
  /** Valid values of the path parameters. */
  params?: Record<string, (f: Fixture) => string>;
  body?: { schema: z.ZodObject; valid: (f: Fixture) => Record<string, unknown> };
  /** Which bodies the route takes besides the schema's (e.g. no body at all). */
  alsoAccepts?: (body: unknown) => boolean;
  headers?: (f: Fixture) => Record<string, string>;
  /** The PIN header the route reads, which hostile requests then spoil. */
  pinHeader?: boolean;
  /** A route that takes nothing a client could get wrong; says why. */
  noInput?: string;
  /** A route that answers every request alike by design (sign-out): that answer, and still no change. */
  always?: { status: number; body: unknown; why: string };
}

const cabinetId = (f: Fixture) => String(f.cabinet.id);
const phoneId = (f: Fixture) => String(f.phone.id);
const pin = (f: Fixture) => ({ 'x-device-pin': f.phone.pin });

const ROUTES: FuzzRoute[] = [
  { route: 'GET /healthz', auth: 'none', noInput: 'liveness: no parameters, body or credentials' },
  { route: 'GET /readyz', auth: 'none', noInput: 'readiness: no parameters, body or credentials' },
  { route: 'GET /api/v1/cashier_v', auth: 'none', noInput: 'build hash: public, no input' },
  { route: 'GET /api/v1/time', auth: 'none', noInput: 'server time: public, no input' },
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
    route: 'POST /api/v1/a/change_password',
    auth: 'session',
    body: {
      schema: changePasswordRequest,
      valid: () => ({ old: 'not the password', new: 'a new password 1' }),
    },
  },
  { route: 'GET /api/v1/a/cashier/account_balance', auth: 'session' },
  { route: 'GET /api/v1/a/cashier/devices', auth: 'session' },
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
  const paramNames = Object.keys(route.params ?? {});
  const pathWith = (override: Record<string, string> = {}) =>
    template.replace(/:(\w+)/g, (_, name: string) => override[name] ?? route.params![name]!(f));
  const credentials: Record<string, string> =
    route.auth === 'session'
      ? { cookie: `x-token=${f.token}` }
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
    if (fields.length > 0) {
      kinds.push(
        fc
          .tuple(fc.constantFrom(...fields), hostileValue)
          .map(([field, value]) => ({ field, body: { ...valid(f), [field]: value } }))
          .filter(({ body }) => !accepts(route, body))
          .map(({ field, body }) => json(body, `field ${field} = ${preview(body[field])}`)),
        fc
          .constantFrom(...fields)
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
        if (route.auth === 'session') headers.cookie = `x-token=${value}`;
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
        .filter((value) => value !== f.phone.pin)
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

describe.each(testDatabases)('hostile input on $name', (database) => {
  let db: Db;
  let server: TestServer;
  let fixture: Fixture;

  beforeAll(async () => {
    db = await database.open();
    server = await startTestServer(db, { config: { enrollmentOpen: true } });
    const venue = await createVenue(db, { float: 1_000_00, home_play: true });
    const { client } = await cashierClient(server, db, venue.id);
    const cabinet = await linkCabinet(server, client);
    const phone = await linkRemote(server, client);
    fixture = { token: client.token!, cabinet, phone };
  });

  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('has a row for every route the server declares', () => {
    expect(ROUTES.map((r) => r.route).sort()).toEqual(declaredRoutes(server.app).sort());
  });

  const fuzzed = ROUTES.filter((r) => !r.noInput);
  it.each(fuzzed)(
    '$route: every hostile request is refused in the contract format and changes nothing',
    async (route) => {
      const before = await databaseSnapshot(db);
      await fc.assert(
        fc.asyncProperty(hostileRequests(route, fixture), async (request) => {
          const { method } = request as HostileRequest & { method: string };
          const res = await fetch(`${server.baseUrl}${request.path}`, {
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
          expect(await databaseSnapshot(db), where).toBe(before);
        }),
        { numRuns: 100 },
      );
    },
  );
});
