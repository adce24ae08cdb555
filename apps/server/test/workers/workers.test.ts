// WORKERS=N (src/workers/): a real server started with WORKERS=2 on PostgreSQL serves from two worker
// processes on one port, and what a terminal sees does not depend on which one answers: a session signed
// in through one works through the other, a sign-out through one ends it on the other at the next call,
// a change made through one is pushed to streams held by both, and a metrics scrape sums both. On the
// embedded database the setting falls back to one process, and says so.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_HEADER } from '../../src/app.js';
import type { Db } from '../../src/db/database.js';
import { createUserWithPassword, DEFAULT_TEST_PASSWORD } from '../helpers/server.js';
import { callOnNewConnection } from '../helpers/worker-call.js';
import {
  createPostgresDatabase,
  createSqliteDatabase,
  linkCabinets,
  seedVenue,
  type TortureDatabase,
} from '../torture/fixture.js';
import { freePort, ServerProcess } from '../torture/server-process.js';
import { until } from '../helpers/until.js';

const pgUrl = process.env.TEST_DATABASE_URL;
const API = '/api/v1';

interface Answer {
  status: number;
  worker: string | undefined;
  cookie: string | undefined;
  body: string;
}

/** One call on a connection of its own: the primary hands each new connection to the next worker. */
async function call(
  base: string,
  urlPath: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<Answer> {
  const answer = await callOnNewConnection(base, urlPath, { method: 'GET', ...options });
  return {
    status: answer.status,
    worker: answer.worker,
    cookie: answer.headers['set-cookie']?.join('; '),
    body: answer.text,
  };
}

/** Calls until an answer comes from a worker other than `not` (the next connection, in turn). */
async function callAnotherWorker(
  base: string,
  not: string,
  urlPath: string,
  options: Parameters<typeof call>[2] = {},
): Promise<Answer> {
  for (let i = 0; i < 10; i++) {
    const answer = await call(base, urlPath, options);
    if (answer.worker !== not) return answer;
  }
  throw new Error(`every answer came from worker ${not}`);
}

/** A live-updates stream held open on its own connection, with the events it has heard. */
interface Stream {
  worker: string | undefined;
  heard: string[];
  close(): void;
}

function openStream(base: string, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}${API}/a/cashier/events`,
      { agent: false, headers: { cookie: `x-token=${token}`, accept: 'text/event-stream' } },
      (response) => {
        const heard: string[] = [];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => heard.push(chunk));
        resolve({
          worker: response.headers[WORKER_HEADER] as string | undefined,
          heard,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function workDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-workers-'));
  workDirs.push(dir);
  return dir;
}

describe.skipIf(!pgUrl)('WORKERS=2 on PostgreSQL', () => {
  let database: TortureDatabase;
  let db: Db;
  let server: ServerProcess;
  let accountId: number;

  beforeAll(async () => {
    database = await createPostgresDatabase(pgUrl!);
    db = await database.open();
    accountId = (await seedVenue(db, { float: 1_000_000, overdraft: 0, cashiers: 0 })).accountId;
    const dir = workDir();
    server = new ServerProcess({
      name: 'server',
      port: await freePort(),
      database: database.serverEnv,
      logFile: path.join(dir, 'server.log'),
      env: { WORKERS: '2' },
    });
    await server.start();
    // Ready means one worker listens; the other may still be starting.
    const seen = new Set<string | undefined>();
    await untilAsync(async () => {
      seen.add((await call(server.baseUrl, '/readyz')).worker);
      return seen.has('1') && seen.has('2');
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await db?.close();
    await database?.drop();
  });

  async function signIn(): Promise<{ token: string; worker: string }> {
    const { login } = await createUserWithPassword(db, {
      account_id: accountId,
      restrictions: ['can_register_new_device', 'can_cashier_view_account_balance'],
    });
    const answer = await call(server.baseUrl, `${API}/sign_in`, {
      method: 'POST',
      body: { login, password: DEFAULT_TEST_PASSWORD },
    });
    expect(answer.status).toBe(200);
    const token = /x-token=([^;]+)/.exec(answer.cookie ?? '')?.[1];
    if (!token || !answer.worker) throw new Error(`no session cookie or worker in ${JSON.stringify(answer)}`);
    return { token, worker: answer.worker };
  }

  it('answers from both workers on one port, and a metrics scrape sums both', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(server.baseUrl, `${API}/cashier_v`)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.worker))).toEqual(new Set(['1', '2']));

    const scrape = await call(server.baseUrl, '/metrics');
    expect(scrape.status).toBe(200);
    const line = scrape.body
      .split('\n')
      .find((l) => l.startsWith('cashdesk_http_request_duration_seconds_count') && l.includes('/cashier_v"'));
    expect(line?.split(' ').pop()).toBe('6');
  });

  it('a session signed in through one worker works through the other', async () => {
    const { token, worker } = await signIn();
    const other = await callAnotherWorker(server.baseUrl, worker, `${API}/a/me`, { token });
    expect(other.status).toBe(200);
  });

  it('a sign-out through one worker ends the session on the other at its next call', async () => {
    const { token, worker } = await signIn();
    // The other worker has the session in its cache before the sign-out.
    const before = await callAnotherWorker(server.baseUrl, worker, `${API}/a/me`, { token });
    expect(before.status).toBe(200);
    const out = await callAnotherWorker(server.baseUrl, before.worker!, `${API}/a/sign_out`, {
      method: 'POST',
      token,
    });
    expect(out.status).toBe(200);
    const after = await callAnotherWorker(server.baseUrl, out.worker!, `${API}/a/me`, { token });
    expect(after.status).toBe(401);
  });

  it('a change made through one worker is pushed to the streams of both', async () => {
    const { token } = await signIn();
    const me = JSON.parse((await call(server.baseUrl, `${API}/a/me`, { token })).body) as { id: number };
    const [cabinet] = await linkCabinets(server.baseUrl, { id: me.id, token }, 1, 4);
    const streams: Stream[] = [];
    try {
      while (new Set(streams.map((s) => s.worker)).size < 2 && streams.length < 8) {
        streams.push(await openStream(server.baseUrl, token));
      }
      const onEach = [...new Map(streams.map((s) => [s.worker, s])).values()];
      expect(onEach.map((s) => s.worker).sort()).toEqual(['1', '2']);
      // Each stream has said hello before the change, so a change event is the change's.
      await until(() => onEach.every((s) => s.heard.join('').includes('event: hello')));
      const deposit = await call(server.baseUrl, `${API}/a/cashier/devices/${cabinet!.id}/place/1/update`, {
        method: 'POST',
        token,
        body: { delta: 1_00, trx: randomUUID() },
      });
      expect(deposit.status).toBe(200);
      await until(() => onEach.every((s) => s.heard.join('').includes('event: change')));
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('replaces a worker that dies, under the same number', async () => {
    const workers = childrenOf(server.pid!);
    expect(workers).toHaveLength(2);
    process.kill(workers[0]!, 'SIGKILL');
    const seen = new Set<string | undefined>();
    await untilAsync(async () => {
      const answer = await call(server.baseUrl, `${API}/cashier_v`).catch(() => null);
      seen.add(answer?.worker);
      return answer?.status === 200 && seen.has('1') && seen.has('2') && childrenOf(server.pid!).length === 2;
    });
    expect(childrenOf(server.pid!)).not.toContain(workers[0]);
    expect(fs.readFileSync(server.options.logFile, 'utf8')).toContain('worker process died');
  });

  it('stops both workers on SIGTERM and exits 0, leaving the port free', async () => {
    const exit = await server.stop();
    expect(exit).toBe(0);
    await expect(call(server.baseUrl, '/readyz')).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('WORKERS=2 on the embedded database', () => {
  it('runs one server process and says why', async () => {
    const dir = workDir();
    const database = createSqliteDatabase(path.join(dir, 'data'));
    const logFile = path.join(dir, 'server.log');
    const server = new ServerProcess({
      name: 'server',
      port: await freePort(),
      database: database.serverEnv,
      logFile,
      env: { WORKERS: '2' },
    });
    await server.start();
    try {
      const answer = await call(server.baseUrl, `${API}/cashier_v`);
      expect(answer.status).toBe(200);
      expect(answer.worker).toBeUndefined();
      expect(fs.readFileSync(logFile, 'utf8')).toContain('WORKERS needs PostgreSQL');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 90_000);
});

async function untilAsync(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The server processes `pid` started (a primary's workers; not tsx's esbuild service beside them). */
function childrenOf(pid: number): number[] {
  return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('main.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((child) => child > 0);
}
