// The two figures of sign-in throttling (auth/throttle.ts, docs/security.md "Sign-in throttling"), on every
// test database with a fake clock: how many password checks of one login an attacker gets in 24 hours
// from any number of addresses (NIST 800-63B: fewer than 100), and how long someone probing made-up
// logins once a second from a venue's one NAT address keeps a cashier at a new terminal there out.
import { randomBytes, randomInt } from 'node:crypto';
import { ERR } from '@cashdesk/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignInThrottle } from '../../src/auth/throttle.js';
import type { Db } from '../../src/db/database.js';
import { DAY, FakeClock, HOUR, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import {
  createUserWithPassword,
  startTestServer,
  type TestResponse,
  type TestServer,
} from '../helpers/server.js';

describe.each(testDatabases)('the sign-in budget on $name', (database) => {
  let db: Db;
  let clock: FakeClock;
  let server: TestServer;
  /** This test's own network, so tests sharing the database never share an address key. */
  let net: string;
  let hosts = 0;
  /** A fresh address each call: the attacker of a botnet, whom no pair or address key holds. */
  const freshAddress = (): string => {
    hosts += 1;
    return `${net}.${Math.floor(hosts / 250)}.${hosts % 250}`;
  };

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    clock = new FakeClock();
    net = `10.${randomInt(256)}`;
    hosts = 0;
    server = await startTestServer(db, { clock, config: { trustProxy: true } });
  });
  afterEach(async () => {
    await server.close();
  });

  function signIn(
    login: string,
    password: string,
    address: string,
  ): Promise<TestResponse<Record<string, unknown>>> {
    const headers = { 'x-forwarded-for': address };
    return server.client().post('/sign_in', { login, password, remember: false }, headers);
  }

  it('gives an attacker with any number of addresses 71 password checks of one login in 24 hours, and no fresh count after a pause', async () => {
    const { login } = await createUserWithPassword(db);
    // The best strategy against this throttle: a lock's length depends only on the login's count, a
    // refused attempt is not counted, and the count starts over only after 24 hours without a failure
    // past a lock's end. So within a day waiting earns nothing, and the most checks come from guessing
    // again the moment each lock ends, each time from an address no pair or address key has seen.
    const start = clock.now();
    let checks = 0;
    while (clock.now() < start + DAY) {
      const res = await signIn(login, `guess ${checks}`, freshAddress());
      if (res.status === 403) {
        checks += 1;
      } else {
        expect(res.status).toBe(429);
        const { retry_after: retryAfter } = res.body as { retry_after: number };
        clock.advance(retryAfter * SECOND);
      }
    }
    // 20 at once, then at the ends of locks of 1, 2, 4, 8 and 16 min, then one each 30 min: 20 + 4 + 47.
    expect(checks).toBe(71);
    expect(checks).toBeLessThan(100);

    // Two quiet hours, in which another sign-in purges what the throttle no longer needs: the login's
    // count is kept, so the next guess locks it for 30 min at once (the old 15-minute window gave a fresh
    // 19 guesses after each pause).
    clock.advance(2 * HOUR);
    expect(
      (await signIn(`nobody_${randomBytes(4).toString('hex')}`, 'a wrong password', freshAddress())).status,
    ).toBe(403);
    expect((await signIn(login, 'after the pause', freshAddress())).status).toBe(403);
    expect((await signIn(login, 'and again', freshAddress())).body).toEqual({
      err: ERR.tooManyAttempts,
      retry_after: 30 * 60,
    });
  });

  it('lets a cashier at a new terminal behind the venue address in at once while someone there probes made-up logins once a second', async () => {
    const cashier = await createUserWithPassword(db);
    const venue = freshAddress();
    // The probes count exactly what a failed sign-in from the venue counts (SignInThrottle.begin, never
    // succeeded): driven on the module, so five minutes of them stay cheap; the cashier signs in over HTTP.
    const throttle = new SignInThrottle(db, clock);
    const waits: number[] = [];
    for (let second = 0; second < 300; second += 1) {
      const probe = await throttle.begin(`made_up_${second}_${randomBytes(3).toString('hex')}`, venue);
      expect(probe.allowed).toBe(true);
      if (second % 97 === 61) {
        // A cashier who never signed in at this terminal (no device cookie), half a second after a probe.
        clock.advance(SECOND / 2);
        const arrived = clock.now();
        let res = await signIn(cashier.login, cashier.password, venue);
        while (res.status === 429) {
          clock.advance((res.body as { retry_after: number }).retry_after * SECOND);
          res = await signIn(cashier.login, cashier.password, venue);
        }
        expect(res.status).toBe(200);
        waits.push((clock.now() - arrived) / SECOND);
        clock.advance(SECOND / 2);
      } else {
        clock.advance(SECOND);
      }
    }
    expect(waits).toEqual([0, 0, 0]);
  });
});
