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
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'server-entry.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        DEMO: '0',
        ENROLLMENT_OPEN: '0',
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
    liveStreams: () => askLiveStreams(child),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function askLiveStreams(child: ChildProcess, timeoutMs = 2_000): Promise<number | null> {
  return new Promise((resolve) => {
    if (!child.connected) return resolve(null);
    const done = (value: number | null) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(value);
    };
    const onMessage = (message: unknown) => {
      const count = (message as { liveStreams?: unknown } | null)?.liveStreams;
      if (typeof count === 'number') done(count);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    child.on('message', onMessage);
    child.send('live-streams', (error) => {
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
