// The polled calls (float, device list and detail, version) answer with an ETag and `private, no-cache`, and with
// 304 and no body when the terminal's copy is still current; everything else under /api/ stays no-store.
import { beforeAll, describe, expect, it } from 'vitest';
import { etagOf, ifNoneMatchHolds } from '../../src/http/conditional-get.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createVenue } from '../helpers/factories.js';
import { type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cashierClient, newTrx } from '../helpers/cashier.js';

describe('If-None-Match', () => {
  const etag = etagOf('{"balance":1}');
  it('holds for the same tag, weak or strong, alone or in a list, and for *', () => {
    expect(ifNoneMatchHolds(etag, etag)).toBe(true);
    expect(ifNoneMatchHolds(`W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHolds(`"other", ${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHolds('*', etag)).toBe(true);
  });
  it('does not hold for another tag or none', () => {
    expect(ifNoneMatchHolds(undefined, etag)).toBe(false);
    expect(ifNoneMatchHolds('"other"', etag)).toBe(false);
    expect(ifNoneMatchHolds(etagOf('{"balance":2}'), etag)).toBe(false);
  });
});

describe.each(testDatabases)('conditional polling answers on $name', (database) => {
  let client: TestClient;
  let deviceId: number;

  const suite = useTestServer(database);
  beforeAll(async () => {
    const venue = await createVenue(suite.db, { float: 1_000_00 });
    deviceId = (await createLinkedDevice(suite.db, { account_id: venue.id, places: 2 })).id;
    client = (await cashierClient(suite.server, suite.db, venue.id)).client;
  });

  const polled = () => [
    '/a/cashier/account_balance',
    '/a/cashier/devices',
    `/a/cashier/devices/${deviceId}`,
    '/cashier_v',
  ];

  it('tags each polled answer and marks it private, no-cache', async () => {
    for (const path of polled()) {
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('etag'), path).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
    }
  });

  it('answers 304 with no body while nothing changed, with the same tag', async () => {
    for (const path of polled()) {
      const first = await client.get(path);
      const etag = first.headers.get('etag')!;
      const again = await client.get(path, { 'if-none-match': etag });
      expect(again.status, path).toBe(304);
      expect(again.body, path).toBe('');
      expect(again.headers.get('etag'), path).toBe(etag);
    }
  });

  it('answers 200 with the new figures once a deposit changed them', async () => {
    const float = await client.get<{ balance: number }>('/a/cashier/account_balance');
    const detail = await client.get(`/a/cashier/devices/${deviceId}`);
    const list = await client.get('/a/cashier/devices');
    const deposit = await client.post(`/a/cashier/devices/${deviceId}/place/1/update`, {
      delta: 5_00,
      trx: newTrx(),
    });
    expect(deposit.status).toBe(200);

    const floatAfter = await client.get<{ balance: number }>('/a/cashier/account_balance', {
      'if-none-match': float.headers.get('etag')!,
    });
    expect(floatAfter.status).toBe(200);
    expect(floatAfter.body.balance).toBe(float.body.balance - 5_00);
    expect(floatAfter.headers.get('etag')).not.toBe(float.headers.get('etag'));

    const detailAfter = await client.get(`/a/cashier/devices/${deviceId}`, {
      'if-none-match': detail.headers.get('etag')!,
    });
    expect(detailAfter.status).toBe(200);
    expect(detailAfter.headers.get('etag')).not.toBe(detail.headers.get('etag'));

    // The device list's Payment column and 24-hour figures moved with it.
    const listAfter = await client.get('/a/cashier/devices', { 'if-none-match': list.headers.get('etag')! });
    expect(listAfter.status).toBe(200);
    expect(listAfter.headers.get('etag')).not.toBe(list.headers.get('etag'));
  });

  it('never answers 304 to a caller without a session, whatever tag it sends', async () => {
    const etag = (await client.get('/a/cashier/account_balance')).headers.get('etag')!;
    const stranger = suite.server.client();
    const res = await stranger.get('/a/cashier/account_balance', { 'if-none-match': etag });
    expect(res.status).toBe(401);
    expect(res.headers.get('etag')).toBeNull();
  });

  it('keeps every other API answer no-store and untagged', async () => {
    const res = await client.get('/a/me', { 'if-none-match': '*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
  });
});
