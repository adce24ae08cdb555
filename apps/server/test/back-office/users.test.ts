// Users in the back office: an admin creates cashiers and managers, renames, moves, blocks, resets
// passwords and sets restrictions; a manager does the same for the cashiers of their own account only.
// Each change shows where a user notices it: sign-in, /a/me, the cashier calls.
import { ERR, type BackOfficeUser, type FloatInfo, type User } from '@cashdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountRow } from '../../src/db/schema.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { answer, auditRowsOf, countRows, signedInAs, type SignedIn } from './support.js';

const PASSWORD = 'fresh password 1';

describe.each(testDatabases)('back-office users on $name', (database) => {
  let admin: SignedIn;
  let venue: AccountRow;
  let otherVenue: AccountRow;
  let counter = 0;
  const login = (prefix: string) => `${prefix}_${++counter}_${database.name}`;

  const suite = useTestServer(database);
  beforeAll(async () => {
    admin = await signedInAs(suite.server, suite.db, 'admin', null);
    venue = await createVenue(suite.db, { float: 300_00 });
    otherVenue = await createVenue(suite.db, { float: 700_00 });
  });

  async function createCashier(restrictions: string[] = []) {
    const body = {
      login: login('cash'),
      name: 'Nora Till',
      role: 'cashier',
      account_id: venue.id,
      password: PASSWORD,
      restrictions,
    };
    const res = await admin.client.post<BackOfficeUser>('/a/admin/user', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...res.body, password: PASSWORD };
  }

  async function signIn(userLogin: string, password: string) {
    const client = suite.server.client();
    const res = await client.signIn(userLogin, password);
    return { client, res };
  }

  it('an admin creates a cashier who can then sign in and sees their venue; the log holds no password', async () => {
    const created = await createCashier(['can_edit_device', 'can_cashier_view_account_balance']);
    expect(created).toMatchObject({
      role: 'cashier',
      account_id: venue.id,
      blocked: false,
      restrictions: ['can_cashier_view_account_balance', 'can_edit_device'],
    });
    const { client, res } = await signIn(created.login, PASSWORD);
    expect(answer(res)).toMatchObject({ status: 200, body: { id: created.id, login: created.login } });
    expect((await client.get<FloatInfo>('/a/cashier/account_balance')).body.balance).toBe(300_00);

    const [entry] = await auditRowsOf(suite.db, { type: 'user', id: created.id });
    expect(entry).toMatchObject({ action: 'user.create', actor_user_id: admin.id, account_id: venue.id });
    expect(entry!.after_json).not.toContain(PASSWORD);
    expect(entry!.after_json).not.toContain('argon2');
  });

  it('an admin creates a manager, who then reaches the account in the back office', async () => {
    const res = await admin.client.post<BackOfficeUser>('/a/admin/user', {
      login: login('mgr'),
      name: 'Mona Manager',
      role: 'manager',
      account_id: venue.id,
      password: PASSWORD,
      restrictions: [],
    });
    expect(res.body.role).toBe('manager');
    const { client } = await signIn(res.body.login, PASSWORD);
    expect((await client.get(`/a/manager/account/${venue.id}`)).status).toBe(200);
    expect((await client.get(`/a/manager/account/${otherVenue.id}`)).body).toEqual({ err: ERR.forbidden });
  });

  it.each([
    ['a taken login', () => ({ login: admin.login }), 422, ERR.loginTaken],
    ['a short password', () => ({ password: 'short' }), 400, ERR.validation],
    ['an admin with an account', () => ({ role: 'admin' }), 400, ERR.validation],
    ['a cashier without an account', () => ({ account_id: null }), 400, ERR.validation],
    ['an unknown account', () => ({ account_id: 999999 }), 400, ERR.validation],
    ['an unknown restriction', () => ({ restrictions: ['can_fly'] }), 400, ERR.validation],
    ['an unknown role', () => ({ role: 'owner' }), 400, ERR.validation],
  ] as const)('refuses to create a user with %s', async (_what, override, status, err) => {
    const before = await countRows(suite.db, 'audit_log');
    const res = await admin.client.post('/a/admin/user', {
      login: login('bad'),
      name: 'Bad',
      role: 'cashier',
      account_id: venue.id,
      password: PASSWORD,
      restrictions: [],
      ...override(),
    });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ err });
    expect(await countRows(suite.db, 'audit_log')).toBe(before);
  });

  it('blocking refuses every session of the user at once as blocked, sign-in says so, unblocking ends them and lets them sign in again', async () => {
    const cashier = await createCashier();
    const { client } = await signIn(cashier.login, PASSWORD);
    const { client: otherTill } = await signIn(cashier.login, PASSWORD);
    const blocked = await admin.client.post<BackOfficeUser>(`/a/admin/user/${cashier.id}`, {
      blocked: true,
      reason: 'left the job',
    });
    expect(blocked.body.blocked).toBe(true);
    const sessionsOf = () =>
      suite.db.kysely.selectFrom('sessions').select('token_hash').where('user_id', '=', cashier.id).execute();
    // Each till in use is told why at its next call: blocked, not expired.
    expect(answer(await client.get('/a/me'))).toEqual({ status: 403, body: { err: ERR.userBlocked } });
    expect(answer(await otherTill.get('/a/cashier/devices'))).toEqual({
      status: 403,
      body: { err: ERR.userBlocked },
    });
    expect((await signIn(cashier.login, PASSWORD)).res.body).toEqual({ err: ERR.userBlocked });
    expect(await sessionsOf()).toHaveLength(2);

    await admin.client.post(`/a/admin/user/${cashier.id}`, { blocked: false });
    // The sessions of before the block end with it: unblocking does not bring an old till back.
    expect(await sessionsOf()).toEqual([]);
    expect((await client.get('/a/me')).status).toBe(401);
    expect((await otherTill.get('/a/me')).status).toBe(401);
    const again = await signIn(cashier.login, PASSWORD);
    expect((await again.client.get<User>('/a/me')).status).toBe(200);
    const actions = (await auditRowsOf(suite.db, { type: 'user', id: cashier.id })).map((e) => [
      e.action,
      e.after_json,
      e.reason,
    ]);
    expect(actions).toEqual([
      ['user.create', expect.any(String), null],
      ['user.update', '{"blocked":true}', 'left the job'],
      ['user.update', '{"blocked":false}', null],
    ]);
  });

  it('an admin cannot block themselves (they would lock the back office out)', async () => {
    const res = await admin.client.post(`/a/admin/user/${admin.id}`, { blocked: true });
    expect(res.status).toBe(400);
    expect((await admin.client.get('/a/me')).status).toBe(200);
  });

  it('moving a cashier to another account shows them that account', async () => {
    const cashier = await createCashier(['can_cashier_view_account_balance']);
    const { client } = await signIn(cashier.login, PASSWORD);
    const moved = await admin.client.post<BackOfficeUser>(`/a/admin/user/${cashier.id}`, {
      account_id: otherVenue.id,
    });
    expect(moved.body.account_id).toBe(otherVenue.id);
    expect((await client.get<FloatInfo>('/a/cashier/account_balance')).body.balance).toBe(700_00);
    const toNowhere = await admin.client.post(`/a/admin/user/${cashier.id}`, { account_id: null });
    expect(toNowhere.status).toBe(400);
  });

  it('a new password signs the user out everywhere; the old one stops working, the new one works', async () => {
    const cashier = await createCashier();
    const { client } = await signIn(cashier.login, PASSWORD);
    const res = await admin.client.post(`/a/admin/user/${cashier.id}/set_password`, {
      password: 'another password 2',
    });
    expect(answer(res)).toEqual({ status: 200, body: { ok: true } });
    expect((await client.get('/a/me')).status).toBe(401);
    expect((await signIn(cashier.login, PASSWORD)).res.body).toEqual({ err: ERR.userNotFound });
    expect((await signIn(cashier.login, 'another password 2')).res.status).toBe(200);
    const entry = (await auditRowsOf(suite.db, { type: 'user', id: cashier.id })).at(-1);
    expect(entry).toMatchObject({ action: 'user.set_password' });
    expect(entry!.after_json).not.toContain('another password 2');
  });

  it('restrictions take effect on the next call', async () => {
    const cashier = await createCashier();
    const { client } = await signIn(cashier.login, PASSWORD);
    const device = await createLinkedDevice(suite.db, { account_id: venue.id });
    const edit = () => client.post(`/a/cashier/devices/${device.id}`, { name: 'Renamed', hidden: false });
    expect((await edit()).body).toEqual({ err: ERR.forbidden });
    const res = await admin.client.post<BackOfficeUser>(`/a/admin/user/${cashier.id}/set_restrictions`, {
      restrictions: ['can_edit_device', 'can_view_history_reports'],
    });
    expect(res.body.restrictions).toEqual(['can_edit_device', 'can_view_history_reports']);
    expect((await client.get<User>('/a/me')).body.restrictions).toEqual([
      'can_edit_device',
      'can_view_history_reports',
    ]);
    expect((await edit()).status).toBe(200);
  });

  it('an unknown user id is 404', async () => {
    expect((await admin.client.post('/a/admin/user/999999', { name: 'x' })).body).toEqual({
      err: ERR.notFound,
    });
    expect(
      (await admin.client.post('/a/admin/user/999999/set_password', { password: PASSWORD })).status,
    ).toBe(404);
  });

  describe("a manager and their account's cashiers", () => {
    let manager: SignedIn;
    beforeAll(async () => {
      manager = await signedInAs(suite.server, suite.db, 'manager', venue.id);
    });
    const base = () => `/a/manager/account/${venue.id}`;

    it('creates a cashier of their account (never another role), who can sign in', async () => {
      const res = await manager.client.post<BackOfficeUser>(`${base()}/user`, {
        login: login('mc'),
        name: 'Manager Made',
        password: PASSWORD,
        restrictions: ['can_register_new_device'],
        reason: 'new shift',
      });
      expect(res.body).toMatchObject({ role: 'cashier', account_id: venue.id });
      expect((await signIn(res.body.login, PASSWORD)).res.status).toBe(200);
      const asManager = await manager.client.post(`${base()}/user`, {
        login: login('mc'),
        name: 'Sneaky',
        password: PASSWORD,
        restrictions: [],
        role: 'manager',
      });
      expect(asManager.status).toBe(400);
    });

    it('lists the users of their account only', async () => {
      const res = await manager.client.get<BackOfficeUser[]>(`${base()}/users`);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((u) => u.account_id === venue.id)).toBe(true);
    });

    it('blocks, resets and restricts a cashier of the account', async () => {
      const cashier = await createCashier();
      const { client } = await signIn(cashier.login, PASSWORD);
      expect(
        (await manager.client.post<BackOfficeUser>(`${base()}/user/${cashier.id}`, { blocked: true })).body
          .blocked,
      ).toBe(true);
      // Blocking refuses the cashier's till at once, saying why; sign-in says so too.
      expect((await client.get('/a/me')).body).toEqual({ err: ERR.userBlocked });
      expect((await signIn(cashier.login, PASSWORD)).res.body).toEqual({ err: ERR.userBlocked });
      await manager.client.post(`${base()}/user/${cashier.id}`, { blocked: false });
      const reset = await manager.client.post(`${base()}/user/${cashier.id}/set_password`, {
        password: 'manager set 1',
      });
      expect(reset.body).toEqual({ ok: true });
      expect((await signIn(cashier.login, 'manager set 1')).res.status).toBe(200);
      const restricted = await manager.client.post<BackOfficeUser>(
        `${base()}/user/${cashier.id}/set_restrictions`,
        {
          restrictions: ['disable_daily_total'],
        },
      );
      expect(restricted.body.restrictions).toEqual(['disable_daily_total']);
      const actors = (await auditRowsOf(suite.db, { type: 'user', id: cashier.id })).map(
        (e) => e.actor_login,
      );
      expect(actors.slice(1)).toEqual(Array(4).fill(manager.login));
    });

    it('cannot move a cashier to another account, touch a manager, or reach another account', async () => {
      const cashier = await createCashier();
      const move = await manager.client.post(`${base()}/user/${cashier.id}`, { account_id: otherVenue.id });
      expect(move.status).toBe(400);
      const peer = await createTestUser(suite.db, { account_id: venue.id, role: 'manager' });
      expect((await manager.client.post(`${base()}/user/${peer.id}`, { blocked: true })).body).toEqual({
        err: ERR.forbidden,
      });
      expect(
        (await manager.client.post(`${base()}/user/${manager.id}/set_password`, { password: PASSWORD })).body,
      ).toEqual({
        err: ERR.forbidden,
      });
      const foreign = await createTestUser(suite.db, { account_id: otherVenue.id });
      expect((await manager.client.post(`${base()}/user/${foreign.id}`, { blocked: true })).body).toEqual({
        err: ERR.notFound,
      });
      const viaOther = await manager.client.post(`/a/manager/account/${otherVenue.id}/user/${foreign.id}`, {
        blocked: true,
      });
      expect(viaOther.body).toEqual({ err: ERR.forbidden });
      const foreignRow = await suite.db.kysely
        .selectFrom('users')
        .select('blocked')
        .where('id', '=', foreign.id)
        .executeTakeFirstOrThrow();
      expect(foreignRow.blocked).toBe(0);
    });
  });
});
