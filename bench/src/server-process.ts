// Starts the real server (server-entry.ts) as a child process on a free loopback port, so the load it
// serves never shares an event loop with the load generator, and stops it again.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(here, '../..');

export interface ServerProcess {
  url: string;
  pid: number;
  /** CPU time (user + system) the process has used so far, in ms, from /proc; null where unknown. */
  cpuMs(): number | null;
  /** Live-updates streams the server holds now (its change feed's subscribers); null if it did not say. */
  liveStreams(): Promise<number | null>;
  /**
   * The ledger's transactions since the last ask (server-entry.ts counts them through the ledger's batch
   * observer): how many, how many operations they held, the largest; null if the server did not say.
   */
  ledgerBatches(): Promise<BatchStats | null>;
  stop(): Promise<void>;
}

export interface BatchStats {
  batches: number;
  operations: number;
  max: number;
}

/**
 * Starts counting the server's CPU time; the returned function gives the CPU microseconds per call for
 * `calls` calls served since (the cost of a call, user + system time of the server process
 * over the calls it served), as a table cell; '' where /proc cannot say.
 */
export function cpuPerCall(server: ServerProcess): (calls: number) => string {
  const from = server.cpuMs();
  return (calls) => {
    const to = server.cpuMs();
    if (from === null || to === null || calls <= 0) return '';
    return String(Math.round(((to - from) * 1000) / calls));
  };
}

/** "mean (max)" operations per ledger transaction, for a table cell. */
export function batchCell(stats: BatchStats | null): string {
  if (!stats || stats.batches === 0) return 'n/a';
  return `${(stats.operations / stats.batches).toFixed(1)} (${stats.max})`;
}

function pick(from: NodeJS.ProcessEnv, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (from[name] ? [[name, from[name]]] : [])));
}

export async function startServer(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (open in Chrome DevTools).
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--import',
      'tsx',
      path.join(here, 'server-entry.ts'),
    ],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        DEMO: '0',
        ENROLLMENT_OPEN: '0',
        // The ledger's tuning, when the benchmark is run with it (README's configuration table).
        ...pick(process.env, ['LEDGER_LANES', 'LEDGER_BATCH_MAX', 'LEDGER_WAIT_US', 'BENCH_LEDGER_CHAIN']),
        ...env,
      },
      // The IPC channel: figures only the server knows (liveStreams below, server-entry.ts).
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within ${timeoutMs} ms`)),
      timeoutMs,
    );
    void exited.then((code) => reject(new Error(`the server exited with ${code} before it listened`)));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.includes('"bench_url"')) {
        process.stdout.write(`  server: ${line}\n`);
        return;
      }
      clearTimeout(timer);
      resolve((JSON.parse(line) as { bench_url: string }).bench_url);
    });
  });
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    cpuMs: () => processCpuMs(pid),
    liveStreams: () =>
      ask(child, 'live-streams', (m) => (m as { liveStreams?: unknown }).liveStreams, isNumber),
    ledgerBatches: () =>
      ask(child, 'ledger-batches', (m) => (m as { ledgerBatches?: unknown }).ledgerBatches, isBatchStats),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

const isNumber = (value: unknown): value is number => typeof value === 'number';
const isBatchStats = (value: unknown): value is BatchStats =>
  typeof value === 'object' && value !== null && 'batches' in value && 'operations' in value;

/** Sends `message` over the IPC channel and waits for the answer that carries `pick`'s field. */
function ask<T>(
  child: ChildProcess,
  message: string,
  pick: (message: object) => unknown,
  fits: (value: unknown) => value is T,
  timeoutMs = 2_000,
): Promise<T | null> {
  return new Promise((resolve) => {
    if (!child.connected) return resolve(null);
    const done = (value: T | null) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(value);
    };
    const onMessage = (answer: unknown) => {
      if (typeof answer !== 'object' || answer === null) return;
      const value = pick(answer);
      if (fits(value)) done(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    child.on('message', onMessage);
    child.send(message, (error) => {
      if (error) done(null);
    });
  });
}

/** utime + stime of a process from /proc/<pid>/stat (clock ticks of 10 ms on Linux), or null. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
