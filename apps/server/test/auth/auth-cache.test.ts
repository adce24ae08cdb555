// The auth cache (src/auth/auth-cache.ts) over HTTP on every test database: a signed-in call and a game
// event cost no query for who is calling, and every revocation applies to the very next call: sign-out,
// own and admin password change, block, restrictions, the venue's block, till lock and unlock, unlink and
// relink, idle and absolute expiry exactly as without the cache. The same across processes (PostgreSQL)
// and with an operator CLI writing to the SQLite file from another connection: auth-cache-processes.test.ts.
import { ERR } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { signedInAs } from '../back-office/support.js';
import {
  ALL_RESTRICTIONS,
  cash,
  cashierClient,
  linkCabinet,
  linkRemote,
  newTrx,
  remoteCash,
  sendEvent,
  showPin,
} from '../helpers/cashier.js';
import { FakeClock, HOUR, MINUTE, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { until } from '../helpers/until.js';
import { createVenue } from '../helpers/factories.js';
import { QueryRecorder } from '../helpers/query-recorder.js';
import { createSignedInUser, startTestServer, type TestClient, type TestServer } from '../helpers/server.js';

const IDLE = 12 * HOUR;

describe.each(testDatabases)('auth cache on $name', (database) => {
  let db: Db;
  let clock: FakeClock;
  let server: TestServer;
  let venueId: number;
  /** A fresh admin session: the expiry tests move the clock by days. */
  const admin = {
    post: async (path: string, body: unknown) =>
      (await signedInAs(server, db, 'admin', null)).client.post(path, body),
  };
  const recorder = new QueryRecorder();

  beforeAll(async () => {
    const opened = await database.open();
    db = { ...opened, kysely: opened.kysely.withPlugin(recorder) };
    clock = new FakeClock();
    server = await startTestServer(db, {
      clock,
      config: { enrollmentOpen: true, session: { idleMs: IDLE, rememberIdleMs: 7 * 24 * HOUR } },
    });
    // On PostgreSQL the cache is on only while the process listens for revocations.
    await until(() => server.ctx.auth.ticket() !== null);
    // The calls' own queries are counted: no sealing pass of the ledger's rows among them, and no floor
    // alert check, which runs a moment after a cash call or a game event (back-office/floor/alert-checks.ts)
    // and so may land among a later test's calls.
    await server.ctx.sealer.close();
    await server.ctx.alerts.stop();
    venueId = (await createVenue(db, { float: 1_000_000_00, home_play: true })).id;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const status = async (client: TestClient, path = '/a/me') => (await client.get(path)).status;

  /** The queries one call makes, and the answer's status. */
  async function queriesOf(call: () => Promise<{ status: number }>): Promise<{ n: number; status: number }> {
    recorder.start();
    const res = await call();
    recorder.recording = false;
    return { n: recorder.queries.length, status: res.status };
  }

  describe('round trips', () => {
    it('a signed-in call, a cash call and a game event ask nothing about who calls once cached', async () => {
      const cashier = (await cashierClient(server, db, venueId)).client;
      const cabinet = await linkCabinet(server, cashier);
      // Cold: the cache forgets everything first, which is the request path as it was before the cache.
      const cold = async (call: () => Promise<{ status: number }>) => {
        server.ctx.auth.forget({ all: true });
        return queriesOf(call);
      };
      const me = () => cashier.get('/a/me');
      const deposit = () => cash(cashier, cabinet.id, 1, 1_00);
      const event = () => sendEvent(cabinet, { place: 1, type: 3, amount: 1 });
      const before = { me: await cold(me), cash: await cold(deposit), event: await cold(event) };
      await me();
      await sendEvent(cabinet, { place: 1, type: 3, amount: 1 });
      const after = {
        me: await queriesOf(me),
        cash: await queriesOf(deposit),
        event: await queriesOf(event),
      };
      for (const r of [...Object.values(before), ...Object.values(after)]) expect(r.status).toBe(200);
      console.log(
        `queries per call on ${database.name} (statements through Kysely; BEGIN/COMMIT not counted): ` +
          `me ${before.me.n} -> ${after.me.n}, cash ${before.cash.n} -> ${after.cash.n}, ` +
          `event ${before.event.n} -> ${after.event.n}`,
      );
      expect(after.me.n).toBe(0);
      expect(after.cash.n).toBe(before.cash.n - 2); // the session and the user
      expect(after.event.n).toBe(before.event.n - 1); // the device token
    });

    it('answers a malformed session cookie 401 without a query: a flood of junk cookies costs no lookups', async () => {
      const junk = await queriesOf(() =>
        server.client().get('/a/me', { cookie: 'x-token=not-a-session-token' }),
      );
      expect(junk).toEqual({ n: 0, status: 401 });
    });

    it('writes the last-seen time at most once a minute, and never reads the session meanwhile', async () => {
      const { client } = await createSignedInUser(server);
      await client.get('/a/me');
      let queries = 0;
      for (let i = 0; i < 12; i++) {
        clock.advance(10 * SECOND);
        const r = await queriesOf(() => client.get('/a/me'));
        expect(r.status).toBe(200);
        queries += r.n;
      }
      // Two minutes of calls every 10 s: two touches (each one UPDATE), nothing else.
      expect(queries).toBe(2);
    });
  });

  describe('expiry keeps its rules', () => {
    it('idle time counts from the last-seen time the database holds, as without the cache', async () => {
      const { client } = await createSignedInUser(server);
      // Used 30 s after sign-in: too soon for a last-seen write, so idle still counts from sign-in.
      clock.advance(30 * SECOND);
      expect(await status(client)).toBe(200);
      clock.advance(IDLE - 30 * SECOND);
      expect(await status(client)).toBe(401);
    });

    it('use after a minute slides the idle time; unused for the idle time it ends', async () => {
      const { client } = await createSignedInUser(server);
      clock.advance(MINUTE);
      expect(await status(client)).toBe(200);
      clock.advance(IDLE - SECOND);
      expect(await status(client)).toBe(200);
      clock.advance(IDLE);
      expect(await status(client)).toBe(401);
    });

    it('ends 24 h after sign-in however busy', async () => {
      const { client } = await createSignedInUser(server);
      for (let h = 0; h < 24; h++) {
        clock.advance(HOUR - (h === 23 ? SECOND : 0));
        expect(await status(client)).toBe(200);
      }
      clock.advance(SECOND);
      expect(await status(client)).toBe(401);
    });
  });

  describe('revocations apply to the very next call', () => {
    it('sign-out', async () => {
      const { client } = await createSignedInUser(server);
      const sameCookie = client.clone();
      expect(await status(sameCookie)).toBe(200);
      expect((await client.post('/a/sign_out')).status).toBe(200);
      expect(await status(sameCookie)).toBe(401);
    });

    it('own password change: the other sessions end, this one stays', async () => {
      const user = await createSignedInUser(server);
      const other = server.client();
      expect((await other.signIn(user.login, user.password)).status).toBe(200);
      expect(await status(other)).toBe(200);
      const changed = await user.client.post('/a/change_password', {
        old: user.password,
        new: 'a new horse battery 9',
      });
      expect(changed.status).toBe(200);
      expect(await status(other)).toBe(401);
      expect(await status(user.client)).toBe(200);
    });

    it("an admin's set_password", async () => {
      const user = await createSignedInUser(server);
      expect(await status(user.client)).toBe(200);
      const res = await admin.post(`/a/admin/user/${user.user.id}/set_password`, {
        password: 'another horse staple 7',
      });
      expect(res.status).toBe(200);
      expect(await status(user.client)).toBe(401);
    });

    it('blocking the user', async () => {
      const user = await createSignedInUser(server, { account_id: venueId });
      expect(await status(user.client)).toBe(200);
      expect((await admin.post(`/a/admin/user/${user.user.id}`, { blocked: true })).status).toBe(200);
      expect(await status(user.client)).toBe(403);
    });

    it('a change of restrictions', async () => {
      const { client, id } = await cashierClient(server, db, venueId, ALL_RESTRICTIONS);
      const register = () => client.post('/a/cashier/devices/register', {});
      expect((await register()).status).toBe(400); // allowed: the empty body is what is refused
      const res = await admin.post(`/a/admin/user/${id}/set_restrictions`, { restrictions: [] });
      expect(res.status).toBe(200);
      expect(answerOf(await register())).toEqual({ status: 403, body: { err: ERR.forbidden } });
    });

    it("the venue's hard block of home play (read on every call, never cached)", async () => {
      const venue = (await createVenue(db, { float: 1_000_00, home_play: true })).id;
      const cashier = (await cashierClient(server, db, venue)).client;
      const phone = await linkRemote(server, cashier);
      expect((await remoteCash(cashier, phone, 1_00)).status).toBe(200);
      const manager = (await signedInAs(server, db, 'manager', venue)).client;
      const res = await manager.post(`/a/manager/account/${venue}`, { is_hard_block_home_play: true });
      expect(res.status).toBe(200);
      expect(answerOf(await remoteCash(cashier, phone, 1_00))).toEqual({
        status: 403,
        body: { err: ERR.hardBlock },
      });
    });

    it('till lock and unlock, seen by another tab of the same session', async () => {
      const user = await createSignedInUser(server, { account_id: venueId });
      const otherTab = user.client.clone();
      const devices = '/a/cashier/devices';
      expect(await status(otherTab, devices)).not.toBe(423);
      expect((await user.client.post('/a/lock')).status).toBe(200);
      expect(answerOf(await otherTab.get(devices))).toEqual({ status: 423, body: { err: ERR.tillLocked } });
      expect((await user.client.post('/a/unlock', { password: user.password })).status).toBe(200);
      expect(await status(otherTab, devices)).not.toBe(423);
    });

    it('till lock, on the call that writes the last-seen time from the cached session', async () => {
      const user = await createSignedInUser(server, { account_id: venueId });
      const devices = '/a/cashier/devices';
      expect((await user.client.post('/a/lock')).status).toBe(200);
      expect(await status(user.client, devices)).toBe(423); // the locked session is cached now
      clock.advance(MINUTE); // the next call is judged on the cached session and writes its last-seen time
      expect(answerOf(await user.client.get(devices))).toEqual({
        status: 423,
        body: { err: ERR.tillLocked },
      });
      expect(await status(user.client, devices)).toBe(423);
    });

    it('unlink and relink of a device: its next event is refused, then accepted', async () => {
      const venue = (await createVenue(db, { float: 1_000_00 })).id;
      const cashier = (await cashierClient(server, db, venue)).client;
      const manager = (await signedInAs(server, db, 'manager', venue)).client;
      const cabinet = await linkCabinet(server, cashier);
      // A bet on an empty place: 422 while linked, 406 once not.
      const bet = () => sendEvent(cabinet, { place: 1, type: 3, amount: 1_00 });
      expect((await bet()).status).toBe(422);
      const unlinked = await manager.post(`/a/manager/account/${venue}/devices/${cabinet.id}/unlink`, {});
      expect(unlinked.status).toBe(200);
      expect(answerOf(await bet())).toEqual({ status: 406, body: { err: ERR.deviceNotAvailable } });
      const pin = await showPin(cabinet);
      const relinked = await cashier.post('/a/cashier/devices/register', { pin, trx: newTrx() });
      expect(relinked.status).toBe(200);
      expect((await bet()).status).toBe(422);
    });
  });
});

function answerOf(res: { status: number; body: unknown }) {
  return { status: res.status, body: res.body };
}
