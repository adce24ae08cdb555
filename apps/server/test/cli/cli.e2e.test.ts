// The real CLI process, as an operator runs it: proves main.ts wires config, database and runCli together.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('operator CLI process', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-cli-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function cashdesk(...args: string[]): Promise<Run> {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL; // the embedded database under DATA_DIR, whatever the caller's shell has
    return new Promise((resolve) => {
      execFile(
        'npx',
        ['tsx', 'apps/server/src/cli/main.ts', ...args],
        { cwd: repoRoot, env },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  }

  it(
    'creates an account, moves its float and verifies the ledger in DATA_DIR',
    { timeout: 60_000 },
    async () => {
      const created = await cashdesk('account:create', '--name', 'E2E Venue', '--json');
      expect(created.code).toBe(0);
      const account = JSON.parse(created.stdout) as { id: number; balance: number };
      expect(account.balance).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'cashdesk.sqlite'))).toBe(true);

      const top = await cashdesk('float:top-up', String(account.id), '12.34', '--reason', 'e2e');
      expect(top.code).toBe(0);
      expect(top.stdout).toContain('float now 12.34 EUR');

      const bad = await cashdesk('float:withdraw', String(account.id), 'abc', '--reason', 'e2e');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("error: bad amount 'abc'");

      const verify = await cashdesk('verify');
      expect(verify).toMatchObject({ code: 0, stdout: 'ledger OK\n' });
    },
  );

  it('resolves the default data directory to <repo>/data, the database `npm start` uses', () => {
    expect(loadConfig({}).dataDir).toBe(path.join(repoRoot, 'data'));
    expect(loadConfig({ DATA_DIR: 'elsewhere' }).dataDir).toBe(path.join(repoRoot, 'elsewhere'));
    expect(loadConfig({ DATA_DIR: dataDir }).dataDir).toBe(dataDir);
  });
});
