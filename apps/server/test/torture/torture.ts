// One torture run: its own database, real server processes, the workload of workload.ts, SIGKILLs at
// seeded moments with restarts on the same port and database, then the checks of invariants.ts.
//
//   const report = await runTorture({ db: 'postgres', durationMs: 10_000, seed: 42, postgresUrl });
//   report.problems   // [] when every acknowledged trx is there once and the books hold
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import {
  createPostgresDatabase,
  createSqliteDatabase,
  linkCabinets,
  seedPlayers,
  seedVenue,
  type TortureDatabase,
} from './fixture.js';
import { checkInvariants, totalBalances, type RunSummary } from './invariants.js';
import { Random } from './random.js';
import { freePort, ServerProcess, sleep } from './server-process.js';
import { newJournal, runWorkload } from './workload.js';

export interface TortureOptions {
  db: 'postgres' | 'sqlite';
  durationMs: number;
  seed: number;
  /** Server processes on the one database (PostgreSQL: 3, or 1 with workers; the embedded database: 1). */
  servers?: number;
  /** WORKERS of each server process (PostgreSQL): a kill then takes down its primary and every worker. */
  workers?: number;
  clients?: number;
  /** SIGKILLs during the run, each followed by a restart of the killed process. */
  kills?: number;
  cabinets?: number;
  /** The PostgreSQL server to create the run's database on (its URL names any existing database). */
  postgresUrl?: string;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface TortureReport {
  seed: number;
  db: 'postgres' | 'sqlite';
  problems: string[];
  summary: RunSummary;
  attempts: number;
  /** Latency of the attempts that got an answer, in ms. */
  latency: { p50: number; p99: number; max: number };
  reads: number;
  kills: { atMs: number; server: number }[];
  /** Exit codes of the final SIGTERM of each server: 0 is a clean, graceful stop. */
  exitCodes: (number | null)[];
  elapsedMs: number;
  /** Kept when the run found problems: server logs (and the embedded database). */
  workDir: string | null;
}

export async function runTorture(options: TortureOptions): Promise<TortureReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const rng = new Random(options.seed);
  // With workers, one server of N processes: three of them would open more connections than a default
  // PostgreSQL allows (each worker has two pools of 10; docs/operations.md, "Workers").
  const serverCount = options.servers ?? (options.db === 'postgres' && !options.workers ? 3 : 1);
  const clientCount = options.clients ?? 32;
  const killCount = options.kills ?? 1;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `cashdesk-torture-${options.db}-`));

  let database: TortureDatabase;
  if (options.db === 'postgres') {
    if (!options.postgresUrl) throw new Error('a PostgreSQL run needs postgresUrl');
    database = await createPostgresDatabase(options.postgresUrl);
  } else {
    database = createSqliteDatabase(path.join(workDir, 'data'));
  }
  const servers: ServerProcess[] = [];
  let keep = false;
  try {
    const seeded = await withDb(database, async (db) => {
      const venue = await seedVenue(db, { float: 1_000_000, overdraft: 200_000, cashiers: clientCount });
      return { ...venue, players: await seedPlayers(db, venue.accountId, 8) };
    });
    for (let i = 0; i < serverCount; i++) {
      servers.push(
        new ServerProcess({
          name: `server ${i}`,
          port: await freePort(),
          database: database.serverEnv,
          logFile: path.join(workDir, `server-${i}.log`),
          ...(options.workers ? { env: { WORKERS: String(options.workers) } } : {}),
        }),
      );
    }
    await Promise.all(servers.map((s) => s.start()));
    const cabinets = await linkCabinets(servers[0]!.baseUrl, seeded.cashiers[0]!, options.cabinets ?? 8, 4);
    const start = await withDb(database, totalBalances);
    log(
      `seed ${options.seed}: ${serverCount} server(s)${options.workers ? ` of ${options.workers} workers` : ''} on ${options.db}, ${clientCount} clients, ${cabinets.length} cabinets`,
    );

    // The plan is drawn before anything runs, so the same seed gives the same plan.
    const clientRngs = Array.from({ length: clientCount }, () => rng.fork());
    const killPlan = Array.from({ length: killCount }, () => ({
      atMs: Math.round(options.durationMs * (0.15 + 0.7 * (rng.int(0, 1000) / 1000))),
      server: rng.int(0, serverCount - 1),
    })).sort((a, b) => a.atMs - b.atMs);

    const journal = newJournal();
    const runStart = Date.now();
    const chaos = (async () => {
      let restarted = 0;
      for (const kill of killPlan) {
        // At least a second of service between two kills, so clients get answers in between.
        await sleep(Math.max(1_000 * Math.min(1, restarted), runStart + kill.atMs - Date.now()));
        const server = servers[kill.server]!;
        log(`  ${kill.atMs} ms: SIGKILL server ${kill.server} (pid ${server.pid}), restarting it`);
        await server.restart();
        restarted += 1;
      }
    })();
    await Promise.all([
      runWorkload(
        { servers: servers.map((s) => s.baseUrl), ...seeded, cabinets },
        journal,
        clientRngs,
        runStart + options.durationMs,
      ),
      chaos,
    ]);

    const exitCodes = await Promise.all(servers.map((s) => s.stop()));
    const { problems, summary } = await withDb(database, async (db) => {
      const checked = await checkInvariants(db, journal, start);
      if (db.dialect === 'sqlite') {
        const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.kysely);
        const verdict = integrity.rows.map((r) => r.integrity_check).join('; ');
        if (verdict !== 'ok') checked.problems.push(`sqlite integrity_check: ${verdict}`);
      }
      return checked;
    });
    exitCodes.forEach((code, i) => {
      if (code !== 0) problems.push(`server ${i} did not stop cleanly on SIGTERM (exit code ${code})`);
    });
    keep = problems.length > 0;
    return {
      seed: options.seed,
      db: options.db,
      problems,
      summary,
      attempts: journal.records.reduce((n, r) => n + r.attempts.length, 0),
      latency: latencyOf(
        journal.records.flatMap((r) => r.attempts.filter((a) => a.status !== undefined).map((a) => a.ms)),
      ),
      reads: journal.reads,
      kills: killPlan,
      exitCodes,
      elapsedMs: Date.now() - started,
      workDir: keep ? workDir : null,
    };
  } catch (error) {
    keep = true;
    throw new Error(`torture run (seed ${options.seed}) failed; logs in ${workDir}`, { cause: error });
  } finally {
    await Promise.all(servers.map((s) => s.kill()));
    await database.drop();
    if (!keep) fs.rmSync(workDir, { recursive: true, force: true });
  }
}

function latencyOf(samples: number[]): TortureReport['latency'] {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p99: at(0.99), max: Math.round(sorted[sorted.length - 1] ?? 0) };
}

/** Opens the harness's connection only while it is needed: the servers own the database in between. */
async function withDb<T>(database: TortureDatabase, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await database.open();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

export function describeReport(report: TortureReport): string {
  const s = report.summary;
  return [
    `torture on ${report.db}, seed ${report.seed}: ${report.problems.length === 0 ? 'OK' : `${report.problems.length} PROBLEM(S)`} in ${(report.elapsedMs / 1000).toFixed(1)} s`,
    `  ${s.trx} trx in ${report.attempts} attempts, ${report.reads} reads; ${s.acknowledged} acknowledged, ` +
      `${s.committedUnacknowledged} committed without an answer, ${s.absent} absent (never committed), ` +
      `${s.moneyRefusals} refused by a money rule, ${s.conflictsRefused} changed payloads refused as trx conflict; ` +
      `${s.playerCalls} cash calls for a player and ${s.transfers} transfers applied`,
    `  answered attempts took p50 ${report.latency.p50} ms, p99 ${report.latency.p99} ms, max ${report.latency.max} ms`,
    `  kills: ${report.kills.map((k) => `server ${k.server} at ${k.atMs} ms`).join(', ') || 'none'}; exit codes on SIGTERM: ${report.exitCodes.join(', ')}`,
    ...report.problems.slice(0, 50).map((p) => `  PROBLEM ${p}`),
    ...(report.workDir ? [`  logs kept in ${report.workDir}`] : []),
    `  replay: npm run torture -- --db ${report.db} --seed ${report.seed}`,
  ].join('\n');
}
