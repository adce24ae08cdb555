// A device's own push stream (GET /device/events/stream, gateway/device-stream.ts): a cabinet hears its
// state in the hello, then at once its link, a cashier's deposit on its seat, a withdraw and its unlink;
// never another venue's or another device's changes, nor its own game events; a token that stops naming
// it ends the stream; the caps per device and per address hold at their edge.
import { randomBytes } from 'node:crypto';
import { deviceState as deviceStateSchema, ERR, LIVE_COALESCE_MS, TX_TYPE } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokingTransaction } from '../../src/auth/auth-cache.js';
import { insertDevice, insertPlaces } from '../../src/devices/devices.repository.js';
import { MAX_DEVICE_STREAMS_PER_ADDRESS, MAX_STREAMS_PER_DEVICE } from '../../src/gateway/device-stream.js';
import { hashToken } from '../../src/gateway/gateway.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { signedInAs } from '../back-office/support.js';
import {
  cash,
  cashierClient,
  deviceState,
  enrollDevice,
  linkCabinet,
  newTrx,
  sendEvent,
  showPin,
} from '../helpers/cashier.js';
import { testDatabases } from '../helpers/databases.js';
import { openEventStream, type OpenedStream, type SseMessage } from '../helpers/event-stream.js';
import { createVenue } from '../helpers/factories.js';
import { startTestServer, type TestClient, type TestServer } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

const HEARTBEAT_MS = 150;
const PATH = '/device/events/stream';

/** A client on the server's root sending the device's token, as a cabinet's firmware would. */
function asDevice(server: TestServer, auth: Record<string, string>, address?: string): TestClient {
  const headers = { ...auth, ...(address === undefined ? {} : { 'x-forwarded-for': address }) };
  return server.client({ base: server.baseUrl, headers });
}

function stateOf(message: SseMessage, event: 'hello' | 'state' = 'state') {
  expect(message.event).toBe(event);
  return deviceStateSchema.strict().parse(message.data);
}

const entriesOf = (state: { places: { place: number; balances: { entries: number } }[] }) =>
  state.places.map((p) => p.balances.entries);

describe.each(testDatabases)('a device’s own stream on $name', (database) => {
  let venueId: number;
  let cashier: TestClient;
  let manager: TestClient;
  let outsider: TestClient;
  const streams: OpenedStream[] = [];

  async function listen(client: TestClient): Promise<{ stream: OpenedStream; hello: SseMessage }> {
    const stream = await openEventStream(client, PATH);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return { stream, hello: await stream.next() };
  }

  const suite = useTestServer(database, {
    config: { enrollmentOpen: true, live: { heartbeatMs: HEARTBEAT_MS } },
  });
  beforeAll(async () => {
    // No final bonus: the cabinet's seats end empty, so the manager may unlink it.
    venueId = (await createVenue(suite.db, { float: 10_000_00, final_bonus_rate_bps: 0 })).id;
    const otherVenueId = (await createVenue(suite.db, { float: 10_000_00 })).id;
    cashier = (await cashierClient(suite.server, suite.db, venueId)).client;
    outsider = (await cashierClient(suite.server, suite.db, otherVenueId)).client;
    manager = (await signedInAs(suite.server, suite.db, 'manager', venueId)).client;
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it('tells a cabinet its link, a deposit on its seat, a withdraw and its unlink, and nothing else', async () => {
    const cabinet = await enrollDevice(suite.server);
    const { stream, hello } = await listen(asDevice(suite.server, cabinet.auth));
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    // The hello is GET /device/state's answer.
    const first = stateOf(hello, 'hello');
    expect(first).toEqual((await deviceState(cabinet)).body);
    expect(first.linked).toBe(false);

    const linked = await cashier.post<{ id: number }>('/a/cashier/devices/register', {
      pin: await showPin(cabinet),
      trx: newTrx(),
    });
    expect(linked.status).toBe(200);
    const id = linked.body.id;
    expect(stateOf(await stream.next())).toEqual({ id, linked: true, places: first.places });

    expect((await cash(cashier, id, 2, 25_00)).status).toBe(200);
    expect(entriesOf(stateOf(await stream.next()))).toEqual([0, 25_00, 0, 0]);

    // Its own game, another device of the venue, another venue: none is told to this cabinet.
    const neighbour = await linkCabinet(suite.server, cashier);
    const foreign = await linkCabinet(suite.server, outsider);
    expect((await sendEvent(cabinet, { place: 2, type: TX_TYPE.pay, amount: 5_00 })).status).toBe(200);
    expect((await cash(cashier, neighbour.id, 1, 10_00)).status).toBe(200);
    expect((await cash(outsider, foreign.id, 1, 10_00)).status).toBe(200);
    await expect(stream.next(2 * LIVE_COALESCE_MS)).rejects.toThrow(/no message/);

    // The next deposit is told, read afresh: its state has the game's bet in it too.
    expect((await cash(cashier, id, 2, 30_00)).status).toBe(200);
    expect(entriesOf(stateOf(await stream.next()))).toEqual([0, 50_00, 0, 0]);

    expect((await cash(cashier, id, 2, -50_00)).status).toBe(200);
    expect(entriesOf(stateOf(await stream.next()))).toEqual([0, 0, 0, 0]);

    const unlinked = await manager.post(`/a/manager/account/${venueId}/devices/${id}/unlink`, {
      reason: 'moved to storage',
    });
    expect(unlinked.status).toBe(200);
    expect(stateOf(await stream.next())).toMatchObject({ id, linked: false });

    // Still open, waiting for its next link (by another venue this time).
    const relinked = await outsider.post('/a/cashier/devices/register', {
      pin: await showPin(cabinet),
      trx: newTrx(),
    });
    expect(relinked.status).toBe(200);
    expect(stateOf(await stream.next())).toMatchObject({ id, linked: true });
  });

  it('is refused without a valid device token, before the stream starts', async () => {
    const none = await openEventStream(suite.server.client({ base: suite.server.baseUrl }), PATH);
    expect({ status: none.status, body: none.errorBody }).toEqual({
      status: 401,
      body: { err: ERR.unauthorized },
    });
    const wrong = await openEventStream(
      asDevice(suite.server, { authorization: `Bearer ${'x'.repeat(40)}` }),
      PATH,
    );
    expect(wrong.status).toBe(401);
  });

  it('ends the stream once the token no longer names the device (revoked)', async () => {
    const cabinet = await enrollDevice(suite.server);
    const { stream, hello } = await listen(asDevice(suite.server, cabinet.auth));
    const { id } = stateOf(hello, 'hello');
    // There is no revoking route yet: a token replaced in the database, announced as every write that
    // changes what the auth cache holds announces it (auth/auth-cache.ts).
    await revokingTransaction(suite.db, suite.server.ctx.auth, async (tx, revoke) => {
      await tx
        .updateTable('devices')
        .set({ token_hash: hashToken(randomBytes(32).toString('base64url')) })
        .where('id', '=', id)
        .execute();
      await revoke({ device: id });
    });
    await stream.ended(20 * HEARTBEAT_MS);
    expect((await deviceState(cabinet)).status).toBe(401);
  });

  it(`caps a device at ${MAX_STREAMS_PER_DEVICE} open streams: the last opens, the next is 429 until one closes`, async () => {
    const cabinet = await enrollDevice(suite.server);
    const open: OpenedStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_DEVICE; i++)
      open.push((await listen(asDevice(suite.server, cabinet.auth))).stream);
    const refused = await openEventStream(asDevice(suite.server, cabinet.auth), PATH);
    expect({ status: refused.status, body: refused.errorBody }).toEqual({
      status: 429,
      body: { err: ERR.tooManyAttempts, retry_after: expect.any(Number) },
    });
    // Another device is not held back by this one.
    await listen(asDevice(suite.server, (await enrollDevice(suite.server)).auth));

    open.pop()!.close();
    // The server hears of the closed socket a moment later.
    let again = await openEventStream(asDevice(suite.server, cabinet.auth), PATH);
    for (let tries = 0; again.status === 429 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await openEventStream(asDevice(suite.server, cabinet.auth), PATH);
    }
    expect(again.status).toBe(200);
    streams.push(again, ...open);
  });

  it(`caps an address at ${MAX_DEVICE_STREAMS_PER_ADDRESS} device streams: the last opens, the next is 429`, async () => {
    // A server of its own that trusts X-Forwarded-For: its addresses hold only this test's streams. The
    // devices are written straight to the database: enrolling this many would pass the enrollment throttle.
    const own = await startTestServer(suite.db, { config: { trustProxy: true } });
    const open: OpenedStream[] = [];
    const newDevice = async (): Promise<Record<string, string>> => {
      const token = randomBytes(32).toString('base64url');
      const id = await insertDevice(suite.db.kysely, {
        uuid: randomBytes(16).toString('base64'),
        account_id: null,
        type: 0,
        module: 1,
        game_id: 1,
        name: 'Capped',
        status: 'registering',
        token_hash: hashToken(token),
        created_at_ms: Date.now(),
      });
      await insertPlaces(suite.db.kysely, id, 1);
      return { authorization: `Bearer ${token}` };
    };
    const attempt = async (auth: Record<string, string>, address: string) => {
      const stream = await openEventStream(asDevice(own, auth, address), PATH);
      open.push(stream);
      return { status: stream.status, body: stream.errorBody };
    };
    try {
      const perDevice = MAX_STREAMS_PER_DEVICE;
      for (let d = 0; d < MAX_DEVICE_STREAMS_PER_ADDRESS / perDevice; d++) {
        const auth = await newDevice();
        for (let i = 0; i < perDevice; i++) expect((await attempt(auth, '10.31.0.1')).status).toBe(200);
      }
      const next = await newDevice();
      expect(await attempt(next, '10.31.0.1')).toEqual({
        status: 429,
        body: { err: ERR.tooManyAttempts, retry_after: expect.any(Number) },
      });
      // The same device from another address is not held back by it.
      expect((await attempt(next, '10.31.0.2')).status).toBe(200);
    } finally {
      for (const stream of open) stream.close();
      await own.close();
    }
  });
});
