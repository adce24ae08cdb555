// The browser-facing defences, end to end over HTTP: CSRF (a cross-site form post or any POST that is
// not JSON is refused, the session cookie is SameSite=Strict and HttpOnly), security headers on every
// kind of answer (API, errors, the web app's files; HSTS only over https), and sign-in brute force
// throttled long before 100 guesses while the real cashier gets in within a minute. A JSON call to any
// state-changing API route that a browser says came from another site is refused with 403.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, ERR } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { signedInAs } from '../back-office/support.js';
import { FakeClock, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { declaredRoutes } from '../helpers/routes.js';
import {
  createSignedInUser,
  createUserWithPassword,
  parseCookieAttributes,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { databaseSnapshot } from './snapshot.js';

/** What every answer must carry; HSTS is checked apart because it depends on the scheme. */
function expectSecurityHeaders(headers: Headers, where: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, where).toBe("'self'");
  expect(csp, where).not.toMatch(/unsafe-eval/);
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("object-src 'none'");
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('x-frame-options'), where).toBe('DENY');
  expect(headers.get('referrer-policy'), where).toBe('no-referrer');
  expect(headers.get('permissions-policy'), where).toMatch(
    /camera=\(self\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/,
  );
}

describe.each(testDatabases)('HTTP security on $name', (database) => {
  let db: Db;
  let server: TestServer;
  let cashier: TestClient;
  let webDist: string;
  let deviceId: number;

  beforeAll(async () => {
    db = await database.open();
    // A built web app to serve, so its files are checked too.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/app.js"></script>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    server = await startTestServer(db, { config: { enrollmentOpen: true, trustProxy: true, webDist } });
    const venue = await createVenue(db, { float: 100_00 });
    ({ client: cashier } = await createSignedInUser(server, {
      account_id: venue.id,
      restrictions: ['can_edit_device', 'can_register_new_device'],
    }));
    const device = await server.ctx.db.kysely.selectFrom('devices').select('id').executeTakeFirst();
    deviceId = device?.id ?? 1;
  });

  afterAll(async () => {
    await server.close();
    await db.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  describe('CSRF', () => {
    const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain'];

    it('refuses a cross-site form post to every POST route with 415, even with the session cookie, and changes nothing', async () => {
      const posts = declaredRoutes(server.app).filter((r) => r.startsWith('POST '));
      expect(posts.length).toBeGreaterThan(10);
      const before = await databaseSnapshot(db);
      for (const route of posts) {
        const url =
          server.baseUrl +
          route.slice('POST '.length).replace(/:id/g, String(deviceId)).replace(':place', '1');
        for (const type of FORM_TYPES) {
          // What a form on another site would send, cookie included (a browser would not: SameSite=Strict).
          const res = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': type,
              cookie: `x-token=${cashier.token}`,
              origin: 'https://evil.example',
            },
            body: 'delta=100000&trx=aaaaaaaaaaaa&pin=12345&login=cashier&password=x',
          });
          expect({ route, type, status: res.status, body: await res.json() }).toEqual({
            route,
            type,
            status: 415,
            body: { err: ERR.unsupportedMediaType },
          });
        }
      }
      expect(await databaseSnapshot(db)).toBe(before);
    });

    it('refuses a JSON call to every state-changing API route with 403 when the browser says it came from another site', async () => {
      const posts = declaredRoutes(server.app).filter((r) => r.startsWith(`POST ${API_BASE}/`));
      expect(posts.length).toBeGreaterThan(10);
      // A cashier's and an admin's cookie: each route is one that one of them may call, so its 403 is the
      // cross-site refusal, not the role check (nor a 400 for the body, nor the call itself).
      const admin = await signedInAs(server, db, 'admin', null);
      const sessions = { cashier: cashier.token, admin: admin.client.token };
      const FOREIGN: Record<string, Record<string, string>> = {
        'Sec-Fetch-Site': { 'sec-fetch-site': 'cross-site' },
        Origin: { origin: 'https://evil.example' },
      };
      const before = await databaseSnapshot(db);
      for (const route of posts) {
        const url =
          server.baseUrl +
          route.slice('POST '.length).replace(/:id/g, String(deviceId)).replace(':place', '1');
        for (const [who, token] of Object.entries(sessions)) {
          for (const [says, headers] of Object.entries(FOREIGN)) {
            const res = await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: `x-token=${token}`, ...headers },
              body: JSON.stringify({ delta: 100_00, trx: 'aaaaaaaaaaaa', pin: '12345', reason: 'x' }),
            });
            expect({ route, who, says, status: res.status, body: await res.json() }).toEqual({
              route,
              who,
              says,
              status: 403,
              body: { err: ERR.forbidden },
            });
          }
        }
      }
      expect(await databaseSnapshot(db)).toBe(before);
    });

    it('sets the session cookie HttpOnly, SameSite=Strict, Path=/; Secure over https', async () => {
      const { login, password } = await createUserWithPassword(db);
      const plain = await server.client().signIn(login, password);
      expect(parseCookieAttributes(plain.sessionCookie!)).toMatchObject({
        httponly: '',
        samesite: 'Strict',
        path: '/',
      });
      expect(parseCookieAttributes(plain.sessionCookie!)).not.toHaveProperty('secure');
      const https = await server
        .client({ headers: { 'x-forwarded-proto': 'https' } })
        .signIn(login, password);
      expect(parseCookieAttributes(https.sessionCookie!)).toMatchObject({
        httponly: '',
        samesite: 'Strict',
        secure: '',
      });
    });
  });

  describe('security headers', () => {
    it('are on every answer: each declared route, errors of every kind, and the web app files', async () => {
      const answers: [string, Response][] = [];
      for (const route of declaredRoutes(server.app)) {
        const [method, template] = route.split(' ') as [string, string];
        const url = server.baseUrl + template.replace(/:id/g, String(deviceId)).replace(':place', '1');
        answers.push([
          `${route} signed in`,
          await fetch(url, {
            method,
            headers: { cookie: `x-token=${cashier.token}`, 'content-type': 'application/json' },
            body: method === 'POST' ? '{}' : undefined,
          }),
        ]);
        answers.push([`${route} signed out`, await fetch(url, { method })]);
      }
      answers.push(['404', await fetch(`${server.baseUrl}/api/v1/nothing`)]);
      answers.push([
        '400 bad JSON',
        await fetch(`${server.apiUrl}/sign_in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{',
        }),
      ]);
      answers.push([
        '413',
        await fetch(`${server.apiUrl}/sign_in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: 'x'.repeat(100_000) }),
        }),
      ]);
      answers.push(['400 bad URL', await fetch(`${server.apiUrl}/a/cashier/devices/%zz`)]);
      answers.push([
        '403 unknown login',
        await fetch(`${server.apiUrl}/sign_in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: 'nobody_at_all', password: 'not it at all' }),
        }),
      ]);
      answers.push([
        '415 form post',
        await fetch(`${server.apiUrl}/sign_in`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'login=a',
        }),
      ]);
      answers.push(['web index', await fetch(`${server.baseUrl}/`)]);
      answers.push(['web route fallback', await fetch(`${server.baseUrl}/devices`)]);
      answers.push(['web asset', await fetch(`${server.baseUrl}/assets/app.js`)]);
      const statuses = new Set<number>();
      for (const [where, res] of answers) {
        statuses.add(res.status);
        expectSecurityHeaders(res.headers, `${where}: ${res.status}`);
        expect(res.headers.get('strict-transport-security'), where).toBeNull();
        await res.arrayBuffer();
      }
      // The answers above covered success and each kind of refusal.
      for (const status of [200, 400, 401, 403, 404, 413, 415]) expect(statuses).toContain(status);
    });

    it('add HSTS when the request came over https (behind a trusted proxy)', async () => {
      for (const url of [`${server.baseUrl}/healthz`, `${server.apiUrl}/a/me`, `${server.baseUrl}/`]) {
        const res = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers.get('strict-transport-security'), url).toBe('max-age=31536000; includeSubDomains');
        expectSecurityHeaders(res.headers, url);
      }
    });
  });
});

describe.each(testDatabases)('sign-in brute force on $name', (database) => {
  const clock = new FakeClock();

  const suite = useTestServer(database, { clock, config: { trustProxy: true } });

  /** 100 wrong guesses at `login`, each from the address `ipOf(i)`; how many were actually checked. */
  async function guess(login: string, ipOf: (i: number) => string): Promise<number> {
    let checked = 0;
    for (let i = 0; i < 100; i++) {
      const res = await suite.server
        .client({ headers: { 'x-forwarded-for': ipOf(i) } })
        .signIn(login, `guess number ${i}`);
      if (res.status === 403) checked += 1;
      else expect(res.body).toMatchObject({ err: ERR.tooManyAttempts, retry_after: expect.any(Number) });
    }
    return checked;
  }

  it('from one address: 5 guesses are checked out of 100; the cashier at the till signs in at once', async () => {
    const { login, password } = await createUserWithPassword(suite.db);
    expect(await guess(login, () => '203.0.113.7')).toBe(5);
    const till = suite.server.client({ headers: { 'x-forwarded-for': '192.0.2.10' } });
    expect((await till.signIn(login, password)).status).toBe(200);
  });

  it('from 100 addresses: 20 guesses are checked; the cashier gets in within 60 s', async () => {
    const { login, password } = await createUserWithPassword(suite.db);
    expect(await guess(login, (i) => `198.51.100.${i + 1}`)).toBe(20);
    const till = suite.server.client({ headers: { 'x-forwarded-for': '192.0.2.11' } });
    const locked = await till.signIn(login, password);
    expect(locked.status).toBe(429);
    expect((locked.body as { retry_after: number }).retry_after).toBeLessThanOrEqual(60);
    clock.advance(60 * SECOND);
    expect((await till.signIn(login, password)).status).toBe(200);
  });
});
