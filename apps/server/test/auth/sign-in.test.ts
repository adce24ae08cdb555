// Sign-in, me and sign-out over HTTP, on every test database: what a browser and a cashier see.
import { ERR, type User } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import {
  createSignedInUser,
  createUserWithPassword,
  parseCookieAttributes,
  startTestServer,
} from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

describe.each(testDatabases)('sign-in on $name', (database) => {
  // One database and server per file: every test makes its own users, so they do not meet.
  const suite = useTestServer(database);

  it('signs one login in from one address many times at once: every attempt answers 200', async () => {
    // Each right password clears the pair's row while the others wait on its lock: they write it again
    // (auth/throttle.repository.ts lockThrottleRows), never a 500. A double click does this; so do two
    // approvals at once.
    const venue = await createVenue(suite.db);
    const { login, password } = await createUserWithPassword(suite.db, { account_id: venue.id });
    // Four at once: under the pair's threshold of five, which counts each attempt until it succeeds.
    for (let round = 0; round < 12; round++) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => suite.server.client().signIn(login, password)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(4).fill(200));
    }
  });

  it('signs a cashier in: answers the User and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const venue = await createVenue(suite.db);
    const { user, login, password } = await createUserWithPassword(suite.db, {
      account_id: venue.id,
      name: 'Ana',
      restrictions: ['can_edit_device', 'can_register_new_device'],
    });
    const client = suite.server.client();
    const res = await client.signIn(login, password);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      name: 'Ana',
      login,
      role: 'cashier',
      account_id: venue.id,
      restrictions: ['can_edit_device', 'can_register_new_device'],
    });
    expect(res.sessionCookie).not.toBeNull();
    const attributes = parseCookieAttributes(res.sessionCookie ?? '');
    expect(attributes).toHaveProperty('httponly');
    expect(attributes.samesite).toBe('Strict');
    expect(attributes.path).toBe('/');
    // Without "remember me" it is a session cookie: it ends with the browser.
    expect(attributes).not.toHaveProperty('max-age');
    expect(attributes).not.toHaveProperty('expires');
    // Served over plain http here, so not Secure (the browser would drop it on http).
    expect(attributes).not.toHaveProperty('secure');
    expect(client.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await client.get<User>('/a/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
  });

  it('keeps the cookie for 30 days with "remember me"', async () => {
    const { login, password } = await createUserWithPassword(suite.db);
    const res = await suite.server.client().signIn(login, password, true);
    expect(res.status).toBe(200);
    expect(parseCookieAttributes(res.sessionCookie ?? '')['max-age']).toBe('2592000');
  });

  it('marks the cookie Secure when the request came over https (behind a trusted proxy)', async () => {
    const proxied = await startTestServer(suite.db, { config: { trustProxy: true } });
    try {
      const { login, password } = await createUserWithPassword(suite.db);
      const client = proxied.client({ headers: { 'x-forwarded-proto': 'https' } });
      const res = await client.signIn(login, password);
      expect(res.status).toBe(200);
      expect(parseCookieAttributes(res.sessionCookie ?? '')).toHaveProperty('secure');
    } finally {
      await proxied.close();
    }
  });

  it('gives a wrong password and an unknown login the same 403 user not found, without a cookie', async () => {
    const { login } = await createUserWithPassword(suite.db);
    const client = suite.server.client();
    const wrong = await client.signIn(login, 'not the password');
    const unknown = await client.signIn('nobody_here', 'whatever1');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ err: ERR.userNotFound });
      expect(res.sessionCookie).toBeNull();
    }
    expect(client.token).toBeNull();
    expect((await client.get('/a/me')).status).toBe(401);
  });

  it('refuses a blocked user with 403 user blocked, but only once the password is right', async () => {
    const { login, password } = await createUserWithPassword(suite.db, { blocked: true });
    const client = suite.server.client();
    const right = await client.signIn(login, password);
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ err: ERR.userBlocked });
    expect(client.token).toBeNull();
    // Without the password nobody learns that the account exists and is blocked.
    expect((await client.signIn(login, 'not the password')).body).toEqual({ err: ERR.userNotFound });
  });

  it('answers 403 user blocked on every call once a signed-in user is blocked', async () => {
    const { user, client } = await createSignedInUser(suite.server);
    await suite.db.kysely.updateTable('users').set({ blocked: 1 }).where('id', '=', user.id).execute();
    // Written behind the server's back: tell its auth cache, as every write path of the server does.
    suite.server.ctx.auth.forget({ user: user.id });
    const me = await client.get('/a/me');
    expect(me.status).toBe(403);
    expect(me.body).toEqual({ err: ERR.userBlocked });
    // Signing out still works, and ends with the cookie gone.
    expect((await client.post('/a/sign_out')).body).toEqual({ ok: true });
    expect(client.token).toBeNull();
  });

  it('answers /a/me with 401 unauthorized without a cookie or with a made-up one', async () => {
    const client = suite.server.client();
    const none = await client.get('/a/me');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ err: ERR.unauthorized });

    client.token = 'A'.repeat(43);
    const madeUp = await client.get('/a/me');
    expect(madeUp.status).toBe(401);
    expect(madeUp.body).toEqual({ err: ERR.unauthorized });
    // The dead cookie is cleared, as a browser would be told.
    expect(madeUp.sessionCookie).toMatch(/^x-token=;/);
    expect(client.token).toBeNull();
  });

  it('signs out: clears the cookie and revokes the session, so the old cookie gets 401', async () => {
    const { client } = await createSignedInUser(suite.server);
    const stolen = client.clone();

    const out = await client.post('/a/sign_out');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect(parseCookieAttributes(out.sessionCookie ?? '')['max-age']).toBe('0');
    expect(client.token).toBeNull();

    expect((await stolen.get('/a/me')).status).toBe(401);
    expect((await client.get('/a/me')).status).toBe(401);
    // Signing out again (no session left) still ends cleanly.
    expect((await stolen.post('/a/sign_out')).body).toEqual({ ok: true });
  });

  it('replaces the session a browser already had when it signs in again', async () => {
    const { client, login, password } = await createSignedInUser(suite.server);
    const before = client.clone();
    expect((await client.signIn(login, password)).status).toBe(200);
    expect(client.token).not.toBe(before.token);
    expect((await before.get('/a/me')).status).toBe(401);
    expect((await client.get('/a/me')).status).toBe(200);
  });

  describe('validation', () => {
    const cases: { name: string; body: unknown; path: string; message: string }[] = [
      {
        name: 'empty login',
        body: { login: '', password: 'secret1' },
        path: 'login',
        message: 'Enter your login',
      },
      {
        name: 'short login',
        body: { login: 'ab', password: 'secret1' },
        path: 'login',
        message: 'login is too short',
      },
      {
        name: 'long login',
        body: { login: 'a'.repeat(65), password: 'secret1' },
        path: 'login',
        message: 'login is too long',
      },
      {
        name: 'empty password',
        body: { login: 'cashier', password: '' },
        path: 'password',
        message: 'Enter your password',
      },
      {
        name: 'short password',
        body: { login: 'cashier', password: 'abc' },
        path: 'password',
        message: 'password is too short',
      },
      {
        name: 'long password',
        body: { login: 'cashier', password: 'p'.repeat(65) },
        path: 'password',
        message: 'password is too long',
      },
    ];

    it.each(cases)('answers 400 validation for $name: "$message"', async ({ body, path, message }) => {
      const res = await suite.server.client().post('/sign_in', body);
      expect(res.status).toBe(400);
      expect(res.body.err).toBe(ERR.validation);
      expect(res.body.issues).toContainEqual({ path, message });
    });

    it('accepts the limits: a 3-character login and a 64-character password reach the password check', async () => {
      const short = await suite.server.client().signIn('abc', 'p'.repeat(64));
      expect(short.status).toBe(403);
      expect(short.body).toEqual({ err: ERR.userNotFound });
    });

    it('refuses missing fields, wrong types, unknown fields and a body that is not JSON', async () => {
      const client = suite.server.client();
      for (const body of [{}, { login: 'cashier' }, { login: 5, password: 'secret1' }, null, []]) {
        const res = await client.post('/sign_in', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.err).toBe(ERR.validation);
      }
      const extra = await client.post('/sign_in', { login: 'cashier', password: 'secret1', admin: true });
      expect(extra.status).toBe(400);
      const notJson = await client.request('POST', '/sign_in', {
        body: '{"login":',
        contentType: 'application/json',
      });
      expect(notJson.status).toBe(400);
      expect(notJson.body).toMatchObject({ err: ERR.validation });
    });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a POST sent as %s with 415 (a cross-site form cannot sign in or act)',
    async (contentType) => {
      const { login, password } = await createUserWithPassword(suite.db);
      const body =
        contentType === 'application/x-www-form-urlencoded'
          ? `login=${login}&password=${password}`
          : JSON.stringify({ login, password });
      const client = suite.server.client();
      const res = await client.request('POST', '/sign_in', { body, contentType });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ err: ERR.unsupportedMediaType });
      expect(res.sessionCookie).toBeNull();
      expect(client.token).toBeNull();
    },
  );
});
