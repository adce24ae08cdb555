// Fresh, migrated benchmark databases (a SQLite file, a PostgreSQL database) and the venue the deposits go to.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEVICE_TYPE } from '@cashdesk/contract';
import pg from 'pg';
import {
  createAccount,
  createUser,
  LedgerService,
  migrateToLatest,
  openDatabase,
  type Db,
} from '@cashdesk/server';

/** One deposit: 1.00 in cents. Small, so the float below never runs dry. */
export const DEPOSIT_CENTS = 100;
/** 100 million in cents: far more than any run deposits, so no call is refused for overdraft. */
export const FLOAT_CENTS = 10_000_000_000;
/** The schema allows places 1..8; all eight spread the place rows while the float stays one hot row. */
export const PLACES = 8;

/** One deposit call; it rejects when the deposit was not accepted, so a refusal cannot pass as a result. */
export type DepositFn = () => Promise<void>;

export interface Venue {
  account_id: number;
  user_id: number;
  device_id: number;
  device_uuid: string;
  places: number;
}

/** Where the raw baseline connects to reach the very same database as `db`. */
export type Connection = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface BenchDatabase {
  db: Db;
  /** What was created for this run, for the report. */
  where: string;
  connection: Connection;
  /** Closes the pool; for PostgreSQL also drops the schema. */
  dispose(): Promise<void>;
}

/** The place of the n-th deposit: round robin, so consecutive callers rarely share a place row. */
export function placeFor(seq: number, venue: Venue): number {
  return (seq % venue.places) + 1;
}

/** A SQLite file with the production pragmas (WAL, synchronous=FULL): the durable configuration. */
export async function openFreshSqlite(dir: string, name: string): Promise<BenchDatabase> {
  const file = path.join(dir, `${name}.sqlite`);
  const db = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  return { db, where: file, connection: { kind: 'sqlite', file }, dispose: () => db.close() };
}

/**
 * A fresh PostgreSQL database for one run, migrated by the server's own migrateToLatest, dropped at the end.
 *
 * Preferably a new database on the same server rather than a new schema of the given one: Kysely's
 * Migrator (without `migrationTableSchema`) looks for its kysely_migration tables in every schema of the
 * database, so while another schema with those tables exists (a parallel test run, or this benchmark's
 * own schema) a migration of a fresh schema skips creating them and fails with `relation
 * "kysely_migration_lock" does not exist` (kysely-org/kysely#1214), and ours would break theirs the same
 * way. A database of its own is invisible to both. Without CREATEDB we fall back to a fresh schema,
 * reached through `options=-c search_path=...` as the test helpers do.
 */
export async function openFreshPostgres(baseUrl: string, poolSize: number): Promise<BenchDatabase> {
  const name = `cashdesk_bench_${randomBytes(6).toString('hex')}`;
  let url: URL;
  let drop: string;
  let where: string;
  try {
    await runAsAdmin(baseUrl, `create database ${name}`);
    url = new URL(baseUrl);
    url.pathname = `/${name}`;
    drop = `drop database ${name}`;
    where = `new database ${name}`;
  } catch (error) {
    if ((error as { code?: unknown }).code !== '42501') throw error; // 42501: insufficient privilege
    await runAsAdmin(baseUrl, `create schema ${name}`);
    url = new URL(baseUrl);
    url.searchParams.set('options', `-c search_path=${name}`);
    drop = `drop schema ${name} cascade`;
    where = `new schema ${name} (no CREATEDB privilege for a database)`;
  }
  const db = openDatabase({ kind: 'postgres', url: url.toString(), poolSize });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    await runAsAdmin(baseUrl, drop);
    throw error;
  }
  return {
    db,
    where,
    connection: { kind: 'postgres', url: url.toString() },
    async dispose() {
      // Every pool on it is closed by now, so the database can be dropped.
      await db.close();
      await runAsAdmin(baseUrl, drop);
    },
  };
}

export async function runAsAdmin(url: string, text: string): Promise<pg.QueryResult> {
  // A short connect timeout: an unreachable server should skip the PostgreSQL leg, not hang the run.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // The query in flight fails with a lost connection's error; this keeps it from being uncaught as well.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** An account (venue) with a generous float and a high max_amount, funded through the ledger. */
export async function fundedAccount(db: Db): Promise<number> {
  const account = await createAccount(
    db.kysely,
    {
      name: 'Bench venue',
      currency: 'EUR',
      overdraft: 0,
      has_overdraft: false,
      home_play: false,
      min_amount: 1,
      max_amount: FLOAT_CENTS,
      final_bonus_rate_bps: 0,
    },
    Date.now(),
  );
  const funded = await new LedgerService(db).moveFloat({
    account_id: account.id,
    user_id: null,
    delta_cents: FLOAT_CENTS,
    trx: `bench-float-${randomBytes(6).toString('hex')}`,
    reason: 'benchmark float',
  });
  if (funded.status !== 200) throw new Error(`could not fund the float: ${JSON.stringify(funded.body)}`);
  return account.id;
}

/**
 * A cashier of the account. `passwordHash` for one who signs in over HTTP (hash the password once and
 * reuse it: every Argon2 hash takes tens of ms); the in-process benchmarks need only the row.
 */
export async function addCashier(
  db: Db,
  accountId: number,
  passwordHash = 'x',
): Promise<{ id: number; login: string }> {
  const user = await createUser(
    db.kysely,
    {
      login: `bench_${randomBytes(6).toString('hex')}`,
      name: 'Bench cashier',
      role: 'cashier',
      account_id: accountId,
      password_hash: passwordHash,
      restrictions: [],
    },
    Date.now(),
  );
  return { id: user.id, login: user.login };
}

/**
 * A linked, ready cabinet of the account with PLACES places. `tokenHash` is the gateway's hash of its
 * device token, for a benchmark that sends device calls; by default a token nobody knows.
 */
export async function addDevice(
  db: Db,
  accountId: number,
  tokenHash = randomBytes(32).toString('hex'),
): Promise<{ id: number; uuid: string }> {
  const now = Date.now();
  const device = await db.kysely
    .insertInto('devices')
    .values({
      uuid: randomBytes(16).toString('base64'),
      account_id: accountId,
      type: DEVICE_TYPE.regular,
      module: 1,
      game_id: 1,
      name: 'Bench cabinet',
      status: 'ready',
      token_hash: tokenHash,
      created_at_ms: now,
      linked_at_ms: now,
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('places')
    .values(Array.from({ length: PLACES }, (_, i) => ({ device_id: device.id, place: i + 1, username: '' })))
    .execute();
  return device;
}

/** One account with a generous float, one cashier, one linked device with 8 places. */
export async function createVenue(db: Db, passwordHash?: string): Promise<Venue & { login: string }> {
  const accountId = await fundedAccount(db);
  const user = await addCashier(db, accountId, passwordHash);
  const device = await addDevice(db, accountId);
  return {
    account_id: accountId,
    user_id: user.id,
    login: user.login,
    device_id: device.id,
    device_uuid: device.uuid,
    places: PLACES,
  };
}
