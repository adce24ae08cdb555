// Sign-in throttling (throttle.ts, docs/security.md) on every test database: over HTTP as a cashier and
// an attacker see it, and the lock schedule straight on the module.
import { randomBytes, randomInt } from 'node:crypto';
import { ERR } from '@cashdesk/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignInThrottle, type ThrottleDecision } from '../../src/auth/throttle.js';
import type { Db } from '../../src/db/database.js';
import { FakeClock, MINUTE, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import {
  createUserWithPassword,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../helpers/server.js';

describe.each(testDatabases)('sign-in throttling on $name', (database) => {
  let db: Db;
  let clock: FakeClock;
  /** This test's own addresses and login, so tests sharing the database never share a throttle key. */
  let net: string;
  let login: string;
  const ip = (host: number): string => `${net}.${host}`;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(() => {
    clock = new FakeClock();
    net = `10.${randomInt(256)}.${randomInt(256)}`;
    login = `cashier_${randomBytes(4).toString('hex')}`;
  });

  describe('over HTTP', () => {
    let server: TestServer;
    beforeEach(async () => {
      // Behind a trusted proxy, so each client can come from its own address.
      server = await startTestServer(db, { clock, config: { trustProxy: true } });
    });
    afterEach(async () => {
      await server.close();
    });

    const from = (ip: string): TestClient => server.client({ headers: { 'x-forwarded-for': ip } });

    it('locks a login at one address after 5 wrong passwords, refuses even the right one, then lets it in', async () => {
      const { login, password } = await createUserWithPassword(db);
      const cashier = from(ip(1));
      for (let i = 0; i < 5; i += 1) {
        expect((await cashier.signIn(login, 'wrong password')).body).toEqual({ err: ERR.userNotFound });
      }
      const locked = await cashier.signIn(login, password);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ err: ERR.tooManyAttempts, retry_after: 30 });
      expect(locked.headers.get('retry-after')).toBe('30');
      expect(cashier.token).toBeNull();

      clock.advance(20 * SECOND);
      expect((await cashier.signIn(login, password)).body).toEqual({
        err: ERR.tooManyAttempts,
        retry_after: 10,
      });
      clock.advance(10 * SECOND);
      expect((await cashier.signIn(login, password)).status).toBe(200);
      expect((await cashier.get('/a/me')).status).toBe(200);

      // The success cleared the count: a later typo is just a typo.
      const again = from(ip(1));
      expect((await again.signIn(login, 'wrong password')).status).toBe(403);
      expect((await again.signIn(login, password)).status).toBe(200);
    });

    it('does not lock the same login from another address, nor another login from this address', async () => {
      const target = await createUserWithPassword(db);
      const colleague = await createUserWithPassword(db);
      const attacker = from(ip(66));
      for (let i = 0; i < 5; i += 1) await attacker.signIn(target.login, 'wrong password');
      expect((await attacker.signIn(target.login, target.password)).status).toBe(429);

      expect((await from(ip(1)).signIn(target.login, target.password)).status).toBe(200);
      expect((await from(ip(66)).signIn(colleague.login, colleague.password)).status).toBe(200);
    });

    it('locks a login tried from many addresses for only 60 s, after which the real cashier signs in', async () => {
      const { login, password } = await createUserWithPassword(db);
      for (let i = 1; i <= 20; i += 1) {
        expect((await from(ip(100 + i)).signIn(login, 'guess-' + i)).status).toBe(403);
      }
      const cashier = from(ip(1));
      const locked = await cashier.signIn(login, password);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ err: ERR.tooManyAttempts, retry_after: 60 });

      clock.advance(60 * SECOND);
      expect((await cashier.signIn(login, password)).status).toBe(200);
    });

    it('lets no more than 5 guesses through when they arrive all at once', async () => {
      const { login } = await createUserWithPassword(db);
      const attacker = from(ip(66));
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => attacker.signIn(login, `parallel guess ${i}`)),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array<number>(5).fill(403), ...Array<number>(7).fill(429)]);
    });

    it('throttles wrong old passwords on change-password like sign-in', async () => {
      const { login, password } = await createUserWithPassword(db);
      const cashier = from(ip(1));
      expect((await cashier.signIn(login, password)).status).toBe(200);
      for (let i = 0; i < 5; i += 1) {
        const res = await cashier.post('/a/change_password', { old: `wrong ${i}`, new: 'brand new pass' });
        expect(res.status).toBe(422);
      }
      const locked = await cashier.post('/a/change_password', { old: password, new: 'brand new pass' });
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ err: ERR.tooManyAttempts });
    });
  });

  describe('the lock schedule', () => {
    let throttle: SignInThrottle;
    beforeEach(() => {
      throttle = new SignInThrottle(db, clock);
    });

    /** A failed attempt: the throttle counts it before the password is checked, so nothing more to do. */
    async function fail(login: string, ip: string): Promise<ThrottleDecision> {
      return throttle.begin(login, ip);
    }

    function retryAfter(decision: ThrottleDecision): number | null {
      return decision.allowed ? null : decision.retryAfterS;
    }

    it('doubles the pair lock from 30 s with each further failure, up to 15 min', async () => {
      const locks: number[] = [];
      for (let i = 0; i < 4; i += 1) expect((await fail(login, ip(1))).allowed).toBe(true);
      for (let i = 0; i < 7; i += 1) {
        expect((await fail(login, ip(1))).allowed).toBe(true); // failures 5 ... 11
        const refused = retryAfter(await throttle.begin(login, ip(1)));
        expect(refused).not.toBeNull();
        locks.push(refused ?? 0);
        clock.advance((refused ?? 0) * SECOND); // wait the lock out, then fail again
      }
      expect(locks).toEqual([30, 60, 120, 240, 480, 900, 900]);
    });

    it('forgets the count 15 minutes after the window started and the last lock ended', async () => {
      for (let i = 0; i < 4; i += 1) await fail(login, ip(1));
      clock.advance(15 * MINUTE);
      for (let i = 0; i < 4; i += 1) expect((await fail(login, ip(1))).allowed).toBe(true);
      expect((await throttle.begin(login, ip(1))).allowed).toBe(true); // 5th of the new window
      expect(retryAfter(await throttle.begin(login, ip(1)))).toBe(30);
    });

    it('holds an address flooding made-up logins from the 90th failure in a minute, 60 s doubling to 15 min', async () => {
      const locks: number[] = [];
      let i = 0;
      for (let round = 0; round < 6; round += 1) {
        // Two failures a second until the address is held, then the flood waits the delay out.
        let decision = await fail(`${login}_${i}`, ip(66));
        while (decision.allowed) {
          i += 1;
          clock.advance(SECOND / 2);
          decision = await fail(`${login}_${i}`, ip(66));
        }
        locks.push(decision.retryAfterS);
        expect((await throttle.begin(`${login}_fresh`, ip(1))).allowed).toBe(true);
        clock.advance(decision.retryAfterS * SECOND);
      }
      // Each refusal comes half a second after the failure that set the lock: rounded up, the full lock.
      // (Once a second never gets there: sign-in-budget.test.ts.)
      expect(locks).toEqual([60, 120, 240, 480, 900, 900]);
      // A minute's quiet past the lock's end and the count starts over.
      clock.advance(MINUTE);
      for (let j = 0; j < 89; j += 1) expect((await fail(`${login}_quiet_${j}`, ip(66))).allowed).toBe(true);
    });

    it('gives a successful attempt back to the address and login counts', async () => {
      for (let i = 0; i < 19; i += 1) await fail(login, ip(200 + i));
      const right = await throttle.begin(login, ip(1)); // the 20th: it sets the login lock
      expect(right.allowed).toBe(true);
      if (right.allowed) await throttle.succeeded(right.attempt);
      // The cashier's own success neither locks the login nor uses up a count.
      expect((await throttle.begin(login, ip(2))).allowed).toBe(true); // 20th failure
      expect(retryAfter(await throttle.begin(login, ip(3)))).toBe(60);
    });

    it('does not count refused attempts, so a lock is not extended by knocking', async () => {
      for (let i = 0; i < 5; i += 1) await fail(login, ip(1));
      for (let i = 0; i < 10; i += 1) expect((await throttle.begin(login, ip(1))).allowed).toBe(false);
      clock.advance(30 * SECOND);
      expect((await fail(login, ip(1))).allowed).toBe(true);
      expect(retryAfter(await throttle.begin(login, ip(1)))).toBe(60); // 6th failure, not 16th
    });
  });
});
