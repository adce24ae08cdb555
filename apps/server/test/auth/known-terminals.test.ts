// Known terminals (auth/device-cookie.ts, docs/security.md) on every test database: a
// terminal that signed in as a login before holds a signed device cookie, and signs in while an attacker
// keeps that login or the venue's address locked; unknown clients keep the sign-in throttle.
import { randomBytes, randomInt } from 'node:crypto';
import { API_BASE, ERR } from '@cashdesk/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEVICE_COOKIE_MAX_AGE_S,
  DEVICE_COOKIE_PREFIX,
  deviceCookieName,
} from '../../src/auth/device-cookie.js';
import { SignInThrottle } from '../../src/auth/throttle.js';
import type { Db } from '../../src/db/database.js';
import { FakeClock, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import {
  createUserWithPassword,
  parseCookieAttributes,
  startTestServer,
  type PasswordUser,
  type TestResponse,
  type TestServer,
} from '../helpers/server.js';

describe.each(testDatabases)('known terminals on $name', (database) => {
  let db: Db;
  let clock: FakeClock;
  let server: TestServer;
  /** This test's own addresses, so tests sharing the database never share a throttle key. */
  let net: string;
  const ip = (host: number): string => `${net}.${host}`;

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    clock = new FakeClock();
    net = `10.${randomInt(256)}.${randomInt(256)}`;
    server = await startTestServer(db, { clock, config: { trustProxy: true } });
  });
  afterEach(async () => {
    await server.close();
  });

  /** A sign-in from `address`, sending `cookie` (a device cookie, `name=value`) when given. */
  function signIn(
    login: string,
    password: string,
    address: string,
    cookie?: string,
    target: TestServer = server,
  ): Promise<TestResponse<Record<string, unknown>>> {
    const headers: Record<string, string> = { 'x-forwarded-for': address };
    if (cookie !== undefined) headers.cookie = cookie;
    return target.client().post('/sign_in', { login, password, remember: false }, headers);
  }

  /** The device cookie a sign-in answer set, as `name=value`, or null. */
  function deviceCookieOf(res: TestResponse<unknown>): string | null {
    const set = res.headers.getSetCookie().find((c) => c.startsWith(DEVICE_COOKIE_PREFIX));
    return set ? (set.split(';')[0] ?? null) : null;
  }

  /** Signs `user` in from `address` and returns the device cookie it got. */
  async function knownTerminal(user: PasswordUser, address: string): Promise<string> {
    const res = await signIn(user.login, user.password, address);
    expect(res.status).toBe(200);
    const cookie = deviceCookieOf(res);
    if (cookie === null) throw new Error('no device cookie');
    return cookie;
  }

  /** An attacker who knows the login fails from 20 addresses: the login is locked for unknown clients. */
  async function lockLogin(login: string): Promise<void> {
    for (let i = 0; i < 20; i++) await signIn(login, `guess ${i}`, ip(100 + i));
  }

  it('sets a signed, HttpOnly, SameSite=Strict device cookie naming the login at each sign-in, only for sign-in', async () => {
    const user = await createUserWithPassword(db);
    const failed = await signIn(user.login, 'wrong password', ip(1));
    expect(deviceCookieOf(failed)).toBeNull();

    const res = await signIn(user.login, user.password, ip(1));
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(DEVICE_COOKIE_PREFIX))!;
    const [name, value] = setCookie.split(';')[0]!.split('=') as [string, string];
    expect(name).toBe(deviceCookieName(user.login));
    const [login, issuedAt, nonce, signature] = value.split('.');
    expect(Buffer.from(login!, 'base64url').toString()).toBe(user.login);
    expect(Number(issuedAt)).toBe(clock.now());
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(parseCookieAttributes(setCookie)).toMatchObject({
      httponly: '',
      samesite: 'Strict',
      path: `${API_BASE}/sign_in`,
      'max-age': String(DEVICE_COOKIE_MAX_AGE_S),
    });
    // The next sign-in gets a new one.
    const again = await signIn(user.login, user.password, ip(1), `${name}=${value}`);
    expect(deviceCookieOf(again)).not.toBe(`${name}=${value}`);
  });

  it('lets the device-cookie holder sign in while an attacker keeps the login locked, lock after lock', async () => {
    const user = await createUserWithPassword(db);
    let cookie = await knownTerminal(user, ip(1));
    await lockLogin(user.login);
    // Without its cookie the same terminal waits like anyone else...
    expect((await signIn(user.login, user.password, ip(1))).body).toEqual({
      err: ERR.tooManyAttempts,
      retry_after: 60,
    });
    let lockS = 60;
    for (let round = 0; round < 3; round++) {
      // ...with it, it is in, while the attacker re-arms the lock as soon as it runs out.
      const res = await signIn(user.login, user.password, ip(1), cookie);
      expect(res.status).toBe(200);
      cookie = deviceCookieOf(res)!;
      clock.advance(lockS * SECOND);
      expect((await signIn(user.login, `probe ${round}`, ip(150))).status).toBe(403);
      lockS *= 2;
      expect((await signIn(user.login, user.password, ip(2))).body).toEqual({
        err: ERR.tooManyAttempts,
        retry_after: lockS,
      });
    }
  });

  it('lets a known terminal in behind an address a flood of 90 failures with any logins holds (a venue NAT)', async () => {
    const user = await createUserWithPassword(db);
    const cookie = await knownTerminal(user, ip(7));
    // 90 failed sign-ins as the throttle counts them (SignInThrottle.begin, never succeeded), without
    // 90 slow hash checks.
    const flood = new SignInThrottle(db, clock);
    for (let i = 0; i < 90; i++) expect((await flood.begin(`nobody_${i}_${net}`, ip(7))).allowed).toBe(true);
    expect((await signIn(user.login, user.password, ip(7))).body).toEqual({
      err: ERR.tooManyAttempts,
      retry_after: 60,
    });
    expect((await signIn(user.login, user.password, ip(7), cookie)).status).toBe(200);
  });

  it('locks a device cookie after 5 wrong passwords by its own count, which holds nobody else', async () => {
    const user = await createUserWithPassword(db);
    const cookie = await knownTerminal(user, ip(1));
    for (let i = 0; i < 5; i++) {
      expect((await signIn(user.login, `typo ${i}`, ip(1), cookie)).body).toEqual({ err: ERR.userNotFound });
    }
    expect((await signIn(user.login, user.password, ip(1), cookie)).body).toEqual({
      err: ERR.tooManyAttempts,
      retry_after: 30,
    });
    // Its failures were the cookie's alone: neither the login nor this address is held by them.
    expect((await signIn(user.login, user.password, ip(1))).status).toBe(200);
    clock.advance(30 * SECOND);
    expect((await signIn(user.login, user.password, ip(1), cookie)).status).toBe(200);
  });

  it("starts a device cookie's count over at each right password, as a pair's", async () => {
    const user = await createUserWithPassword(db);
    const cookie = await knownTerminal(user, ip(1));
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) {
        expect((await signIn(user.login, `typo ${i}`, ip(1), cookie)).body).toEqual({
          err: ERR.userNotFound,
        });
      }
      expect((await signIn(user.login, user.password, ip(1), cookie)).status).toBe(200);
    }
  });

  it('counts a burst of parallel guesses with one device cookie one by one: exactly 5 are checked', async () => {
    const user = await createUserWithPassword(db);
    const cookie = await knownTerminal(user, ip(1));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(user.login, `parallel ${i}`, ip(1), cookie)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([
      ...Array<number>(5).fill(403),
      ...Array<number>(7).fill(429),
    ]);
  });

  it('treats a cookie of another login, a tampered, forged or expired one as an unknown client', async () => {
    const user = await createUserWithPassword(db);
    const other = await createUserWithPassword(db);
    const cookie = await knownTerminal(user, ip(1));
    const otherCookie = await knownTerminal(other, ip(1));
    await lockLogin(user.login);
    const [, value] = cookie.split('=') as [string, string];
    const [login, issuedAt, nonce, signature] = value.split('.') as [string, string, string, string];
    const named = (v: string) => `${deviceCookieName(user.login)}=${v}`;
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const refused = [
      // The other login's cookie, renamed to this login's cookie name.
      named(otherCookie.split('=')[1]!),
      named([login, issuedAt, flip(nonce), signature].join('.')),
      named([login, String(Number(issuedAt) + 1), nonce, signature].join('.')),
      named([login, issuedAt, nonce, flip(signature)].join('.')),
      named(
        [login, issuedAt, randomBytes(16).toString('base64url'), randomBytes(32).toString('base64url')].join(
          '.',
        ),
      ),
      named('garbage'),
    ];
    for (const bad of refused) {
      expect((await signIn(user.login, user.password, ip(1), bad)).status, bad).toBe(429);
    }
    expect((await signIn(user.login, user.password, ip(1), cookie)).status).toBe(200);
  });

  it('stops trusting a device cookie 180 days after it was issued', async () => {
    const user = await createUserWithPassword(db);
    const cookie = await knownTerminal(user, ip(1));
    clock.advance(DEVICE_COOKIE_MAX_AGE_S * SECOND - SECOND);
    await lockLogin(user.login);
    expect((await signIn(user.login, user.password, ip(1), cookie)).status).toBe(200);
    clock.advance(SECOND);
    expect((await signIn(user.login, user.password, ip(1), cookie)).status).toBe(429);
  });

  it('keeps its signing secret in the database, so another server process trusts the cookie too', async () => {
    const user = await createUserWithPassword(db);
    const cookie = await knownTerminal(user, ip(1));
    const secrets = await db.kysely
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'device_cookie_secret')
      .execute();
    expect(secrets).toHaveLength(1);
    const second = await startTestServer(db, { clock, config: { trustProxy: true } });
    try {
      await lockLogin(user.login);
      expect((await signIn(user.login, user.password, ip(1), undefined, second)).status).toBe(429);
      expect((await signIn(user.login, user.password, ip(1), cookie, second)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
