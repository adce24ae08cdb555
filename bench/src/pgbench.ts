// The PostgreSQL reference of the machine's limit: pgbench's TPC-B-like transaction (three updates, one
// insert, one select, one commit per transaction) at scale 16 with 16 clients, on a scratch database of
// its own that is dropped after. Run in the same run as the figures it is compared with.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { runAsAdmin } from './setup.js';

const run = promisify(execFile);
export const PGBENCH = '/usr/bin/pgbench';
export const PGBENCH_SCALE = 16;
export const PGBENCH_CLIENTS = 16;

export interface PgbenchResult {
  tps: number;
  latencyAvgMs: number;
  seconds: number;
}

/** pgbench -i -s 16, then -c 16 -j 2 -T seconds, on a new database next to `baseUrl`'s; dropped after. */
export async function runPgbench(baseUrl: string, seconds: number): Promise<PgbenchResult> {
  const name = `cashdesk_pgbench_${randomBytes(6).toString('hex')}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  await runAsAdmin(baseUrl, `create database ${name}`);
  try {
    const target = url.toString();
    await run(PGBENCH, ['-i', '-q', '-s', String(PGBENCH_SCALE), target], { maxBuffer: 1 << 24 });
    const { stdout } = await run(
      PGBENCH,
      ['-n', '-c', String(PGBENCH_CLIENTS), '-j', '2', '-T', String(seconds), target],
      { maxBuffer: 1 << 24 },
    );
    const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
    if (!tps) throw new Error(`pgbench said no tps:\n${stdout}`);
    return { tps: Number(tps), latencyAvgMs: Number(latency ?? Number.NaN), seconds };
  } finally {
    await runAsAdmin(baseUrl, `drop database if exists ${name} with (force)`);
  }
}

export function describePgbench(result: PgbenchResult): string {
  return (
    `pgbench (scale ${PGBENCH_SCALE}, ${PGBENCH_CLIENTS} clients, ${result.seconds} s): ` +
    `${Math.round(result.tps).toLocaleString('en-US')} tps, latency average ${result.latencyAvgMs.toFixed(2)} ms`
  );
}
