// The REAL server, in-process, built the way apps/server/src/main.ts builds it: a fresh embedded SQLite
// database in a temp DATA_DIR, migrations, the demo venue and devices, and the built web app. In-process
// so a test can also reach the database and the ledger for setup and assertions.
//
// The demo simulators are NOT started by default: the demo devices then sit still and balances only move
// when a test moves them. Pass `demoSimulators: true` for a venue that plays by itself.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_BASE } from '@cashdesk/contract';
import type { FastifyInstance } from 'fastify';
import {
  buildApp,
  createContext,
  ensureDemoDevices,
  findAccountByName,
  findUserByLogin,
  loadConfig,
  migrateToLatest,
  openDatabase,
  readBuildHash,
  readDemoDevices,
  seedDemo,
  startDemoSimulators,
  type AppContext,
  type Clock,
  type DemoDevice,
  type DemoSimulators,
} from '@cashdesk/server';
import { inject } from 'vitest';

export interface E2EServerOptions {
  /** Start the demo venue's in-process simulators (they play and change balances). Default false. */
  demoSimulators?: boolean;
  /** Extra environment for loadConfig, e.g. `{ SESSION_IDLE_MINUTES: '1' }`. */
  env?: Record<string, string>;
  /**
   * Demo mode's support contact and client download (config.ts DEMO_DEFAULTS), as `npm start` has them.
   * Off by default: the Support button sits over the screens' bottom corner, and the other tests are
   * about other things.
   */
  demoContact?: boolean;
  /** The server's clock (the system's by default): an OffsetClock lets a test draw a PIN near its end. */
  clock?: Clock;
}

export interface E2EServer {
  /** `http://127.0.0.1:<port>`: what the browser opens. */
  baseUrl: string;
  /** `baseUrl` + `/api/v1` */
  apiUrl: string;
  ctx: AppContext;
  app: FastifyInstance;
  dataDir: string;
  /** Ids of the demo venue and its fully-restricted cashier, for ledger calls. */
  demo: { accountId: number; cashierId: number; devices: DemoDevice[] };
  demoDevice(role: DemoDevice['role']): DemoDevice;
  close(): Promise<void>;
}

export async function startE2EServer(options: E2EServerOptions = {}): Promise<E2EServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-e2e-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    ENROLLMENT_OPEN: '1',
    LOG_LEVEL: 'warn',
    // Set but empty: none, instead of the demo's (an unset one would give the demo's).
    ...(options.demoContact ? {} : { SUPPORT_PHONE: '', SUPPORT_EMAIL: '', CLIENT_DOWNLOAD_URL: '' }),
    ...options.env,
  });
  // The global setup's snapshot of apps/web/dist (see global-setup.ts).
  config.webDist = inject('e2eWebDist');
  const db = openDatabase(config.database);
  let app: FastifyInstance | null = null;
  let simulators: DemoSimulators | null = null;
  const close = async () => {
    await simulators?.stop();
    await app?.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db);
    const ctx = createContext(config, db, readBuildHash(config.webDist), options.clock);
    await seedDemo(ctx);
    await ensureDemoDevices(ctx);
    app = await buildApp(ctx);
    await app.listen({ port: config.port, host: config.host });
    const { port } = app.server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilReady(baseUrl);

    const account = await findAccountByName(db.kysely, 'Demo Venue');
    const cashier = await findUserByLogin(db.kysely, 'cashier');
    if (!account || !cashier) throw new Error('e2e: the demo venue was not seeded');
    const devices = await readDemoDevices(ctx);
    if (options.demoSimulators) simulators = await startDemoSimulators(ctx, baseUrl, () => {});

    return {
      baseUrl,
      apiUrl: `${baseUrl}${API_BASE}`,
      ctx,
      app,
      dataDir,
      demo: { accountId: account.id, cashierId: cashier.id, devices },
      demoDevice(role) {
        const device = devices.find((d) => d.role === role);
        if (!device) throw new Error(`e2e: no demo device with role ${role}`);
        return device;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function waitUntilReady(baseUrl: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return;
      last = `status ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`e2e: the server at ${baseUrl} was not ready within ${timeoutMs} ms (${last})`);
}

/**
 * The system's clock moved by `offsetMs` (0 at first): set it back to have the server draw a PIN whose
 * life, counted from that earlier moment, ends soon, then set it to 0 again (remote.e2e.test.ts).
 */
export class OffsetClock implements Clock {
  offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
}
