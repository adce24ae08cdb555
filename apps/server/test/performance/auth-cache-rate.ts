// Cash calls and game events per second over HTTP with the auth cache on and off, interleaved in one run
// (docs/security.md, "Sessions and device tokens cached in the process"). "Off" makes every call look its
// caller up in the database, which is the request path as it was before the cache. Not a test: run it by
// hand, on a machine as quiet as you can get, and read the figures as a ratio of one run.
//
//   npx tsx apps/server/test/performance/auth-cache-rate.ts [--db sqlite|postgres] [--seconds 5] [--rounds 2]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { cashierClient, linkCabinet, type LinkedDevice } from '../helpers/cashier.js';
import { postgresTestDatabase } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { startTestServer, type TestClient } from '../helpers/server.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : (args[i + 1] ?? fallback);
};
const kind = flag('db', 'sqlite');
const seconds = Number(flag('seconds', '5'));
const rounds = Number(flag('rounds', '2'));

interface Result {
  ops: number;
  p50: number;
  p99: number;
}

async function measure(clients: number, call: (worker: number) => Promise<number>): Promise<Result> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      while (performance.now() < end) {
        const start = performance.now();
        const status = await call(worker);
        if (status !== 200) throw new Error(`status ${status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { ops: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

async function openDb(): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  if (kind === 'postgres') {
    if (!postgresTestDatabase) throw new Error('set TEST_DATABASE_URL');
    const db = await postgresTestDatabase.open();
    return { db, cleanup: () => db.close() };
  }
  // A file with WAL and synchronous=FULL, as the server runs it.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-rate-'));
  const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'cashdesk.sqlite') });
  await migrateToLatest(db);
  return {
    db,
    cleanup: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const { db, cleanup } = await openDb();
  const server = await startTestServer(db, { config: { enrollmentOpen: true } });
  const cache = server.ctx.auth;
  const lookups = { session: cache.session.bind(cache), device: cache.device.bind(cache) };
  const setCache = (on: boolean) => {
    cache.session = on ? lookups.session : () => undefined;
    cache.device = on ? lookups.device : () => undefined;
  };
  try {
    await new Promise((resolve) => setTimeout(resolve, 500)); // PostgreSQL: the listener connects
    const venue = await createVenue(db, { float: 1_000_000_000_00 });
    const cashiers: TestClient[] = [];
    for (let i = 0; i < 8; i++) cashiers.push((await cashierClient(server, db, venue.id)).client);
    const cabinets: LinkedDevice[] = [];
    for (let i = 0; i < 8; i++) cabinets.push(await linkCabinet(server, cashiers[0]!, { places: 8 }));
    // Money on every place, so that bets (type 3) of 1 cent always have entries to take.
    for (const cabinet of cabinets) {
      for (let place = 1; place <= 8; place++) {
        const res = await cashiers[0]!.post(`/a/cashier/devices/${cabinet.id}/place/${place}/update`, {
          delta: 1_000_000_00,
          trx: randomUUID(),
        });
        if (res.status !== 200) throw new Error(`funding failed: ${res.status}`);
      }
    }

    const deposit = (worker: number) =>
      cashiers[worker % 8]!.post(`/a/cashier/devices/${cabinets[worker % 8]!.id}/place/1/update`, {
        delta: 1,
        trx: randomUUID(),
      }).then((r) => r.status);
    const event = (worker: number) => {
      const cabinet = cabinets[worker % 8]!;
      return cabinet.client
        .post(
          '/device/events',
          { trx: randomUUID(), place: (worker % 8) + 1, type: 3, amount: 1 },
          cabinet.auth,
        )
        .then((r) => r.status);
    };
    const cases: [string, number, (w: number) => Promise<number>][] = [
      ['cash, 1 connection, one float', 1, deposit],
      ['cash, 8 connections, one float', 8, deposit],
      ['events, 16 clients, 8 cabinets', 16, event],
    ];
    const rows: string[] = [];
    for (const [name, clients, call] of cases) {
      const results: Record<'off' | 'on', Result[]> = { off: [], on: [] };
      await measure(clients, call); // warm-up
      for (let round = 0; round < rounds; round++) {
        for (const mode of ['off', 'on'] as const) {
          setCache(mode === 'on');
          results[mode].push(await measure(clients, call));
        }
      }
      setCache(true);
      const mean = (list: Result[], key: keyof Result) => list.reduce((s, r) => s + r[key], 0) / list.length;
      const fmt = (list: Result[]) =>
        `${mean(list, 'ops').toFixed(0)}/s p50 ${mean(list, 'p50').toFixed(2)} ms p99 ${mean(list, 'p99').toFixed(2)} ms`;
      rows.push(
        `${kind} | ${name} | off: ${fmt(results.off)} | on: ${fmt(results.on)} | ` +
          `x${(mean(results.on, 'ops') / mean(results.off, 'ops')).toFixed(2)}`,
      );
      console.log(rows[rows.length - 1]);
    }
  } finally {
    setCache(true);
    await server.close();
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
