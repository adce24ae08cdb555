// `npm start` runs the built server with plain `node` (apps/server/build.mjs, then dist/main.js). Built
// here the same way and started without a terminal, as a service manager starts it: every line it writes
// is JSON, the start line says where it runs and on which database, the demo devices' PINs come as log
// lines, it serves, and SIGTERM stops it cleanly.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';

const BUILD = path.join(REPO_ROOT, 'apps/server/build.mjs');
const BUILT_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const BUILT_CLI = path.join(REPO_ROOT, 'apps/server/dist/cli.js');

interface LogLine {
  level: number;
  msg: string;
  url?: string;
  database?: string;
  database_location?: string;
  logins?: string[];
  pin?: string;
}

const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the compiled server (npm start)', () => {
  it('runs on plain node and, without a terminal, writes JSON lines only', async () => {
    await promisify(execFile)(process.execPath, [BUILD], { cwd: REPO_ROOT });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-compiled-'));
    workDirs.push(dataDir);

    const child = spawn(process.execPath, ['--enable-source-maps', BUILT_MAIN], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const lines: string[] = [];
    const seen = new Set<string>();
    let notify: () => void = () => {};
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      notify();
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);
    /** Waits for the two demo PINs, the last thing a demo start writes. */
    const started = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no start in time:\n${lines.join('\n')}\n${stderr}`)),
        45_000,
      );
      notify = () => {
        for (const entry of parsed()) seen.add(entry.msg);
        if (parsed().filter((e) => e.msg === 'demo device PIN').length === 2) {
          clearTimeout(timer);
          resolve();
        }
      };
    });

    try {
      await started;
      const start = parsed().find((e) => e.msg === 'cashdesk started')!;
      expect(start.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(start.database).toBe('sqlite');
      expect(start.database_location).toBe(`SQLite, ${path.join(dataDir, 'cashdesk.sqlite')}`);
      expect(start.logins).toContain('cashier/cashier123');
      const pins = parsed().filter((e) => e.msg === 'demo device PIN');
      expect(pins.map((p) => p.pin)).toEqual([
        expect.stringMatching(/^\d+$/),
        expect.stringMatching(/^\d+$/),
      ]);

      expect((await fetch(`${start.url}/readyz`)).status).toBe(200);
      const metrics = await fetch(`${start.url}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('cashdesk_http_request_duration_seconds_count');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    // Every line, the shutdown's included, is a JSON object: a log collector reads them all.
    expect(parsed().every((entry) => typeof entry.msg === 'string' && typeof entry.level === 'number')).toBe(
      true,
    );
    expect(parsed().at(-1)?.msg).toBe('stopped');
    expect(stderr).toBe('');

    // `npm run cashdesk` runs the CLI from the same build, on the same database.
    const verify = await promisify(execFile)(process.execPath, [BUILT_CLI, 'verify'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    });
    expect(verify.stdout).toContain('ledger OK');
  }, 90_000);
});
