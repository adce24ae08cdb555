// The till lock (docs/web-app.md) over HTTP on every test database: a locked session's data calls answer
// 423 in every tab, only the cashier's own password opens it, unlock attempts are limited per session
// (the session ends after 5 wrong ones), and no sign-in lock keeps the cashier out of their own till.
import { randomInt } from 'node:crypto';
import { ERR } from '@cashdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../../src/auth/session-token.js';
import { UNLOCK_MAX_WRONG } from '../../src/lock/lock.routes.js';
import { FakeClock, MINUTE } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { createSignedInUser, type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

describe.each(testDatabases)('till lock on $name', (database) => {
  let accountId: number;
  const clock = new FakeClock();
  // Behind a trusted proxy, so each test comes from its own address and keeps its own throttle keys.
  const suite = useTestServer(database, {
    clock,
    config: { trustProxy: true, tillLock: { autoLockAfterMs: 15 * MINUTE } },
  });
  beforeAll(async () => {
    accountId = (await createVenue(suite.db)).id;
  });

  /** A cashier of the venue signed in through /sign_in from an address of its own. */
  async function cashier() {
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const signedIn = await createSignedInUser(suite.server, {
      account_id: accountId,
      client: { headers: { 'x-forwarded-for': address } },
    });
    return { ...signedIn, address };
  }

  /** The calls a terminal makes for data: each must be refused while the till is locked. */
  const dataCalls = (client: TestClient) => [
    client.get('/a/cashier/account_balance'),
    client.get('/a/cashier/devices'),
    client.post('/a/cashier/report', { device_ids: [], from: '2026-11-22', to: '2026-11-23' }),
    client.post('/a/change_password', { old: 'whatever-1', new: 'whatever-2' }),
  ];

  it('reports an unlocked till with the configured auto-lock time', async () => {
    const { client } = await cashier();
    const res = await client.get('/a/lock');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { locked: false, auto_lock_after_ms: 15 * MINUTE },
    });
  });

  it('refuses every data call with 423 while locked, in every tab of the session, and still says who is signed in', async () => {
    const { client, user } = await cashier();
    const secondTab = client.clone();
    expect((await client.get('/a/cashier/devices')).status).toBe(200);

    const locked = await client.post('/a/lock');
    expect(locked.body).toEqual({ locked: true, auto_lock_after_ms: 15 * MINUTE });

    for (const tab of [client, secondTab]) {
      for (const res of await Promise.all(dataCalls(tab))) {
        expect({ status: res.status, body: res.body }).toEqual({
          status: 423,
          body: { err: ERR.tillLocked },
        });
      }
      expect((await tab.get('/a/lock')).body).toMatchObject({ locked: true });
      const me = await tab.get('/a/me');
      expect({ status: me.status, id: me.body.id }).toEqual({ status: 200, id: user.id });
    }
  });

  it('does not lock the same cashier signed in elsewhere (another session)', async () => {
    const first = await cashier();
    const elsewhere = suite.server.client();
    expect((await elsewhere.signIn(first.login, first.password)).status).toBe(200);
    await first.client.post('/a/lock');
    expect((await first.client.get('/a/cashier/devices')).status).toBe(423);
    expect((await elsewhere.get('/a/cashier/devices')).status).toBe(200);
  });

  it('keeps the first lock time when locked twice', async () => {
    const { client } = await cashier();
    const lockedAt = async () =>
      (
        await suite.db.kysely
          .selectFrom('sessions')
          .select('locked_at_ms')
          .where('token_hash', '=', hashSessionToken(client.token ?? ''))
          .executeTakeFirstOrThrow()
      ).locked_at_ms;
    expect(await lockedAt()).toBeNull();
    await client.post('/a/lock');
    const first = clock.now();
    expect(await lockedAt()).toBe(first);
    clock.advance(MINUTE);
    expect((await client.post('/a/lock')).body).toMatchObject({ locked: true });
    expect(await lockedAt()).toBe(first);
  });

  it("opens with the cashier's own password only; a wrong one is 422 and the till stays locked", async () => {
    const { client, password } = await cashier();
    const other = await cashier();
    await client.post('/a/lock');

    const wrong = await client.post('/a/unlock', { password: 'not-my-password' });
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 422,
      body: { err: ERR.wrongPassword },
    });
    const someoneElses = await client.post('/a/unlock', { password: `${other.password}-x` });
    expect(someoneElses.status).toBe(422);
    expect((await client.get('/a/cashier/devices')).status).toBe(423);

    const right = await client.post('/a/unlock', { password });
    expect({ status: right.status, body: right.body }).toEqual({
      status: 200,
      body: { locked: false, auto_lock_after_ms: 15 * MINUTE },
    });
    expect((await client.get('/a/cashier/devices')).status).toBe(200);
  });

  it('checks the unlock request: a missing or too long password is 400 and counts for nothing', async () => {
    const { client, password } = await cashier();
    await client.post('/a/lock');
    for (const body of [{}, { password: '' }, { password: 'p'.repeat(65) }, { password, extra: 1 }]) {
      expect((await client.post('/a/unlock', body)).status).toBe(400);
    }
    expect((await client.post('/a/unlock', { password })).status).toBe(200);
  });

  it(`ends the session after ${UNLOCK_MAX_WRONG} wrong passwords in a row; the cashier signs in again`, async () => {
    const { client, password, login, address } = await cashier();
    await client.post('/a/lock');
    const sameSession = client.clone();
    for (let i = 0; i < UNLOCK_MAX_WRONG - 1; i++) {
      expect((await client.post('/a/unlock', { password: `wrong-${i}` })).status).toBe(422);
    }
    const last = await client.post('/a/unlock', { password: 'wrong-last' });
    expect({ status: last.status, body: last.body }).toEqual({
      status: 401,
      body: { err: ERR.unauthorized },
    });
    expect(client.token).toBeNull(); // the cookie was cleared
    // The session is gone: not even the right password opens it now.
    expect((await sameSession.post('/a/unlock', { password })).status).toBe(401);
    // The lock screen's tries do not count for sign-in: the cashier is straight back in.
    const again = suite.server.client({ headers: { 'x-forwarded-for': address } });
    expect((await again.signIn(login, password)).status).toBe(200);
    expect((await again.get('/a/lock')).body).toMatchObject({ locked: false });
  });

  it('gives a session its 5 tries afresh after each unlock', async () => {
    const { client, password } = await cashier();
    for (let round = 0; round < 3; round++) {
      await client.post('/a/lock');
      for (let i = 0; i < UNLOCK_MAX_WRONG - 1; i++) {
        expect((await client.post('/a/unlock', { password: `wrong-${i}` })).status).toBe(422);
      }
      expect((await client.post('/a/unlock', { password })).body).toMatchObject({ locked: false });
    }
  });

  it('checks at most 5 passwords of a burst of parallel unlock guesses, then the session is gone', async () => {
    const { client, password } = await cashier();
    await client.post('/a/lock');
    const token = client.token;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const tab = client.clone();
        tab.token = token;
        return tab.post('/a/unlock', { password: `parallel-${i}` });
      }),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array<number>(8).fill(401), ...Array<number>(4).fill(422)]);
    const again = client.clone();
    again.token = token;
    expect((await again.post('/a/unlock', { password })).status).toBe(401);
  });

  it('opens for its cashier while an attacker keeps the login and the address locked for sign-in', async () => {
    const { client, password, login, address } = await cashier();
    await client.post('/a/lock');
    const from = (ip: string) => suite.server.client({ headers: { 'x-forwarded-for': ip } });
    // 20 failures from anywhere lock the login; 30 from the cashier's own address lock the address.
    for (let i = 0; i < 20; i++) await from(`192.0.2.${i + 1}`).signIn(login, `guess ${i}`);
    for (let i = 0; i < 30; i++) await from(address).signIn(`nobody_${i}_${address}`, 'guess');
    expect((await from(address).signIn(login, password)).status).toBe(429);
    expect((await from('10.255.255.254').signIn(login, password)).status).toBe(429);

    expect((await client.post('/a/unlock', { password })).body).toMatchObject({ locked: false });
    expect((await client.get('/a/cashier/devices')).status).toBe(200);
  });

  it('lets a locked cashier log out, and a new sign-in starts unlocked', async () => {
    const { client, login, password } = await cashier();
    await client.post('/a/lock');
    const out = await client.post('/a/sign_out');
    expect({ status: out.status, body: out.body }).toEqual({ status: 200, body: { ok: true } });
    expect((await client.get('/a/lock')).status).toBe(401);
    expect((await client.signIn(login, password)).status).toBe(200);
    expect((await client.get('/a/lock')).body).toMatchObject({ locked: false });
    expect((await client.get('/a/cashier/devices')).status).toBe(200);
  });

  it('answers 401, not 423, without a session', async () => {
    const anonymous = suite.server.client();
    for (const res of [
      await anonymous.get('/a/lock'),
      await anonymous.post('/a/lock'),
      await anonymous.post('/a/unlock', { password: 'x' }),
    ]) {
      expect(res.status).toBe(401);
    }
  });
});
