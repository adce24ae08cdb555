// Session lifetime and password change over HTTP, with a fake clock, on every test database.
import { ERR } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { hashSessionToken } from '../../src/auth/session-token.js';
import { DAY, FakeClock, HOUR, MINUTE, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createSignedInUser, type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

describe.each(testDatabases)('sessions on $name', (database) => {
  // One database and server per file: every test makes its own users, so they do not meet.
  const clock = new FakeClock();
  // The defaults of config.ts, spelled out: 12 h idle, 7 days idle with "remember me".
  const suite = useTestServer(database, {
    clock,
    config: { session: { idleMs: 12 * HOUR, rememberIdleMs: 7 * DAY } },
  });

  const status = async (client: TestClient) => (await client.get('/a/me')).status;

  async function sessionRow(client: TestClient) {
    return suite.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', hashSessionToken(client.token ?? ''))
      .executeTakeFirst();
  }

  describe('expiry', () => {
    it('ends a session unused for the idle time (12 h) and deletes it; use keeps it alive', async () => {
      const busy = await createSignedInUser(suite.server);
      const away = await createSignedInUser(suite.server);
      const awayCookie = away.client.clone();
      clock.advance(12 * HOUR - SECOND);
      expect(await status(busy.client)).toBe(200);
      clock.advance(SECOND);
      expect(await status(away.client)).toBe(401);
      expect(await sessionRow(awayCookie)).toBeUndefined();
      expect(await status(busy.client)).toBe(200);
    });

    it('ends a session 24 h after sign-in however busy it is', async () => {
      const { client } = await createSignedInUser(suite.server);
      for (let h = 0; h < 23; h += 1) {
        clock.advance(HOUR);
        expect(await status(client)).toBe(200);
      }
      clock.advance(HOUR - SECOND);
      expect(await status(client)).toBe(200);
      clock.advance(SECOND);
      expect(await status(client)).toBe(401);
    });

    it('keeps a "remember me" session through a week away, and ends it 30 days after sign-in', async () => {
      const { client } = await createSignedInUser(suite.server, { remember: true });
      const signedInAt = clock.now();
      clock.advance(7 * DAY - MINUTE);
      expect(await status(client)).toBe(200);
      while (clock.now() + 6 * DAY < signedInAt + 30 * DAY) {
        clock.advance(6 * DAY);
        expect(await status(client)).toBe(200);
      }
      clock.set(signedInAt + 30 * DAY - SECOND);
      expect(await status(client)).toBe(200);
      clock.advance(SECOND);
      expect(await status(client)).toBe(401);
    });

    it('ends a "remember me" session unused for 7 days', async () => {
      const { client } = await createSignedInUser(suite.server, { remember: true });
      clock.advance(7 * DAY);
      expect(await status(client)).toBe(401);
    });

    it('writes last use at most once a minute, however often the web polls', async () => {
      const { client } = await createSignedInUser(suite.server);
      const signedInAt = clock.now();
      for (let i = 0; i < 11; i += 1) {
        clock.advance(5 * SECOND);
        expect(await status(client)).toBe(200);
      }
      expect((await sessionRow(client))?.last_seen_at_ms).toBe(signedInAt);
      clock.advance(5 * SECOND); // a minute since sign-in
      expect(await status(client)).toBe(200);
      expect((await sessionRow(client))?.last_seen_at_ms).toBe(signedInAt + MINUTE);
    });
  });

  describe('change password', () => {
    it('refuses a wrong old password with 422 wrong password and changes nothing', async () => {
      const { client, login, password } = await createSignedInUser(suite.server);
      const res = await client.post('/a/change_password', { old: 'not the password', new: 'brand new pass' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ err: ERR.wrongPassword });
      expect(await status(client)).toBe(200);
      expect((await suite.server.client().signIn(login, password)).status).toBe(200);
    });

    it('changes it: other sessions end, this one stays, only the new password signs in', async () => {
      const { client, login, password, user } = await createSignedInUser(suite.server);
      const phone = suite.server.client();
      expect((await phone.signIn(login, password)).status).toBe(200);
      const other = await createSignedInUser(suite.server);

      const res = await client.post('/a/change_password', { old: password, new: 'brand new pass' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });

      expect(await status(phone)).toBe(401);
      expect(await status(client)).toBe(200);
      expect(await status(other.client)).toBe(200); // someone else's session is not touched
      const fresh = suite.server.client();
      expect((await fresh.signIn(login, password)).body).toEqual({ err: ERR.userNotFound });
      expect((await fresh.signIn(login, 'brand new pass')).body).toMatchObject({ id: user.id, login });
    });

    it('validates old and new: required, new at least 8 characters, each at most 64', async () => {
      const { client } = await createSignedInUser(suite.server);
      const cases = [
        [{ old: '', new: 'brand new pass' }, 'old', 'Enter your old password'],
        [{ old: 'x', new: '' }, 'new', 'Enter your new password'],
        [{ old: 'x', new: 'short' }, 'new', 'new password must have at least 8 characters'],
        [{ old: 'x', new: 'n'.repeat(65) }, 'new', 'new password is too long'],
        [{ old: 'o'.repeat(65), new: 'brand new pass' }, 'old', 'old password is too long'],
      ] as const;
      for (const [body, path, message] of cases) {
        const res = await client.post('/a/change_password', body);
        expect(res.status).toBe(400);
        expect(res.body.issues).toContainEqual({ path, message });
      }
    });

    it('needs a session: 401 without one', async () => {
      const res = await suite.server
        .client()
        .post('/a/change_password', { old: 'whatever', new: 'brand new pass' });
      expect(res.status).toBe(401);
    });
  });
});
