// The README's first command as a newcomer meets it: the real server process on a fresh embedded
// database with the demo on prints where it runs and the demo logins (as a JSON log line when its output
// is not a terminal), the printed cashier login signs in and sees the demo venue's devices, and the
// support widget and client download have something to offer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClientConfig } from '@cashdesk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../../src/config.js';
import { freePort, ServerProcess, sleep } from '../torture/server-process.js';

const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface LogLine {
  level: number;
  msg: string;
  url?: string;
  database?: string;
  logins?: string[];
}

/**
 * The first log line `wanted` picks, waited for: the start line follows the listen call, so it may trail
 * /readyz a little, and the demo-login warning comes after five password checks.
 */
async function logLine(logFile: string, wanted: (line: LogLine) => boolean): Promise<LogLine | undefined> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const lines = fs.readFileSync(logFile, 'utf8').split('\n');
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as LogLine;
      if (wanted(entry)) return entry;
    }
    await sleep(100);
  }
  return undefined;
}

describe('quick start (npm start on a fresh machine)', () => {
  it('prints the URL and the demo logins, and the printed cashier login works', async () => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-quick-start-'));
    workDirs.push(workDir);
    const logFile = path.join(workDir, 'server.log');
    const server = new ServerProcess({
      name: 'quick-start',
      port: await freePort(),
      database: { DATA_DIR: path.join(workDir, 'data') },
      logFile,
      env: { DEMO: '1', LOG_LEVEL: 'info' },
    });
    await server.start();
    try {
      const started = await logLine(logFile, (line) => line.msg === 'cashdesk started');
      expect(started?.url).toBe(server.baseUrl);
      expect(started?.database).toBe('sqlite');
      const cashier = started?.logins?.find((l) => l.startsWith('cashier/'));
      expect(cashier).toBeDefined();

      const [login, password] = cashier!.split('/');
      const signIn = await fetch(`${server.baseUrl}/api/v1/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ login, password, remember: false }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
      const devices = await fetch(`${server.baseUrl}/api/v1/a/cashier/devices`, { headers: { cookie } });
      expect(devices.status).toBe(200);
      expect(((await devices.json()) as unknown[]).length).toBeGreaterThan(0);

      // Every screen of docs/product.md has something to show: the support widget's contact and a client
      // download that works, though the newcomer configured neither.
      const config = (await (await fetch(`${server.baseUrl}/api/v1/client_config`)).json()) as ClientConfig;
      expect(config).toEqual({
        client_download_url: DEMO_DEFAULTS.clientDownloadUrl,
        support: {
          chat_script_url: null,
          phone: DEMO_DEFAULTS.supportPhone,
          email: DEMO_DEFAULTS.supportEmail,
        },
      });
      const download = await fetch(`${server.baseUrl}${config.client_download_url}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
      expect(await download.text()).toContain('Cashdesk demo client');

      // The public demo passwords are announced as a warning, with what to do about them.
      const warning = await logLine(logFile, (line) => line.msg.startsWith('WARNING: demo logins'));
      expect(warning?.level).toBe(40);
      expect(warning?.logins).toEqual(['admin', 'manager', 'cashier', 'cashier2', 'other']);
      expect(warning?.msg).toContain('user:create --role admin');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);
});
