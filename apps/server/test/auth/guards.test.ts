// The hooks other domains put in front of their routes (guards.ts), tried on probe routes over HTTP.
import { API_BASE, ERR } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashierOf,
  hasRestriction,
  requireCashier,
  requireRestriction,
  requireRole,
  requireUser,
  sessionOf,
  userOf,
} from '../../src/auth/guards.js';
import type { Db } from '../../src/db/database.js';
import { toUser } from '../../src/users/users.repository.js';
import { testDatabases } from '../helpers/databases.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(testDatabases)('auth guards on $name', (database) => {
  let db: Db;
  let server: TestServer;
  let accountId: number;
  beforeAll(async () => {
    db = await database.open();
    accountId = (await createVenue(db)).id;
    server = await startTestServer(db, {
      extend: (app, ctx) => {
        // Declared without any hook: the app-wide guard alone must protect it.
        app.get(`${API_BASE}/a/probe/open`, async (request) => ({ id: userOf(request).id }));
        app.get(`${API_BASE}/a/probe/cashier`, { preHandler: requireCashier }, async (request) => ({
          account_id: cashierOf(request).account_id,
        }));
        app.get(`${API_BASE}/a/probe/admin`, { preHandler: requireRole('admin') }, async () => ({
          ok: true,
        }));
        app.get(
          `${API_BASE}/a/probe/back-office`,
          { preHandler: [requireUser(ctx), requireRole('admin', 'manager')] },
          async () => ({ ok: true }),
        );
        app.get(
          `${API_BASE}/a/probe/edit`,
          { preHandler: [requireCashier, requireRestriction('can_edit_device')] },
          async () => ({ ok: true }),
        );
        // Signed out on purpose (like sign-out): the guard lets it through and attaches no user.
        app.get(`${API_BASE}/a/probe/optional`, { config: { sessionOptional: true } }, async (request) => ({
          signed_in: request.user !== undefined,
        }));
        // Outside /a/: nothing guards it unless the route asks.
        app.get(`${API_BASE}/probe/unguarded-role`, { preHandler: requireRole('admin') }, async () => ({
          ok: true,
        }));
        app.get(`${API_BASE}/probe/unguarded-session`, async (request) => ({
          locked_at: sessionOf(request).locked_at_ms,
        }));
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  async function clientAs(options: Parameters<typeof createTestUser>[1]) {
    const user = await createTestUser(db, options);
    return { user, client: await clientForUser(server, user) };
  }

  it('protects every route under /api/v1/a/, even one declared without a hook', async () => {
    const anonymous = await server.client().get('/a/probe/open');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ err: ERR.unauthorized });
    const { user, client } = await clientAs({ account_id: accountId });
    expect((await client.get('/a/probe/open')).body).toEqual({ id: user.id });
  });

  it('requireCashier: a cashier with an account passes; without one 403 user dont have account; others Forbidden', async () => {
    const cashier = await clientAs({ account_id: accountId });
    expect((await cashier.client.get('/a/probe/cashier')).body).toEqual({ account_id: accountId });

    const homeless = await clientAs({ account_id: null });
    const noAccount = await homeless.client.get('/a/probe/cashier');
    expect(noAccount.status).toBe(403);
    expect(noAccount.body).toEqual({ err: ERR.noAccount });

    for (const role of ['manager', 'admin'] as const) {
      const other = await clientAs({ account_id: accountId, role });
      const res = await other.client.get('/a/probe/cashier');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ err: ERR.forbidden });
    }
  });

  it("refuses another role a cashier call before its body is read: 403, never the body's 400", async () => {
    for (const role of ['manager', 'admin'] as const) {
      const other = await clientAs({ account_id: accountId, role });
      for (const path of [
        '/a/cashier/devices/1/place/1/update',
        '/a/cashier/devices/remote/1/place/1/update',
        '/a/cashier/shift/open',
        '/a/cashier/report',
      ]) {
        const res = await other.client.post(path, { not: 'a valid body' });
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 403,
          body: { err: ERR.forbidden },
        });
      }
    }
  });

  it('requireRole: 403 Forbidden for the other roles', async () => {
    const admin = await clientAs({ account_id: null, role: 'admin' });
    const manager = await clientAs({ account_id: accountId, role: 'manager' });
    const cashier = await clientAs({ account_id: accountId });
    expect((await admin.client.get('/a/probe/admin')).status).toBe(200);
    expect((await manager.client.get('/a/probe/admin')).body).toEqual({ err: ERR.forbidden });
    expect((await manager.client.get('/a/probe/back-office')).status).toBe(200);
    expect((await cashier.client.get('/a/probe/back-office')).body).toEqual({ err: ERR.forbidden });
  });

  it('requireRestriction: 403 Forbidden without the restriction', async () => {
    const editor = await clientAs({ account_id: accountId, restrictions: ['can_edit_device'] });
    const plain = await clientAs({ account_id: accountId, restrictions: ['can_register_new_device'] });
    expect((await editor.client.get('/a/probe/edit')).status).toBe(200);
    expect((await plain.client.get('/a/probe/edit')).body).toEqual({ err: ERR.forbidden });
  });

  it('fails closed when a role check runs without requireUser (a wiring mistake)', async () => {
    const admin = await clientAs({ account_id: null, role: 'admin' });
    expect((await admin.client.get('/probe/unguarded-role')).status).toBe(401);
    const session = await admin.client.get('/probe/unguarded-session');
    expect(session.status).toBe(401);
    expect(session.body).toEqual({ err: ERR.unauthorized });
  });

  it('answers 401 to a cookie of no live session and clears it; with no cookie it clears nothing', async () => {
    const stranger = server.client();
    stranger.token = 'not-a-session-token';
    const dead = await stranger.get('/a/probe/open');
    expect(dead.status).toBe(401);
    expect(dead.body).toEqual({ err: ERR.unauthorized });
    expect(dead.sessionCookie).toMatch(/^x-token=;/);
    expect(stranger.token).toBeNull();

    const anonymous = await server.client().get('/a/probe/open');
    expect(anonymous.status).toBe(401);
    expect(anonymous.sessionCookie).toBeNull();
  });

  it('answers 403 user blocked to a blocked user whose session is still live', async () => {
    const { user, client } = await clientAs({ account_id: accountId });
    expect((await client.get('/a/probe/open')).status).toBe(200);
    await db.kysely.updateTable('users').set({ blocked: 1 }).where('id', '=', user.id).execute();
    // Written behind the server's back: forget its cached copy, as every writer of the server does.
    server.ctx.auth.forget({ user: user.id });
    const res = await client.get('/a/probe/open');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ err: ERR.userBlocked });
  });

  it('lets a route marked sessionOptional answer signed out, without a user', async () => {
    const res = await server.client().get('/a/probe/optional');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signed_in: false });
  });

  it('hasRestriction reads a database row and a User alike', async () => {
    const user = await createTestUser(db, { account_id: accountId, restrictions: ['disable_daily_total'] });
    expect(hasRestriction(user, 'disable_daily_total')).toBe(true);
    expect(hasRestriction(toUser(user), 'disable_daily_total')).toBe(true);
    expect(hasRestriction(user, 'can_edit_device')).toBe(false);
  });
});
