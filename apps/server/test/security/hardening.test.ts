// Findings of the security review that are about the server's surface (docs/security.md, "Hardening"):
// unknown paths that look like files or API calls are a JSON 404 (not the web page), a state-changing
// call from another site is refused by its Sec-Fetch-Site or Origin, and a money move that would take a
// balance past 2^53 - 1 cents is a 400 that moves nothing (never a 500).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERR } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isScreenPath } from '../../src/app.js';
import type { Db } from '../../src/db/database.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { signedInAs } from '../back-office/support.js';
import { answer, cash, cashierClient, linkCabinet, newTrx } from '../helpers/cashier.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { databaseSnapshot } from './snapshot.js';

describe('isScreenPath', () => {
  it.each([
    '/',
    '/devices',
    '/devices/12?type=1',
    '/history',
    '/get-client',
    '/maintenance-redirect',
    '/nope',
  ])('%s may be a screen', (url) => expect(isScreenPath(url)).toBe(true));
  it.each([
    '/backup.sql',
    '/.env',
    '/.git/config',
    '/wp-admin/setup-config.php',
    '/assets/missing.js',
    '/DUMP.SQL.GZ',
    '/api',
    '/api/v2/anything',
    '/API/v1/a/me',
    '/device/nothing',
  ])('%s is not', (url) => expect(isScreenPath(url)).toBe(false));
});

describe.each(testDatabases)('hardening on $name', (database) => {
  let db: Db;
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    db = await database.open();
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Cashdesk</title>');
    server = await startTestServer(db, { config: { webDist, enrollmentOpen: true } });
  });

  afterAll(async () => {
    expect(await verifyLedger(db)).toEqual([]);
    await server.close();
    await db.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the web page for screen paths and a JSON 404 for file-like and unknown API paths', async () => {
    for (const url of ['/devices', '/history', '/some/unknown/screen']) {
      const res = await fetch(`${server.baseUrl}${url}`);
      expect([url, res.status, res.headers.get('content-type')]).toEqual([
        url,
        200,
        expect.stringContaining('text/html'),
      ]);
    }
    for (const url of ['/backup.sql', '/.env', '/.git/HEAD', '/config.php', '/api/v1/nope', '/api/v9/a/me']) {
      const res = await fetch(`${server.baseUrl}${url}`);
      expect([url, res.status, await res.json()]).toEqual([url, 404, { err: ERR.notFound }]);
    }
  });

  it('refuses a state-changing API call a browser says came from another site, whatever it carries', async () => {
    const venue = await createVenue(db, { float: 100_00 });
    const { client } = await cashierClient(server, db, venue.id);
    const cabinet = await linkCabinet(server, client);
    const deposit = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/api/v1/a/cashier/devices/${cabinet.id}/place/1/update`, {
        method: 'POST',
        headers: { cookie: `x-token=${client.token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ delta: 1_00, trx: newTrx() }),
      });
    const before = await databaseSnapshot(db);
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      // An older browser without Sec-Fetch-*: its Origin names another site.
      { origin: 'https://evil.example' },
      // Sec-Fetch-Site decides when both are there.
      { 'sec-fetch-site': 'cross-site', origin: server.baseUrl },
    ];
    for (const headers of refused) {
      const res = await deposit(headers);
      expect([headers, res.status, await res.json()]).toEqual([headers, 403, { err: ERR.forbidden }]);
    }
    expect(await databaseSnapshot(db)).toBe(before);

    // The till's own page, an older browser on the same origin, and clients that are not browsers pass.
    const passing: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { origin: server.baseUrl },
      {},
    ];
    for (const headers of passing) {
      expect([headers, (await deposit(headers)).status]).toEqual([headers, 200]);
    }
    // Reading is not refused: another site's page cannot read the answer anyway (no CORS).
    const read = await fetch(`${server.baseUrl}/api/v1/a/cashier/account_balance`, {
      headers: { cookie: `x-token=${client.token}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(200);
  });

  it('signs out by GET as the spec names it, and refuses a GET another site sent, leaving the session alive', async () => {
    const venue = await createVenue(db);
    const { client } = await cashierClient(server, db, venue.id);
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of foreign) {
      const res = await client.get('/a/sign_out', headers);
      expect([headers, res.status, res.body]).toEqual([headers, 403, { err: ERR.forbidden }]);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await client.get('/a/me')).status).toBe(200);
    // A HEAD is a read: it has no sign-out twin.
    const head = await fetch(`${server.apiUrl}/a/sign_out`, {
      method: 'HEAD',
      headers: { cookie: `x-token=${client.token}` },
    });
    expect(head.status).toBe(404);
    expect((await client.get('/a/me')).status).toBe(200);

    const out = await client.get('/a/sign_out', { 'sec-fetch-site': 'same-origin' });
    expect(out.body).toEqual({ ok: true });
    expect(client.token).toBeNull();
    expect((await client.get('/a/me')).status).toBe(401);
    // Without a session it still answers with the cookie cleared, as the POST does.
    expect((await client.get('/a/sign_out')).body).toEqual({ ok: true });
  });

  it('refuses a float move that would overflow with 400, moves nothing and keeps the trx unused', async () => {
    const venue = await createVenue(db, { float: 100_00 });
    const manager = await signedInAs(server, db, 'manager', venue.id);
    const move = `/a/manager/account/${venue.id}/move`;
    const trx = newTrx();
    const before = await databaseSnapshot(db);
    const res = await manager.client.post(move, { delta: Number.MAX_SAFE_INTEGER, trx, reason: 'too much' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      err: ERR.validation,
      issues: [{ path: 'delta', message: 'would take a balance past the largest amount' }],
    });
    expect(await databaseSnapshot(db)).toBe(before);
    // The trx was not used up: the same trx with an amount that fits goes through.
    const fits = await manager.client.post(move, { delta: 1_00, trx, reason: 'too much' });
    expect(fits.body).toMatchObject({ trx, balance: 101_00 });
  });

  it('refuses a withdraw that would take the float past the largest amount with 400, not 500', async () => {
    const venue = await createVenue(db, { float: Number.MAX_SAFE_INTEGER - 5_00, max_amount: 1_000_00 });
    const { client } = await cashierClient(server, db, venue.id);
    const cabinet = await linkCabinet(server, client);
    expect((await cash(client, cabinet.id, 1, 10_00)).status).toBe(200);
    // The float now sits 15.00 below the largest amount: paying 10.00 back would not overflow, but
    // a float topped up to the brim would.
    const manager = await signedInAs(server, db, 'manager', venue.id);
    await manager.client.post(`/a/manager/account/${venue.id}/move`, {
      delta: 15_00,
      trx: newTrx(),
      reason: 'to the brim',
    });
    const before = await databaseSnapshot(db);
    const withdraw = await cash(client, cabinet.id, 1, -10_00);
    expect(answer(withdraw)).toMatchObject({ status: 400, body: { err: ERR.validation } });
    expect(await databaseSnapshot(db)).toBe(before);
  });
});
