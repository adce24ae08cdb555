// Fuller batches over HTTP: the group commit hears of a money call when its request
// arrives (http/ledger-arrivals.ts), so a batch about to start waits, within LEDGER_WAIT_US, for the calls
// already on their way; a lone call, with nothing on its way, never waits.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { TX_TYPE } from '@cashdesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createVenue } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Long enough that a batch which waited for its bound is told apart from one that did not wait. */
const WAIT_US = 400_000;

describe.each(testDatabases)('calls on their way to the ledger on $name', (database) => {
  let db: Db;
  let server: TestServer;
  let batches: number[];

  afterEach(async () => {
    await server.close();
    await db.close();
  });

  async function start(waitUs: number) {
    db = await database.open();
    server = await startTestServer(db, {
      config: { ledger: { batchMax: 64, lanes: 4, waitUs } },
    });
    batches = [];
    server.ctx.ledger.onBatch((size) => batches.push(size));
    const venue = await createVenue(db, { float: 1_000_00 });
    const device = await createLinkedDevice(db, { account_id: venue.id, places: 4 });
    const token = randomBytes(32).toString('base64url');
    await db.kysely
      .updateTable('devices')
      .set({ token_hash: createHash('sha256').update(token).digest('hex') })
      .where('id', '=', device.id)
      .execute();
    return token;
  }

  const winBody = (place: number) =>
    JSON.stringify({ trx: randomUUID(), place, type: TX_TYPE.win, amount: 1_00 });

  /** A game event sent whole; resolves with its status and how long it took, in ms. */
  async function event(token: string, place: number) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/device/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: winBody(place),
    });
    await response.text();
    return { status: response.status, ms: performance.now() - started };
  }

  /**
   * A game event whose headers go now and whose body follows when `sendBody` is called: a call the server
   * has heard of that is still on its way. Resolves with the answer's status line.
   */
  function eventInTwoParts(token: string, place: number) {
    const body = winBody(place);
    const socket = net.connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
    socket.write(
      `POST /device/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    let received = '';
    const answered = new Promise<string>((resolve, reject) => {
      socket.on('data', (chunk) => {
        received += chunk.toString();
        if (received.includes('\r\n\r\n')) resolve(received.split('\r\n')[0]!);
      });
      socket.on('error', reject);
    });
    return { sendBody: () => socket.write(body), answered, abort: () => socket.destroy() };
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('holds a batch for a call on its way, so the two commit together', async () => {
    const token = await start(WAIT_US);
    const later = eventInTwoParts(token, 2);
    await pause(50); // the server has its headers: it counts the call
    const now = event(token, 1);
    await pause(50);
    later.sendBody();
    expect(await later.answered).toBe('HTTP/1.1 200 OK');
    expect((await now).status).toBe(200);
    expect(batches).toEqual([2]);
  });

  it('commits them apart when told not to wait (LEDGER_WAIT_US=0)', async () => {
    const token = await start(0);
    const later = eventInTwoParts(token, 2);
    await pause(50);
    const now = event(token, 1);
    await pause(50);
    later.sendBody();
    expect(await later.answered).toBe('HTTP/1.1 200 OK');
    expect((await now).status).toBe(200);
    expect(batches).toEqual([1, 1]);
  });

  it('lets a lone call go at once: nothing is on its way', async () => {
    const token = await start(WAIT_US);
    await event(token, 1); // warms the routes and the statements
    const lone = await event(token, 2);
    expect(lone.status).toBe(200);
    expect(lone.ms).toBeLessThan(WAIT_US / 1000 / 2);
    expect(batches).toEqual([1, 1]);
  });

  it('stops waiting for a call whose client went away', async () => {
    const token = await start(WAIT_US);
    await event(token, 1);
    const gone = eventInTwoParts(token, 2);
    await pause(50);
    gone.abort();
    await pause(50);
    const next = await event(token, 3);
    expect(next.status).toBe(200);
    expect(next.ms).toBeLessThan(WAIT_US / 1000 / 2);
  });
});
