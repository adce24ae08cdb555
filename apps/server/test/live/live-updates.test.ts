// The live-updates stream (GET /a/cashier/events): a cashier hears of their venue's changes as they
// commit (and of no other venue's), bursts are merged, the stream is refused or ended when the session
// does not allow it, and on PostgreSQL a change made through one server process reaches the terminals
// of another.
import { ERR, LIVE_COALESCE_MS, liveChange, TX_TYPE, type Device } from '@cashdesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.js';
import { cabinetPayments } from '../../src/devices/devices.repository.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { LISTENER_APPLICATION_PREFIX } from '../../src/live/pg-change-feed.js';
import {
  MAX_STREAMS_PER_ADDRESS,
  MAX_STREAMS_PER_SESSION,
  MAX_STREAMS_PER_USER,
} from '../../src/accounts/live-events.routes.js';
import { signedInAs } from '../back-office/support.js';
import {
  ALL_RESTRICTIONS,
  cash,
  cashierClient,
  deviceState,
  linkCabinet,
  linkRemote,
  remoteCash,
  sendEvent,
  showPin,
  type LinkedDevice,
} from '../helpers/cashier.js';
import { postgresTestDatabase, testDatabases } from '../helpers/databases.js';
import { openEventStream, type OpenedStream, type SseMessage } from '../helpers/event-stream.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, startTestServer, type TestClient, type TestServer } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

const HEARTBEAT_MS = 150;

function changeOf(message: SseMessage) {
  expect(message.event).toBe('change');
  return liveChange.parse(message.data);
}

/** Skips changes the set-up made (a cabinet reporting in) until one names the float. */
async function nextFloatChange(stream: OpenedStream) {
  for (;;) {
    const change = changeOf(await stream.next());
    if (change.float) return change;
  }
}

/** Reads what the set-up still told (on PostgreSQL a notice may reach the stream after it opened). */
async function drained(stream: OpenedStream): Promise<void> {
  for (;;) {
    try {
      await stream.next(2 * LIVE_COALESCE_MS);
    } catch {
      return;
    }
  }
}

/** Opens a stream and reads its hello, so every later message is a change. */
async function listen(client: TestClient): Promise<OpenedStream> {
  const stream = await openEventStream(client);
  expect(stream.status).toBe(200);
  expect((await stream.next()).event).toBe('hello');
  return stream;
}

describe.each(testDatabases)('live updates on $name', (database) => {
  let venueId: number;
  let cashier: TestClient;
  let colleague: TestClient;
  let outsider: TestClient;
  let cabinet: LinkedDevice;
  let outsiderCabinet: LinkedDevice;
  const streams: OpenedStream[] = [];
  const opened = async (client: TestClient) => {
    const stream = await listen(client);
    streams.push(stream);
    return stream;
  };

  const suite = useTestServer(database, {
    buildHash: 'build-live-1',
    config: { enrollmentOpen: true, live: { heartbeatMs: HEARTBEAT_MS } },
  });
  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 10_000_00 })).id;
    const otherVenueId = (await createVenue(suite.db, { float: 10_000_00 })).id;
    cashier = (await cashierClient(suite.server, suite.db, venueId)).client;
    colleague = (await cashierClient(suite.server, suite.db, venueId)).client;
    outsider = (await cashierClient(suite.server, suite.db, otherVenueId)).client;
    cabinet = await linkCabinet(suite.server, cashier);
    outsiderCabinet = await linkCabinet(suite.server, outsider);
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it('opens as an event stream that is never cached and starts with the server build hash', async () => {
    const stream = await openEventStream(cashier);
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(await stream.next()).toEqual({ event: 'hello', data: { hash: 'build-live-1' } });
  });

  it("tells every terminal of the venue of a colleague's deposit, and no other venue's terminal", async () => {
    const mine = await opened(cashier);
    const theirs = await opened(outsider);
    expect((await cash(colleague, cabinet.id, 1, 25_00)).status).toBe(200);
    expect(changeOf(await mine.next())).toEqual({ float: true, devices: [cabinet.id] });

    // The outsider's first message is about their own venue, so they never heard of the deposit.
    expect((await cash(outsider, outsiderCabinet.id, 2, 5_00)).status).toBe(200);
    expect(changeOf(await theirs.next())).toEqual({ float: true, devices: [outsiderCabinet.id] });
  });

  it('tells of a game played on a device without touching the float, and of a refused call nothing', async () => {
    const stream = await opened(cashier);
    expect((await cash(cashier, cabinet.id, 3, 10_00)).status).toBe(200);
    await stream.next();
    // Withdrawing more than the place holds is refused: nothing changed, nothing is told.
    expect((await cash(cashier, cabinet.id, 3, -999_00)).status).not.toBe(200);
    await new Promise((resolve) => setTimeout(resolve, LIVE_COALESCE_MS));
    expect((await sendEvent(cabinet, { place: 3, type: TX_TYPE.pay, amount: 1_00 })).status).toBe(200);
    const told = changeOf(await stream.next());
    // The cabinet's row of the device list, as the till would fetch it now: the message carries its payment.
    const row = (await cashier.get<Device[]>('/a/cashier/devices')).body.find((d) => d.id === cabinet.id);
    expect(row?.payment).toBeGreaterThan(0);
    expect(told).toEqual({
      float: false,
      devices: [cabinet.id],
      played: [cabinet.id],
      payments: [{ id: cabinet.id, payment: row?.payment }],
    });
  });

  it("tells each till the payment after the last play of the second, and a cash move's device as not played", async () => {
    // A till of its own: the venue's cashier holds as many streams as a cashier may.
    const till = (await cashierClient(suite.server, suite.db, venueId)).client;
    const stream = await opened(till);
    // A message now: the plays below fall in the window after it, and are told together.
    expect((await cash(cashier, cabinet.id, 2, 4_00)).status).toBe(200);
    expect(changeOf(await stream.next())).toMatchObject({ float: true, devices: [cabinet.id] });
    for (const amount of [1_00, 50, 2_00]) {
      expect((await sendEvent(cabinet, { place: 2, type: TX_TYPE.pay, amount })).status).toBe(200);
    }
    const played = changeOf(await stream.next());
    const list = (await cashier.get<Device[]>('/a/cashier/devices')).body;
    expect(played.payments).toEqual([
      { id: cabinet.id, payment: list.find((d) => d.id === cabinet.id)?.payment },
    ]);

    // A game and a deposit on the same cabinet in one second: its list row needs the list (its 24-hour
    // figures moved), so it is named, not played.
    expect((await sendEvent(cabinet, { place: 2, type: TX_TYPE.win, amount: 30 })).status).toBe(200);
    expect((await cash(cashier, cabinet.id, 2, 1_00)).status).toBe(200);
    const messages = [changeOf(await stream.next())];
    if (!messages[0]!.float) messages.push(changeOf(await stream.next(3 * LIVE_COALESCE_MS)));
    expect(messages.at(-1)).toEqual({ float: true, devices: [cabinet.id] });
  });

  it("never tells a till another venue's device, nor a home-play phone's figures (they need its PIN)", async () => {
    const homeVenue = await createVenue(suite.db, { float: 1_000_00, home_play: true });
    const homeCashier = (await cashierClient(suite.server, suite.db, homeVenue.id)).client;
    const phone = await linkRemote(suite.server, homeCashier);
    const homeCabinet = await linkCabinet(suite.server, homeCashier);
    expect((await remoteCash(homeCashier, phone, 20_00)).status).toBe(200);
    const stream = await opened(homeCashier);
    await drained(stream);
    expect((await sendEvent(phone, { place: 1, type: TX_TYPE.pay, amount: 1_00 })).status).toBe(200);
    expect(changeOf(await stream.next())).toEqual({ float: false, devices: [phone.id], played: [phone.id] });
    // The read itself: asked of other venues' devices and of a phone, it answers for the venue's cabinets.
    const read = await cabinetPayments(suite.db.kysely, homeVenue.id, [phone.id, cabinet.id, homeCabinet.id]);
    expect(read).toEqual([{ id: homeCabinet.id, payment: 0 }]);
  });

  it("tells of a device's new PIN (a phone's old one stops working, the terminal must find out)", async () => {
    const stream = await opened(cashier);
    await showPin(cabinet);
    expect(changeOf(await stream.next())).toEqual({ float: false, devices: [cabinet.id] });
  });

  it("tells of a colleague's edit of a device (its name, hidden or shown) and of a refused edit nothing", async () => {
    const stream = await opened(cashier);
    const edit = (body: unknown) => colleague.post(`/a/cashier/devices/${cabinet.id}`, body);
    expect((await edit({ name: 'Renamed by a colleague', hidden: false })).status).toBe(200);
    expect(changeOf(await stream.next())).toEqual({ float: false, devices: [cabinet.id] });
    expect((await edit({ name: '', hidden: false })).status).toBe(400);
    await expect(stream.next(2 * LIVE_COALESCE_MS)).rejects.toThrow();
  });

  it('tells nothing of a ready cabinet reporting its state (only its first report after a link is news)', async () => {
    const stream = await opened(cashier);
    for (let i = 0; i < 3; i++) expect((await deviceState(cabinet)).body.linked).toBe(true);
    await expect(stream.next(2 * LIVE_COALESCE_MS)).rejects.toThrow();
  });

  it('merges a burst into at most one message per second, naming everything that changed', async () => {
    const second = await linkCabinet(suite.server, cashier);
    const stream = await opened(cashier);
    const started = Date.now();
    for (let i = 0; i < 6; i++) {
      expect((await cash(colleague, i % 2 === 0 ? cabinet.id : second.id, 4, 1_00)).status).toBe(200);
    }
    const first = changeOf(await stream.next());
    const seen = new Set(first.devices);
    if (seen.size < 2) {
      const next = changeOf(await stream.next(3 * LIVE_COALESCE_MS));
      expect(Date.now() - started).toBeGreaterThanOrEqual(LIVE_COALESCE_MS - 50);
      next.devices.forEach((id) => seen.add(id));
    }
    expect([...seen].sort()).toEqual([cabinet.id, second.id].sort());
  });

  it("tells of a manager's change to the venue's settings (the terminals show them with the float)", async () => {
    const stream = await opened(cashier);
    const manager = await signedInAs(suite.server, suite.db, 'manager', venueId);
    const res = await manager.client.post(`/a/manager/account/${venueId}`, {
      is_light_block_home_play: true,
    });
    expect(res.status).toBe(200);
    expect(changeOf(await stream.next())).toEqual({ float: true, devices: [] });
  });

  it('is refused without a session, to a role that is not a cashier, and while the till is locked', async () => {
    const anonymous = await openEventStream(suite.server.client());
    expect({ status: anonymous.status, body: anonymous.errorBody }).toEqual({
      status: 401,
      body: { err: ERR.unauthorized },
    });
    const manager = await signedInAs(suite.server, suite.db, 'manager', venueId);
    expect((await openEventStream(manager.client)).status).toBe(403);

    const locking = (await cashierClient(suite.server, suite.db, venueId)).client;
    expect((await locking.post('/a/lock')).status).toBe(200);
    const locked = await openEventStream(locking);
    expect({ status: locked.status, body: locked.errorBody }).toEqual({
      status: 423,
      body: { err: ERR.tillLocked },
    });
  });

  it('ends an open stream once its session ends (sign-out, or a lock in another tab)', async () => {
    const leaving = (await cashierClient(suite.server, suite.db, venueId)).client;
    const signedOut = await listen(leaving);
    expect((await leaving.clone().post('/a/sign_out')).status).toBe(200);
    await signedOut.ended(20 * HEARTBEAT_MS);

    const locking = (await cashierClient(suite.server, suite.db, venueId)).client;
    const lockedAway = await listen(locking);
    expect((await locking.post('/a/lock')).status).toBe(200);
    await lockedAway.ended(20 * HEARTBEAT_MS);
  });

  it(`refuses a session's stream past ${MAX_STREAMS_PER_SESSION} open ones with 429, and opens one again once one closes`, async () => {
    const tabs = (await cashierClient(suite.server, suite.db, venueId)).client;
    const open: OpenedStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) open.push(await listen(tabs));
    const refused = await openEventStream(tabs);
    expect({ status: refused.status, body: refused.errorBody }).toEqual({
      status: 429,
      body: { err: ERR.tooManyAttempts, retry_after: expect.any(Number) },
    });
    // Another session of the venue is not held back by this one.
    streams.push(await listen(colleague));

    open.pop()!.close();
    // The server hears of the closed socket a moment later.
    let again = await openEventStream(tabs);
    for (let tries = 0; again.status === 429 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await openEventStream(tabs);
    }
    expect(again.status).toBe(200);
    open.push(again);
    for (const stream of open) stream.close();
  });

  it(`caps a cashier's streams over all sessions at ${MAX_STREAMS_PER_USER} and an address's at ${MAX_STREAMS_PER_ADDRESS}`, async () => {
    // A server of its own that trusts X-Forwarded-For: its addresses hold only this test's streams.
    const own = await startTestServer(suite.db, { config: { trustProxy: true } });
    const open: OpenedStream[] = [];
    const session = async (userId: number, address: string) =>
      clientForUser(own, { id: userId }, { client: { headers: { 'x-forwarded-for': address } } });
    const newCashier = async () =>
      (await createTestUser(suite.db, { account_id: venueId, restrictions: ALL_RESTRICTIONS })).id;
    const fill = async (client: TestClient) => {
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) open.push(await listen(client));
    };
    const tooMany = { status: 429, body: { err: ERR.tooManyAttempts, retry_after: expect.any(Number) } };
    const attempt = async (client: TestClient) => {
      const stream = await openEventStream(client);
      open.push(stream);
      return { status: stream.status, body: stream.errorBody };
    };
    try {
      // One cashier signed in again and again from one till: a fresh session does not lift the user's cap.
      const cashierId = await newCashier();
      for (let i = 0; i < MAX_STREAMS_PER_USER / MAX_STREAMS_PER_SESSION; i++) {
        await fill(await session(cashierId, '10.25.0.1'));
      }
      expect(await attempt(await session(cashierId, '10.25.0.1'))).toEqual(tooMany);

      // A venue's tills behind one NAT address: each cashier under their own cap, the address at its cap.
      for (let i = 0; i < MAX_STREAMS_PER_ADDRESS / MAX_STREAMS_PER_SESSION; i++) {
        await fill(await session(await newCashier(), '10.25.0.2'));
      }
      expect(await attempt(await session(await newCashier(), '10.25.0.2'))).toEqual(tooMany);
      // Another address is not held back by it.
      expect((await attempt(await session(await newCashier(), '10.25.0.3'))).status).toBe(200);
    } finally {
      for (const stream of open) stream.close();
      await own.close();
    }
  });

  it('ends every open stream when the server closes, so closing does not wait on them', async () => {
    const own = await database.open();
    const closing = await startTestServer(own);
    const venue = await createVenue(own, { float: 1_00 });
    const stream = await listen((await cashierClient(closing, own, venue.id)).client);
    await closing.close();
    await stream.ended();
    await own.close();
  });
});

describe.skipIf(!postgresTestDatabase)('live updates across server processes on PostgreSQL', () => {
  let db: Db;
  let second: Db;
  let front: TestServer;
  let back: TestServer;
  let venueId: number;

  beforeAll(async () => {
    db = await postgresTestDatabase!.open();
    // A second pool on the same schema: what a second server process of the same deployment would have.
    second = openDatabase({ kind: 'postgres', url: db.postgresUrl!, poolSize: 4 });
    front = await startTestServer(db, { config: { enrollmentOpen: true } });
    back = await startTestServer(second);
    venueId = (await createVenue(db, { float: 1_000_00 })).id;
  });

  afterAll(async () => {
    await front.close();
    await back.close();
    await second.close();
    await db.close();
  });

  it('a deposit through one process reaches a terminal streaming from the other', async () => {
    const installer = (await cashierClient(front, db, venueId)).client;
    const cabinet = await linkCabinet(front, installer);
    const watcher = await listen((await cashierClient(back, db, venueId)).client);
    expect((await cash(installer, cabinet.id, 1, 7_00)).status).toBe(200);
    expect(await nextFloatChange(watcher)).toEqual({ float: true, devices: [cabinet.id] });
    watcher.close();
  });

  it('ends its streams when its LISTEN connection drops, and listens again for the next stream', async () => {
    const terminal = (await cashierClient(back, db, venueId)).client;
    const stream = await listen(terminal);
    // Every listener of this schema's servers (named so by pg-change-feed.ts, so parallel suites' listeners
    // are left alone); dropping them is what a database restart does.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = ${LISTENER_APPLICATION_PREFIX} || current_schema()
                and pid <> pg_backend_pid()`.execute(db.kysely);
    await stream.ended();

    const again = await listen(terminal);
    const installer = (await cashierClient(front, db, venueId)).client;
    const cabinet = await linkCabinet(front, installer);
    expect((await cash(installer, cabinet.id, 2, 3_00)).status).toBe(200);
    expect(await nextFloatChange(again)).toEqual({ float: true, devices: [cabinet.id] });
    again.close();
  });
});
