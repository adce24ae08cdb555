// The server's background jobs (src/background-jobs.ts, listed in src/app.ts): a listening server runs
// them all, in their order; closing it stops every one and leaves none of their timers behind, start
// after start; a server never made ready runs none; a job that fails, at its start or while it runs,
// is logged with its name and the others carry on.
import { createHook } from 'node:async_hooks';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { BackgroundJobs, repeating, type JobLog } from '../../src/background-jobs.js';
import { createContext } from '../../src/context.js';
import type { Db } from '../../src/db/database.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { startTestServer, testConfig } from '../helpers/server.js';
import { until } from '../helpers/until.js';

const JOBS = ['change feed', 'ledger sealer', 'alert checks', 'approval expiry sweep', 'ledger anchor sweep'];
const SERVER_SRC = path.resolve(import.meta.dirname, '../../src') + path.sep;

/**
 * The timers the server's own code set and has not cleared (or, for a timeout, that has not fired yet),
 * unref'd ones included, which process.getActiveResourcesInfo() leaves out: each with the file that set it.
 */
function serverTimers() {
  const live = new Map<number, string>();
  const hook = createHook({
    init(asyncId, type) {
      if (type !== 'Timeout') return;
      // The frame below setTimeout's or setInterval's is the code that called it.
      const stack = new Error().stack!.split('\n');
      const caller =
        stack[stack.findIndex((line) => /at set(Timeout|Interval) \(node:timers/.test(line)) + 1];
      if (caller?.includes(SERVER_SRC) && !caller.includes('node_modules')) live.set(asyncId, caller.trim());
    },
    destroy(asyncId) {
      live.delete(asyncId);
    },
  }).enable();
  return {
    /** Node tells of a cleared timer a moment later: asked after a turn of the event loop. */
    left: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return [...live.values()];
    },
    disable: () => hook.disable(),
  };
}

describe.each(testDatabases)('background jobs on $name', (database) => {
  let db: Db;

  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('runs every job while the server listens, stops them all at close, and leaves no timer across 5 starts', async () => {
    const timers = serverTimers();
    try {
      const venue = await createVenue(db, { float: 100_00 });
      for (let cycle = 0; cycle < 5; cycle += 1) {
        const server = await startTestServer(db);
        expect(server.ctx.jobs.list()).toEqual(JOBS.map((name) => ({ name, state: 'running' })));
        // Work for the jobs' timers to follow: a request, the alerts' check of every venue at start, a
        // venue for the sealer (its delay's timer, not run out when the server closes).
        expect((await server.client({ base: server.baseUrl }).get('/healthz')).status).toBe(200);
        await server.ctx.alerts.idle();
        server.ctx.sealer.wrote([venue.id]);
        // The sealer's sweep and delay, the alerts' timer and the two sweeps' at least.
        expect((await timers.left()).length).toBeGreaterThanOrEqual(5);
        await server.close();
        expect(server.ctx.jobs.list()).toEqual(JOBS.map((name) => ({ name, state: 'stopped' })));
        expect(await timers.left()).toEqual([]);
      }
    } finally {
      timers.disable();
    }
  });

  it('runs no job in a server that was built but never made ready', async () => {
    const timers = serverTimers();
    try {
      const ctx = createContext(testConfig(), db, 'test-hash');
      await buildApp(ctx, { logger: false });
      expect(ctx.jobs.list()).toEqual(JOBS.map((name) => ({ name, state: 'waiting' })));
      expect(await timers.left()).toEqual([]);
      await ctx.changes.close();
    } finally {
      timers.disable();
    }
  });

  it("logs a job's failed start and a failed pass with the job's name; the other jobs run", async () => {
    const lines: Record<string, unknown>[] = [];
    const server = await startTestServer(db, {
      config: { logLevel: 'warn' },
      logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      extend: (_app, ctx) => {
        ctx.jobs.add(
          {
            name: 'probe that cannot start',
            start: () => Promise.reject(new Error('no probe today')),
            stop: () => undefined,
          },
          repeating('probe sweep', 20, () => Promise.reject(new Error('probe pass failed'))),
        );
      },
    });
    try {
      const states = Object.fromEntries(server.ctx.jobs.list().map((job) => [job.name, job.state]));
      expect(states).toEqual({
        ...Object.fromEntries(JOBS.map((name) => [name, 'running'])),
        'probe that cannot start': 'failed',
        'probe sweep': 'running',
      });
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 50,
          job: 'probe that cannot start',
          msg: 'background job failed to start',
          err: expect.objectContaining({ message: 'no probe today' }),
        }),
      );
      await until(() => lines.some((line) => line.job === 'probe sweep'));
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 50,
          job: 'probe sweep',
          msg: 'probe sweep',
          err: expect.objectContaining({ message: 'probe pass failed' }),
        }),
      );
      // The server serves all the same.
      expect((await server.client({ base: server.baseUrl }).get('/healthz')).status).toBe(200);
    } finally {
      await server.close();
    }
    expect(server.ctx.jobs.list().every((job) => job.state === 'stopped')).toBe(true);
  });
});

describe('the jobs list', () => {
  const silent: JobLog = { warn: () => undefined, error: () => undefined };

  it('starts in list order once, stops in reverse, and still stops the rest when one stop fails', async () => {
    const said: string[] = [];
    const logged: unknown[] = [];
    const job = (name: string, failStop = false) => ({
      name,
      start: () => void said.push(`start ${name}`),
      stop: () => {
        said.push(`stop ${name}`);
        if (failStop) throw new Error(`${name} would not stop`);
      },
    });
    const jobs = new BackgroundJobs().add(job('feed'), job('sealer', true), job('sweep'));
    await jobs.start(silent);
    await jobs.start(silent);
    await jobs.stop({ ...silent, error: (fields) => void logged.push(fields) });
    expect(said).toEqual([
      'start feed',
      'start sealer',
      'start sweep',
      'stop sweep',
      'stop sealer',
      'stop feed',
    ]);
    expect(logged).toEqual([expect.objectContaining({ job: 'sealer' })]);
    expect(jobs.list().map((j) => j.state)).toEqual(['stopped', 'stopped', 'stopped']);
    // Stopped is final: a late onReady starts nothing.
    await jobs.start(silent);
    expect(said).toHaveLength(6);
  });

  it('starts no job once closing has begun, and stops the one that was starting after its start', async () => {
    const said: string[] = [];
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const jobs = new BackgroundJobs().add(
      {
        name: 'feed',
        start: async () => {
          said.push('start feed');
          await gate;
        },
        stop: () => void said.push('stop feed'),
      },
      { name: 'sweep', start: () => void said.push('start sweep'), stop: () => void said.push('stop sweep') },
    );
    const starting = jobs.start(silent);
    const stopping = jobs.stop(silent);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(said).toEqual(['start feed']);
    open();
    await Promise.all([starting, stopping]);
    expect(said).toEqual(['start feed', 'stop sweep', 'stop feed']);
  });

  it("waits at stop for a sweep's pass still running", async () => {
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let passes = 0;
    const sweep = repeating('slow sweep', 5, async () => {
      passes += 1;
      await gate;
    });
    sweep.start(() => undefined);
    await until(() => passes > 0);
    let stopped = false;
    const stopping = Promise.resolve(sweep.stop()).then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stopped).toBe(false);
    const ran = passes;
    open();
    await stopping;
    expect(stopped).toBe(true);
    // Stopped: no pass after.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(passes).toBe(ran);
  });
});
