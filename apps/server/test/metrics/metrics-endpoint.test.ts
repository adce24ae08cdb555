// GET /metrics over HTTP on a real server: the ledger counters move as a cashier's calls are applied,
// refused, replayed or conflict; request durations carry the route pattern, never the URL; the open
// streams and the pool are there; and only this machine, or a scraper with the token, may read it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { testDatabases } from '../helpers/databases.js';
import { openEventStream } from '../helpers/event-stream.js';
import { createLinkedDevice, createVenue } from '../helpers/factories.js';
import { startTestServer, type TestClient, type TestServer } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cashierClient } from '../helpers/cashier.js';
import { parseSamples, valueOf, type Sample } from './scrape.js';

const TOKEN = 'a-scraper-token-of-some-length';
const REMOTE = { 'x-forwarded-for': '203.0.113.9' };
const OPERATIONS = 'cashdesk_ledger_operations_total';
const DURATION_COUNT = 'cashdesk_http_request_duration_seconds_count';

async function scrape(server: TestServer, headers: Record<string, string> = {}): Promise<Sample[]> {
  const res = await fetch(`${server.baseUrl}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseSamples(await res.text());
}

describe.each(testDatabases)('GET /metrics on $name', (database) => {
  let cashier: TestClient;
  let deviceId: number;

  // trustProxy: a test client may then say it is remote with X-Forwarded-For, as one behind a proxy is.
  const suite = useTestServer(database, { config: { trustProxy: true, metrics: { token: TOKEN } } });
  beforeAll(async () => {
    const venue = await createVenue(suite.db, { float: 1_000_00, max_amount: 500_00 });
    deviceId = (await createLinkedDevice(suite.db, { account_id: venue.id })).id;
    ({ client: cashier } = await cashierClient(suite.server, suite.db, venue.id));
  });

  const cash = (delta: number, trx: string = randomUUID()) =>
    cashier.post(`/a/cashier/devices/${deviceId}/place/1/update`, { delta, trx });

  it('counts ledger operations by kind and outcome: applied, refused, replayed, conflict', async () => {
    const before = await scrape(suite.server);
    const count = (samples: Sample[], kind: string, outcome: string) =>
      valueOf(samples, OPERATIONS, { kind, outcome });

    const trx = randomUUID();
    expect((await cash(100_00, trx)).status).toBe(200);
    expect((await cash(100_00, trx)).status).toBe(200); // the stored answer, again
    expect((await cash(50_00, trx)).status).toBe(422); // the same trx for another amount
    expect((await cash(600_00)).status).toBe(422); // over the venue's maximum
    expect((await cash(-30_00)).status).toBe(200);
    expect((await cash(-70_00)).status).toBe(200); // the rest of the entries: a cash-out

    const after = await scrape(suite.server);
    const moved = (kind: string, outcome: string) =>
      count(after, kind, outcome) - count(before, kind, outcome);
    expect({
      applied: moved('deposit', 'applied'),
      replayed: moved('deposit', 'replayed'),
      conflict: moved('deposit', 'conflict'),
      refused: moved('deposit', 'refused'),
      withdraw: moved('withdraw', 'applied'),
      cashOut: moved('cash_out', 'applied'),
    }).toEqual({ applied: 1, replayed: 1, conflict: 1, refused: 1, withdraw: 1, cashOut: 1 });
  });

  it("counts a player's transfers between seats as transfers", async () => {
    const before = await scrape(suite.server);
    const venueId = (
      await suite.db.kysely
        .selectFrom('devices')
        .select('account_id')
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow()
    ).account_id!;
    const now = Date.now();
    const player = await suite.db.kysely
      .insertInto('players')
      .values({ account_id: venueId, card: `metrics-${now}`, created_at_ms: now, updated_at_ms: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/a/cashier/devices/${deviceId}/place/2/update`;
    expect((await cashier.post(url, { delta: 10_00, trx: randomUUID(), player_id: player.id })).status).toBe(
      200,
    );
    const move = (amount: number) =>
      cashier.post(`/a/cashier/players/${player.id}/transfer`, {
        from: { device_id: deviceId, place: 2 },
        to: { device_id: deviceId, place: 3 },
        amount,
        trx: randomUUID(),
      });
    expect((await move(4_00)).status).toBe(200);
    expect((await move(7_00)).status).toBe(422); // more than the seat holds
    const after = await scrape(suite.server);
    const moved = (outcome: string) =>
      valueOf(after, OPERATIONS, { kind: 'transfer', outcome }) -
      valueOf(before, OPERATIONS, { kind: 'transfer', outcome });
    expect({ applied: moved('applied'), refused: moved('refused') }).toEqual({ applied: 1, refused: 1 });
  });

  it('shows how many operations each ledger batch committed', async () => {
    const BATCH = 'cashdesk_ledger_batch_size';
    const before = await scrape(suite.server);
    const answers = await Promise.all(Array.from({ length: 8 }, () => cash(1_00)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const after = await scrape(suite.server);
    const moved = (suffix: string) =>
      valueOf(after, `${BATCH}_${suffix}`) - valueOf(before, `${BATCH}_${suffix}`);
    // Every deposit was committed in some batch, and no batch held more than the eight.
    expect(moved('sum')).toBe(8);
    expect(moved('count')).toBeGreaterThanOrEqual(1);
    expect(moved('count')).toBeLessThanOrEqual(8);
  });

  it('times requests by route pattern and status, never by the URL a client sent', async () => {
    await cashier.get(`/a/cashier/devices/${deviceId}`);
    await cashier.get(`/no/such/path/${randomUUID()}`);
    const samples = await scrape(suite.server);

    const route = '/api/v1/a/cashier/devices/:id';
    expect(valueOf(samples, DURATION_COUNT, { method: 'GET', route, status_code: '200' })).toBeGreaterThan(0);
    expect(valueOf(samples, DURATION_COUNT, { route: 'unmatched', status_code: '404' })).toBeGreaterThan(0);
    const routes = new Set(samples.filter((s) => s.name === DURATION_COUNT).map((s) => s.labels.route));
    expect([...routes].filter((r) => r !== undefined && /\d{2,}|[0-9a-f]{8}-/.test(r))).toEqual([]);
  });

  it('shows the open live-update streams, the event-loop lag and, on PostgreSQL, the pool', async () => {
    const stream = await openEventStream(cashier);
    expect(stream.status).toBe(200);
    const open = await scrape(suite.server);
    expect(valueOf(open, 'cashdesk_live_streams_open')).toBe(1);
    stream.close();
    await expect.poll(async () => valueOf(await scrape(suite.server), 'cashdesk_live_streams_open')).toBe(0);

    expect(open.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    const pools = open.filter((s) => s.name === 'cashdesk_db_pool_connections');
    if (database.name === 'postgres') {
      // The queries' pool has served this test; the ledger's batches have their own (pipeline mode).
      expect(pools.map((s) => s.labels.pool).sort()).toEqual(['ledger_batches', 'queries']);
      expect(valueOf(open, 'cashdesk_db_pool_connections', { pool: 'queries' })).toBeGreaterThan(0);
    } else expect(pools).toEqual([]); // one embedded connection: no pool to describe
  });

  it('answers a remote client only with the configured bearer token', async () => {
    const remote = (headers: Record<string, string>) =>
      fetch(`${suite.server.baseUrl}/metrics`, { headers: { ...REMOTE, ...headers } });

    const anonymous = await remote({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await anonymous.json()).toEqual({ err: 'unauthorized' });
    expect((await remote({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await remote({ authorization: TOKEN })).status).toBe(401);

    const scraper = await remote({ authorization: `Bearer ${TOKEN}` });
    expect(scraper.status).toBe(200);
    expect(await scraper.text()).toContain(OPERATIONS);
  });
});

describe('GET /metrics without a token configured', () => {
  let db: Db;
  afterAll(async () => {
    await db.close();
  });
  beforeAll(async () => {
    db = await testDatabases[0]!.open();
  });

  it('is for this machine only: a remote client gets the 404 of any unknown path', async () => {
    const server = await startTestServer(db, { config: { trustProxy: true } });
    try {
      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(200);
      const remote = await fetch(`${server.baseUrl}/metrics`, {
        headers: { ...REMOTE, authorization: 'Bearer anything-at-all-here' },
      });
      expect(remote.status).toBe(404);
      expect(await remote.json()).toEqual({ err: 'not found' });
    } finally {
      await server.close();
    }
  });

  it('takes a proxied request for a remote one unless the proxy is trusted', async () => {
    // A reverse proxy on this machine without TRUST_PROXY: the socket is loopback, the client is not.
    const server = await startTestServer(db, { config: { trustProxy: false } });
    try {
      expect((await fetch(`${server.baseUrl}/metrics`, { headers: REMOTE })).status).toBe(404);
      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
