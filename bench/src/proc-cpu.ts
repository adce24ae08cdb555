// CPU time of processes from Linux's /proc: the server process (as server-process.ts reads it) and
// PostgreSQL's backends serving one database, found through pg_stat_activity, so a section can say how much
// of a core each side used and how many ms of CPU a call cost. The parsing is pure (proc-cpu.test.ts).
import fs from 'node:fs';
import { runAsAdmin } from './setup.js';

/** Linux reports utime and stime in clock ticks; USER_HZ is 100 on every Linux the bench runs on. */
export const TICKS_PER_SECOND = 100;

/**
 * utime + stime in ms from the text of /proc/<pid>/stat, or null when it is not one. The command name
 * (field 2, in parentheses) may hold spaces and parentheses, so the fields are counted from the last `)`.
 */
export function statCpuMs(stat: string, ticksPerSecond = TICKS_PER_SECOND): number | null {
  const close = stat.lastIndexOf(')');
  if (close === -1) return null;
  // After ") " come field 3 (state) onwards: utime is field 14, stime field 15, so indexes 11 and 12.
  const fields = stat.slice(close + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime) || fields.length < 13) return null;
  return ((utime + stime) * 1000) / ticksPerSecond;
}

/** A process's CPU ms so far, or null once it is gone (or where /proc is not readable). */
export function processCpuMs(pid: number): number | null {
  try {
    return statCpuMs(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** CPU ms of each process at one moment: pid -> ms. */
export type CpuSnapshot = Map<number, number>;

export function snapshot(pids: readonly number[]): CpuSnapshot {
  const taken: CpuSnapshot = new Map();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== null) taken.set(pid, ms);
  }
  return taken;
}

/**
 * CPU ms spent between two snapshots of a changing set of processes: a process in both counts its
 * difference; one that appeared since counts all its CPU (it started inside the window, near enough: the
 * server's pools open their connections early and keep them); one that ended since is lost (its last
 * ticks are unknown), so the figure is a floor when processes come and go.
 */
export function cpuBetween(from: CpuSnapshot, to: CpuSnapshot): number {
  let total = 0;
  for (const [pid, ms] of to) total += ms - (from.get(pid) ?? 0);
  return total;
}

/**
 * The PostgreSQL backends connected to `database` now (pg_stat_activity): the server's pools and its
 * LISTEN connection. Background processes (WAL writer, checkpointer) are left out: other work on the same
 * PostgreSQL shares them. Empty where PostgreSQL runs on another host (its pids mean nothing here).
 */
export async function postgresBackendPids(adminUrl: string, database: string): Promise<number[]> {
  const host = new URL(adminUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host)) return [];
  const { rows } = await runAsAdmin(
    adminUrl,
    `select pid from pg_stat_activity where datname = '${database.replace(/'/g, "''")}' and pid <> pg_backend_pid()`,
  );
  return rows.map((row) => Number((row as { pid: unknown }).pid)).filter((pid) => Number.isSafeInteger(pid));
}
