// Weak new passwords are refused wherever a password is set (docs/security.md, "Passwords"): changing
// one's own, an admin's or manager's set_password and a new user; 422 `weak password` with the reason
// (common, login, guessable, current), and nothing changes.
import { ERR } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '../back-office/support.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { createSignedInUser } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

describe.each(testDatabases)('password policy on $name', (database) => {
  const suite = useTestServer(database);

  it('change password: refuses a common one, the login and the current one; the old one still signs in', async () => {
    const { client, login, password } = await createSignedInUser(suite.server, {
      login: `till_${Date.now()}`,
    });
    for (const [next, reason] of [
      ['password123', 'common'],
      [`${login}!`, 'login'],
      [password, 'current'],
    ] as const) {
      const res = await client.post('/a/change_password', { old: password, new: next });
      expect([next, res.status, res.body]).toEqual([next, 422, { err: ERR.weakPassword, reason }]);
    }
    expect((await suite.server.client().signIn(login, password)).status).toBe(200);
    expect(
      (await client.post('/a/change_password', { old: password, new: 'a quiet long river' })).status,
    ).toBe(200);
  });

  it('back office: a new user and set_password refuse weak passwords the same way', async () => {
    const venue = await createVenue(suite.db);
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    const login = `newbie_${Date.now()}`;
    const create = await admin.client.post('/a/admin/user', {
      login,
      name: 'Newbie',
      role: 'cashier',
      account_id: venue.id,
      password: 'qwerty123',
      restrictions: [],
    });
    expect([create.status, create.body]).toEqual([422, { err: ERR.weakPassword, reason: 'common' }]);
    const created = await admin.client.post<{ id: number }>('/a/admin/user', {
      login,
      name: 'Newbie',
      role: 'cashier',
      account_id: venue.id,
      password: 'first day at work',
      restrictions: [],
    });
    expect(created.status).toBe(200);
    const setPassword = (password: string) =>
      admin.client.post(`/a/admin/user/${created.body.id}/set_password`, { password });
    expect((await setPassword(login.toUpperCase())).body).toEqual({ err: ERR.weakPassword, reason: 'login' });
    expect((await setPassword('first day at work')).body).toEqual({
      err: ERR.weakPassword,
      reason: 'current',
    });
    expect((await suite.server.client().signIn(login, 'first day at work')).status).toBe(200);
    expect((await setPassword('second week now')).body).toEqual({ ok: true });
  });

  // What the estimate refuses (auth/password-policy.ts), the demo's own `cashier123` among them.
  const GUESSABLE = ['aaaaaaaa', 'zzzzzzzz', 'abcdefgh', '12341234', 'a1a1a1a1', 'cashier123'];

  it('refuses passwords easy to guess as `guessable`, in change password and a new user', async () => {
    const { client, login, password } = await createSignedInUser(suite.server, {
      login: `shift_${Date.now()}`,
    });
    const venue = await createVenue(suite.db);
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    for (const next of GUESSABLE) {
      const changed = await client.post('/a/change_password', { old: password, new: next });
      const created = await admin.client.post('/a/admin/user', {
        login: `guess_${Date.now()}`,
        name: 'Guess',
        role: 'cashier',
        account_id: venue.id,
        password: next,
        restrictions: [],
      });
      const weak = { status: 422, body: { err: ERR.weakPassword, reason: 'guessable' } };
      expect([next, changed.status, changed.body]).toEqual([next, weak.status, weak.body]);
      expect([next, created.status, created.body]).toEqual([next, weak.status, weak.body]);
    }
    expect((await suite.server.client().signIn(login, password)).status).toBe(200);
    expect((await client.post('/a/change_password', { old: password, new: 'j8Rk2pL0vQ' })).status).toBe(200);
  });

  it('refuses a short login padded with spaces, and a 4-character login anywhere inside the password', async () => {
    const venue = await createVenue(suite.db);
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    const create = (login: string, password: string) =>
      admin.client.post('/a/admin/user', {
        login,
        name: 'Short Login',
        role: 'cashier',
        account_id: venue.id,
        password,
        restrictions: [],
      });
    // A 3-character login counts only as the whole password, spaces around it or not.
    expect((await create('qzx', '  QZX   ')).body).toEqual({ err: ERR.weakPassword, reason: 'login' });
    expect((await create('qzx', 'a qzx b c d')).status).toBe(200);
    // From 4 characters it is refused anywhere inside.
    expect((await create('zorq', 'my zorq pass')).body).toEqual({ err: ERR.weakPassword, reason: 'login' });
  });

  it("a manager of another venue learns nothing of a user's password from set_password", async () => {
    const venue = await createVenue(suite.db);
    const other = await createVenue(suite.db);
    const { user, password } = await createSignedInUser(suite.server, { account_id: venue.id });
    const stranger = await signedInAs(suite.server, suite.db, 'manager', other.id);
    const res = await stranger.client.post(`/a/manager/account/${venue.id}/user/${user.id}/set_password`, {
      password,
    });
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('reason');
  });
});
