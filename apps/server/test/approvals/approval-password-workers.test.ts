// The approval password's throttle across server processes (WORKERS=2 on PostgreSQL, docs/operations.md
// "Workers"): failures of a login counted by either worker, through sign-in or an approval decision, add
// up in the one `sign_in_throttle` table, so neither process alone gives a guesser more attempts. A real
// server with two workers on one port; each call on a connection of its own, which the primary hands to
// the next worker in turn.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERR } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { createUserWithPassword, DEFAULT_TEST_PASSWORD } from '../helpers/server.js';
import { callOnNewConnection } from '../helpers/worker-call.js';
import { createPostgresDatabase, seedVenue, type TortureDatabase } from '../torture/fixture.js';
import { freePort, ServerProcess } from '../torture/server-process.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const API = '/api/v1';
/** Sign-in's pair key (auth/throttle.ts): locked from the 5th failure of a login from one address. */
const PAIR_THRESHOLD = 5;

/** One call on a connection of its own, so the next call may go to the other worker. */
async function call(base: string, urlPath: string, options: { token?: string; body?: unknown } = {}) {
  const answer = await callOnNewConnection(base, urlPath, options);
  const cookie = answer.headers['set-cookie']?.join('; ') ?? '';
  return {
    status: answer.status,
    worker: String(answer.worker),
    body: answer.text ? (JSON.parse(answer.text) as unknown) : null,
    retryAfter: answer.headers['retry-after'],
    token: /x-token=([^;]+)/.exec(cookie)?.[1],
  };
}

describe.skipIf(!pgUrl)('the approval password throttle with WORKERS=2 on PostgreSQL', () => {
  let database: TortureDatabase;
  let db: Db;
  let server: ServerProcess;
  let accountId: number;
  let dir: string;

  beforeAll(async () => {
    database = await createPostgresDatabase(pgUrl!);
    db = await database.open();
    accountId = (await seedVenue(db, { float: 1_000_000, overdraft: 0, cashiers: 0 })).accountId;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-approval-workers-'));
    server = new ServerProcess({
      name: 'server',
      port: await freePort(),
      database: database.serverEnv,
      logFile: path.join(dir, 'server.log'),
      env: { WORKERS: '2' },
    });
    await server.start();
    // Ready means one worker listens; wait until both answer.
    const seen = new Set<string>();
    for (let i = 0; i < 200 && seen.size < 2; i++) {
      seen.add((await call(server.baseUrl, '/readyz')).worker);
      if (seen.size < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect([...seen].sort()).toEqual(['1', '2']);
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await db?.close();
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("counts the failures both workers see, sign-in's and the approval's, as one login's: the 6th is refused by either", async () => {
    const { login } = await createUserWithPassword(db, { account_id: accountId, role: 'manager' });
    const signIn = (password: string) =>
      call(server.baseUrl, `${API}/sign_in`, { body: { login, password, remember: false } });
    const signedIn = await signIn(DEFAULT_TEST_PASSWORD);
    expect(signedIn.status).toBe(200);
    const token = signedIn.token;
    const decide = (password: string) =>
      call(server.baseUrl, `${API}/a/manager/account/${accountId}/approvals/no-such-approval`, {
        token,
        body: { decision: 'approve', password },
      });

    // Five failures of the login from this address, through both routes and, in turn, both workers.
    const allowed = [
      await signIn('a guess'),
      await decide('a guess'),
      await signIn('a guess'),
      await decide('a guess'),
      // The 5th, the last one allowed: its password is still checked.
      await decide('a guess'),
    ];
    expect(allowed.map((a) => a.status)).toEqual([403, 422, 403, 422, 422]);
    expect(allowed.at(-1)?.body).toEqual({ err: ERR.wrongPassword });
    // Each worker saw only some of them: alone, neither would have reached the 5th.
    const byWorker = new Map<string, number>();
    for (const a of allowed) byWorker.set(a.worker, (byWorker.get(a.worker) ?? 0) + 1);
    expect([...byWorker.keys()].sort()).toEqual(['1', '2']);
    expect(Math.max(...byWorker.values())).toBeLessThan(PAIR_THRESHOLD);

    // The 6th and after, the right password too: refused on both routes by both workers. A refusal is
    // not counted, so asking until each worker has answered changes nothing.
    const refusedBy = { decide: new Set<string>(), signIn: new Set<string>() };
    for (const route of ['decide', 'signIn'] as const) {
      for (let i = 0; i < 10 && refusedBy[route].size < 2; i++) {
        const answer =
          route === 'decide' ? await decide(DEFAULT_TEST_PASSWORD) : await signIn(DEFAULT_TEST_PASSWORD);
        expect(answer.status).toBe(429);
        expect(answer.body).toMatchObject({ err: ERR.tooManyAttempts, retry_after: expect.any(Number) });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        refusedBy[route].add(answer.worker);
      }
    }
    expect([[...refusedBy.decide].sort(), [...refusedBy.signIn].sort()]).toEqual([
      ['1', '2'],
      ['1', '2'],
    ]);
  });
});
