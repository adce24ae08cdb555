// Real server processes for the torture runs: `node --import tsx apps/server/src/main.ts` on a loopback
// port, killed with SIGKILL and started again on the same port and database, as a crash would.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config.js';

const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const READY_TIMEOUT_MS = 60_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface ServerProcessOptions {
  /** Names this process in its log file. */
  name: string;
  port: number;
  /** DATABASE_URL for PostgreSQL, or DATA_DIR for the embedded database. */
  database: { DATABASE_URL: string } | { DATA_DIR: string };
  /** Every start's stdout and stderr are appended here. */
  logFile: string;
  env?: Record<string, string>;
}

export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  /** How many times it was started. */
  starts = 0;

  constructor(readonly options: ServerProcessOptions) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and waits until `/readyz` answers 200 (its database is open and migrated). */
  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.options.name} is already running`);
    const log = fs.openSync(this.options.logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: String(this.options.port),
        DEMO: '0',
        ENROLLMENT_OPEN: '1',
        LOG_LEVEL: 'warn',
        ...this.options.database,
        ...this.options.env,
      },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    this.starts += 1;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    void this.exited.then(() => {
      if (this.child === child) this.child = null;
    });
    await this.waitReady(child);
  }

  /** SIGKILL: no shutdown hook runs, in-flight transactions are cut wherever they are. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, the graceful way; resolves with the exit code. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child) return null;
    child.kill('SIGTERM');
    return this.exited;
  }

  async restart(): Promise<void> {
    await this.kill();
    await this.start();
  }

  private async waitReady(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${this.options.name} exited at start (see ${this.options.logFile})`);
      }
      try {
        const res = await fetch(`${this.baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
        if (res.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    child.kill('SIGKILL');
    throw new Error(`${this.options.name} was not ready within ${READY_TIMEOUT_MS} ms`);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
