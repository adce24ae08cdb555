// What a torture run acts on: its own database (a fresh PostgreSQL database, or an embedded one in a
// temporary data directory), one venue, cashiers with sessions, and cabinets linked through the gateway.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createSession } from '../../src/auth/sessions.repository.js';
import { openDatabase, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { linkCabinet, type ServerEndpoint } from '../helpers/cashier.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { TestClient } from '../helpers/server.js';

export interface TortureDatabase {
  kind: 'postgres' | 'sqlite';
  /** What a server process needs to open it. */
  serverEnv: { DATABASE_URL: string } | { DATA_DIR: string };
  /** A connection of the harness's own (to seed and to check), migrated. */
  open(): Promise<Db>;
  /** Drops the database (PostgreSQL); the embedded one goes with the run's directory. */
  drop(): Promise<void>;
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped (even with clients left) by `drop`. */
export async function createPostgresDatabase(adminUrl: string): Promise<TortureDatabase> {
  const name = `cashdesk_torture_${randomBytes(5).toString('hex')}`;
  await runAsAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const serverUrl = url.toString();
  return {
    kind: 'postgres',
    serverEnv: { DATABASE_URL: serverUrl },
    async open() {
      const db = openDatabase({ kind: 'postgres', url: serverUrl, poolSize: 4 });
      await migrateToLatest(db);
      return db;
    },
    drop: () => runAsAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** One statement as the server's administrator, on a connection of its own. */
export async function runAsAdmin(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  // The query in flight fails with a lost connection's error; this keeps it from being uncaught as well.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The embedded database in `dataDir`, as the server keeps it (`cashdesk.sqlite` and its WAL). */
export function createSqliteDatabase(dataDir: string): TortureDatabase {
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    kind: 'sqlite',
    serverEnv: { DATA_DIR: dataDir },
    async open() {
      const db = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'cashdesk.sqlite') });
      await migrateToLatest(db);
      return db;
    },
    drop: async () => {},
  };
}

export interface VenueSetup {
  float: number;
  overdraft: number;
  cashiers: number;
}

export interface Cashier {
  id: number;
  /** The `x-token` cookie of its session. */
  token: string;
}

/** A player of the venue the workload deposits for, pays out to and moves between seats. */
export interface Player {
  id: number;
  card: string;
  /** Their own daily deposit limit (cents), or none. */
  limit: number | null;
}

/**
 * Players straight in the database: half with a daily limit of their own (the workload's deposits pass
 * it), half with their identity recorded (the others hit the report threshold's 428 now and then), and
 * the venue's report threshold low enough for that.
 */
export async function seedPlayers(db: Db, accountId: number, count: number): Promise<Player[]> {
  await db.kysely
    .updateTable('accounts')
    .set({ cash_report_above_cents: 100_000, player_daily_limit_cents: null })
    .where('id', '=', accountId)
    .execute();
  const players: Player[] = [];
  for (let i = 0; i < count; i++) {
    const now = Date.now();
    const limit = i % 2 === 0 ? 60_000 : null;
    const identified = i % 4 < 2;
    const card = `torture-${i}-${randomBytes(3).toString('hex')}`;
    const row = await db.kysely
      .insertInto('players')
      .values({
        account_id: accountId,
        card,
        daily_limit_cents: limit,
        ...(identified ? { name: `Player ${i}`, document_number: `D${i}` } : {}),
        created_at_ms: now,
        updated_at_ms: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    players.push({ id: Number(row.id), card, limit });
  }
  return players;
}

export interface Cabinet {
  id: number;
  /** `Authorization: Bearer <device_token>` */
  auth: Record<string, string>;
  places: number;
}

/** The venue and its cashiers, straight in the database (the harness's own connection). */
export async function seedVenue(
  db: Db,
  setup: VenueSetup,
): Promise<{ accountId: number; cashiers: Cashier[] }> {
  const venue = await createVenue(db, {
    float: setup.float,
    overdraft: setup.overdraft,
    home_play: false,
    min_amount: 1,
    max_amount: 1_000_000_00,
  });
  const cashiers: Cashier[] = [];
  for (let i = 0; i < setup.cashiers; i++) {
    const user = await createTestUser(db, {
      account_id: venue.id,
      // They see the float and its overdraft, so every answer they get is the stored one byte for byte
      // (a hidden-float cashier is sent it with the float figures null: contract answerForViewer).
      restrictions: [
        'can_register_new_device',
        'can_cashier_view_account_balance',
        'can_cashier_view_account_overdraft',
      ],
      login: `torture_${i}_${randomBytes(3).toString('hex')}`,
    });
    const { token } = await createSession(db.kysely, { userId: user.id, remember: true }, Date.now());
    cashiers.push({ id: user.id, token });
  }
  return { accountId: venue.id, cashiers };
}

/** Cabinets that enroll at the server, show a PIN and are linked by `installer`, as in production. */
export async function linkCabinets(
  baseUrl: string,
  installer: Cashier,
  count: number,
  places: number,
): Promise<Cabinet[]> {
  const endpoint: ServerEndpoint = {
    baseUrl,
    client: (options = {}) => new TestClient(options.base ?? `${baseUrl}/api/v1`, options),
  };
  const installerClient = endpoint.client();
  installerClient.token = installer.token;
  const cabinets: Cabinet[] = [];
  for (let i = 0; i < count; i++) {
    const linked = await linkCabinet(endpoint, installerClient, { places, module: 1 });
    cabinets.push({ id: linked.id, auth: linked.auth, places });
  }
  return cabinets;
}
