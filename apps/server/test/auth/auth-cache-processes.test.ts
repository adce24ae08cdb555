// The auth cache across processes (src/auth/auth-cache.ts). PostgreSQL: two servers on one database, each
// with its own pool, cache and listening connection (as two processes have); a revocation made through
// one is refused by the other on the very next call, a dropped listening connection leaves no stale entry,
// and the operator CLI, a real child process, revokes in both. SQLite: the CLI as a real child process
// writing to the server's file; the server's next call sees it (PRAGMA data_version).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERR } from '@cashdesk/contract';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { REVOCATION_ACKS_CHANNEL } from '../../src/live/pg-change-feed.js';
import { signedInAs } from '../back-office/support.js';
import { ALL_RESTRICTIONS } from '../helpers/cashier.js';
import { postgresTestDatabase } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { createSignedInUser, startTestServer, type TestClient, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run cashdesk -- <argv>` as its own process, against the database `env` names. */
function runCliProcess(argv: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(SERVER_DIR, '../../node_modules/.bin/tsx'), ['src/cli/main.ts', ...argv], {
      cwd: SERVER_DIR,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

/** The same session's cookie, sent to another server. */
function sameSessionOn(server: TestServer, client: TestClient): TestClient {
  const other = server.client();
  other.token = client.token;
  return other;
}

const status = async (client: TestClient, urlPath = '/a/me') => (await client.get(urlPath)).status;

describe.skipIf(!postgresTestDatabase)('auth cache across server processes on PostgreSQL', () => {
  let dbA: Db;
  let dbB: Db;
  let a: TestServer;
  let b: TestServer;
  let venueId: number;

  beforeAll(async () => {
    dbA = await postgresTestDatabase!.open();
    // Another pool, cache and listener on the same schema: what a second server process holds.
    dbB = openDatabase({ kind: 'postgres', url: dbA.postgresUrl!, poolSize: 5 });
    a = await startTestServer(dbA);
    b = await startTestServer(dbB);
    await until(() => a.ctx.auth.ticket() !== null && b.ctx.auth.ticket() !== null);
    venueId = (await createVenue(dbA, { float: 1_000_00 })).id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dbB?.close();
    await dbA?.close();
  });

  /** A user signed in on A whose session B has cached. */
  async function cachedOnB(options: Parameters<typeof createSignedInUser>[1] = {}) {
    const user = await createSignedInUser(a, options);
    const onB = sameSessionOn(b, user.client);
    expect(await status(onB)).toBe(200);
    expect(await status(onB)).toBe(200);
    return { ...user, onB };
  }
  const admin = async () => (await signedInAs(a, dbA, 'admin', null)).client;

  it('serves B from its cache', async () => {
    const before = b.ctx.auth.size.sessions;
    await cachedOnB();
    expect(b.ctx.auth.size.sessions).toBe(before + 1);
  });

  it('sign-out on A: refused on B at once', async () => {
    const user = await cachedOnB();
    expect((await user.client.post('/a/sign_out')).status).toBe(200);
    expect(await status(user.onB)).toBe(401);
  });

  it('a slow process B: the writer answers only once B has forgotten, so B refuses at once', async () => {
    const user = await cachedOnB();
    // B hears the revocation 300 ms late (a busy event loop), then forgets and acknowledges as its
    // listener does (live/pg-change-feed.ts). A writer that stopped waiting for acknowledgements would
    // answer first, and B would still serve the ended session from its cache.
    const hear = b.ctx.auth.received.bind(b.ctx.auth);
    b.ctx.auth.received = (payload, schema) => {
      setTimeout(() => {
        const nonce = hear(payload, schema);
        if (nonce !== null)
          void sql`select pg_notify(${REVOCATION_ACKS_CHANNEL}, ${nonce})`.execute(dbB.kysely);
      }, 300);
      return null;
    };
    try {
      expect((await user.client.post('/a/sign_out')).status).toBe(200);
      expect(await status(user.onB)).toBe(401);
    } finally {
      b.ctx.auth.received = hear;
    }
  });

  it('block and set_password by an admin on A: refused on B at once', async () => {
    const blocked = await cachedOnB({ account_id: venueId });
    const res = await (await admin()).post(`/a/admin/user/${blocked.user.id}`, { blocked: true });
    expect(res.status).toBe(200);
    // Refused as blocked (the till says so), not as signed out.
    expect(await status(blocked.onB)).toBe(403);

    const renewed = await cachedOnB();
    const set = await (
      await admin()
    ).post(`/a/admin/user/${renewed.user.id}/set_password`, { password: 'another horse staple 7' });
    expect(set.status).toBe(200);
    expect(await status(renewed.onB)).toBe(401);
  });

  it('restrictions changed on A: B refuses what they no longer allow', async () => {
    const user = await cachedOnB({ account_id: venueId, restrictions: ALL_RESTRICTIONS });
    expect((await user.onB.post('/a/cashier/devices/register', {})).status).toBe(400);
    const res = await (
      await admin()
    ).post(`/a/admin/user/${user.user.id}/set_restrictions`, { restrictions: [] });
    expect(res.status).toBe(200);
    expect((await user.onB.post('/a/cashier/devices/register', {})).body).toEqual({ err: ERR.forbidden });
  });

  it('till locked and unlocked on A: B follows at once', async () => {
    const user = await cachedOnB({ account_id: venueId });
    const devices = '/a/cashier/devices';
    expect(await status(user.onB, devices)).toBe(200);
    expect((await user.client.post('/a/lock')).status).toBe(200);
    expect(await status(user.onB, devices)).toBe(423);
    expect((await user.client.post('/a/unlock', { password: user.password })).status).toBe(200);
    expect(await status(user.onB, devices)).toBe(200);
  });

  it('the operator CLI in its own process blocks a user: refused on A and B at once', async () => {
    const user = await cachedOnB();
    expect(await status(user.client)).toBe(200);
    const run = await runCliProcess(['user:block', user.login], { DATABASE_URL: dbA.postgresUrl! });
    expect(run.code, run.out).toBe(0);
    expect(await status(user.onB)).toBe(403);
    expect(await status(user.client)).toBe(403);
  });

  it("B's listening connection drops: its cache empties and no revocation made meanwhile is missed", async () => {
    const user = await cachedOnB();
    const feed = b.ctx.changes as unknown as { listening: Promise<pg.Client> | null };
    const listener = await feed.listening!;
    await listener.end();
    await until(() => b.ctx.auth.size.sessions === 0);
    // Whether or not B listens again yet, the sign-out on A must reach B's next call.
    expect((await user.client.post('/a/sign_out')).status).toBe(200);
    expect(await status(user.onB)).toBe(401);
    // B listens again (it asks when it finds its cache off) and caches again.
    await until(() => b.ctx.auth.ticket() !== null);
    await cachedOnB();
    expect(b.ctx.auth.size.sessions).toBeGreaterThan(0);
  });
});

describe('auth cache with the operator CLI writing to the SQLite file from its own process', () => {
  let dir: string;
  let db: Db;
  let server: TestServer;
  let venueId: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-auth-cache-'));
    db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'cashdesk.sqlite') });
    await migrateToLatest(db);
    server = await startTestServer(db);
    venueId = (await createVenue(db, { float: 1_000_00 })).id;
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cli = (...argv: string[]) => runCliProcess(argv, { DATA_DIR: dir, DATABASE_URL: '' });

  it('user:block, user:password and user:restrictions apply to the next call', async () => {
    const blocked = await createSignedInUser(server);
    const renewed = await createSignedInUser(server);
    const restricted = await createSignedInUser(server, {
      account_id: venueId,
      restrictions: ALL_RESTRICTIONS,
    });
    const register = () => restricted.client.post('/a/cashier/devices/register', {});
    for (const user of [blocked, renewed]) expect(await status(user.client)).toBe(200);
    expect((await register()).status).toBe(400);
    expect(server.ctx.auth.size.sessions).toBeGreaterThanOrEqual(3);

    const runs = [
      await cli('user:block', blocked.login),
      await cli('user:password', renewed.login, 'a brand new horse 5'),
      await cli('user:restrictions', restricted.login, 'none'),
    ];
    for (const run of runs) expect(run.code, run.out).toBe(0);
    expect(await status(blocked.client)).toBe(403);
    expect(await status(renewed.client)).toBe(401);
    expect((await register()).body).toEqual({ err: ERR.forbidden });
  });
});
