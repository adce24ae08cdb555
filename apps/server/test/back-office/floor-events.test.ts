// The overview's live stream (GET /a/manager/account/:id/events): the venue's manager and an admin hear
// its changes, not another venue's; the stream ends once its reader may no longer read the venue.
import type { FloorAlert } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseAlert } from '../../src/back-office/floor/floor.repository.js';
import { updateUser } from '../../src/users/users.repository.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { openEventStream, type OpenedStream } from '../helpers/event-stream.js';
import { type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cash, shiftVenue, type ShiftVenue } from '../shifts/support.js';
import { signedInAs } from './support.js';

const HEARTBEAT_MS = 150;

describe.each(testDatabases)("the overview's live stream on $name", (database) => {
  let v: ShiftVenue;
  const streams: OpenedStream[] = [];
  const listen = async (client: TestClient, accountId = v.venue.id) => {
    const stream = await openEventStream(client, `/a/manager/account/${accountId}/events`);
    streams.push(stream);
    return stream;
  };

  const suite = useTestServer(database, { config: { live: { heartbeatMs: HEARTBEAT_MS } } });
  beforeAll(async () => {
    v = await shiftVenue(suite.server, suite.db, { shifts: false });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
  });

  it("tells the venue's manager and an admin of its changes, and nobody of another venue's", async () => {
    const manager = await signedInAs(suite.server, suite.db, 'manager', v.venue.id);
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    const other = await createVenue(suite.db);
    const otherManager = await signedInAs(suite.server, suite.db, 'manager', other.id);
    const mine = await listen(manager.client);
    const admins = await listen(admin.client);
    const theirs = await listen(otherManager.client, other.id);
    for (const stream of [mine, admins, theirs]) expect((await stream.next()).event).toBe('hello');

    expect((await cash(v, 20_00)).status).toBe(200);
    for (const stream of [mine, admins]) {
      expect(await stream.next()).toEqual({ event: 'change', data: { float: true, devices: [v.deviceId] } });
    }
    await expect(theirs.next(3 * HEARTBEAT_MS)).rejects.toThrow();
  });

  it("tells the overview of a change of the venue's alerts (an acknowledgement here), and no terminal", async () => {
    const manager = await signedInAs(suite.server, suite.db, 'manager', v.venue.id);
    const overview = await listen(manager.client);
    const terminal = await openEventStream(v.cashier);
    streams.push(terminal);
    for (const stream of [overview, terminal]) expect((await stream.next()).event).toBe('hello');
    await raiseAlert(suite.db.kysely, {
      account_id: v.venue.id,
      kind: 'float_low',
      subject: `account:${v.venue.id}`,
      details: 'float low',
      now_ms: Date.now(),
    });
    const [open] = (await manager.client.get<FloorAlert[]>(`/a/manager/account/${v.venue.id}/alerts`)).body;
    const acked = await manager.client.post(`/a/manager/account/${v.venue.id}/alerts/${open!.id}/ack`, {});
    expect(acked.status).toBe(200);
    expect(await overview.next()).toEqual({
      event: 'change',
      data: { float: false, devices: [], alerts: true },
    });
    await expect(terminal.next(3 * HEARTBEAT_MS)).rejects.toThrow();
  });

  it('ends the stream once its manager is blocked or signs out', async () => {
    const blocked = await signedInAs(suite.server, suite.db, 'manager', v.venue.id);
    const stream = await listen(blocked.client);
    expect((await stream.next()).event).toBe('hello');
    await updateUser(suite.db.kysely, blocked.id, { blocked: true });
    suite.server.ctx.auth.forget({ all: true });
    await stream.ended(20 * HEARTBEAT_MS);

    const leaving = await signedInAs(suite.server, suite.db, 'manager', v.venue.id);
    const signedOut = await listen(leaving.client);
    expect((await signedOut.next()).event).toBe('hello');
    expect((await leaving.client.clone().post('/a/sign_out')).status).toBe(200);
    await signedOut.ended(20 * HEARTBEAT_MS);
  });
});
