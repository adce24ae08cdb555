// The databases a section runs on: a fresh SQLite file or a fresh PostgreSQL database per use, how to
// reach the same database again (a second pool, the raw baseline, a server process), and its title.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { openDatabase, type Db } from '@cashdesk/server';
import type { DatabaseName } from './options.js';
import { rawPostgresCash, rawSqliteCash, type RawCash } from './raw-baseline.js';
import {
  runAsAdmin,
  openFreshPostgres,
  openFreshSqlite,
  type BenchDatabase,
  type Connection,
} from './setup.js';

export interface Target {
  name: DatabaseName;
  /** Title line of a table, with the database version and durability settings. */
  title: string;
  /** A fresh, migrated database; `poolSize` for PostgreSQL. */
  open(name: string, poolSize: number): Promise<BenchDatabase>;
}

/** Another Db on the same database (e.g. without prepared statements, to compare). */
export function openAgain(connection: Connection, poolSize: number, preparedStatements: boolean): Db {
  return connection.kind === 'sqlite'
    ? openDatabase({ kind: 'sqlite', file: connection.file, preparedStatements })
    : openDatabase({ kind: 'postgres', url: connection.url, poolSize, preparedStatements });
}

/** The raw-SQL baseline on the same database. */
export function rawCashOn(connection: Connection, poolSize: number): RawCash {
  return connection.kind === 'sqlite'
    ? rawSqliteCash(connection.file)
    : rawPostgresCash(connection.url, poolSize);
}

/** The environment that points a server process (apps/server/src/main.ts) at the same database. */
export function serverDatabaseEnv(connection: Connection, dataDir: string): Record<string, string> {
  return connection.kind === 'sqlite'
    ? { DATA_DIR: dataDir, DATABASE_URL: '' }
    : { DATABASE_URL: connection.url };
}

export function sqliteTarget(dir: string): Target {
  const probe = new SqliteDatabase(':memory:');
  const version = probe.prepare<[], { v: string }>('select sqlite_version() as v').get()?.v ?? '?';
  probe.close();
  return {
    name: 'sqlite',
    title: `SQLite ${version} (better-sqlite3, WAL, synchronous=FULL)`,
    // A folder of its own per database, named as the server expects (DATA_DIR/cashdesk.sqlite), removed
    // with the database so the temp folder never fills up with 1-million-row files.
    async open(name) {
      const folder = fs.mkdtempSync(path.join(dir, `${name}-`));
      const bench = await openFreshSqlite(folder, 'cashdesk');
      return {
        ...bench,
        async dispose() {
          await bench.dispose();
          fs.rmSync(folder, { recursive: true, force: true });
        },
      };
    },
  };
}

export async function postgresTarget(url: string): Promise<Target> {
  const { rows } = await runAsAdmin(
    url,
    `select current_setting('server_version') as version, current_setting('fsync') as fsync,
       current_setting('synchronous_commit') as sync`,
  );
  const info = rows[0] as { version: string; fsync: string; sync: string } | undefined;
  const where = new URL(url);
  return {
    name: 'postgres',
    title:
      `PostgreSQL ${info?.version ?? '?'} (pg, server ${where.host}, ` +
      `fsync=${info?.fsync ?? '?'}, synchronous_commit=${info?.sync ?? '?'})`,
    open: (_name, poolSize) => openFreshPostgres(url, poolSize),
  };
}
