// The embedded database: SQLite through better-sqlite3, in this process. What the server does differently
// on it is here: the file's settings, write transactions that begin IMMEDIATE, one prepared statement per
// SQL text (the statement cache), `PRAGMA data_version`, and its side of the pipelined transaction and of
// the reads sent together (their interfaces, and PostgreSQL's side, are db/pipelined-transaction.ts): in
// process there is no round trip to save, so their statements run one after another through Kysely.
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { BoundedMap } from '../bounded-map.js';
import type { PipelinedTransaction, ReadsTogether } from './pipelined-transaction.js';
import type { Database } from './schema.js';

// ---- The statement cache ------------------------------------------------------------------------------
// Kysely's SQLite driver otherwise prepares every statement on every call (about 30 µs each, and a fresh
// statement also runs about 2x slower than a reused one: BENCHMARKS.md).

/**
 * Enough for every distinct statement text the server issues (one per query shape; `in (...)` lists
 * make one per list length), small enough that a flood of unusual texts cannot grow memory unbounded.
 */
export const STATEMENT_CACHE_CAPACITY = 500;

/**
 * Kysely's `SqliteDatabase` over `sqlite` that reuses one prepared statement per SQL text, least recently
 * used evicted first (bounded-map.ts; a hit sets the text again, which makes it the newest).
 *
 * Safe because Kysely runs one query at a time on SQLite's single connection and better-sqlite3 runs
 * `all`/`run` synchronously, so a statement is never in use twice at once. The one exception is a
 * statement still being iterated (Kysely's `stream()`): then the caller gets a fresh, uncached statement.
 */
export function cachingStatements(
  sqlite: SqliteDatabase.Database,
  capacity = STATEMENT_CACHE_CAPACITY,
): KyselySqliteDatabase {
  const statements = new BoundedMap<string, SqliteDatabase.Statement>(capacity);
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        if (cached.busy) return sqlite.prepare(sql);
        statements.set(sql, cached); // the newest now: the last to go
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      return statement;
    },
  };
}

// ---- Transactions -------------------------------------------------------------------------------------

/**
 * SQLite write transactions must begin IMMEDIATE: a plain BEGIN takes the write lock only at the first
 * write, so two transactions that both read a balance could then fail (or worse, interleave) on upgrade.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: KyselySqliteDatabase) {
    super({ database: sqlite });
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.sqlite });
  }
}

/**
 * The pipelined transaction (db/pipelined-transaction.ts PipelinedTransaction) on SQLite: its statements
 * run in the order sent, each after the one before has answered; the transaction fails with the first
 * statement that failed, once every one has run.
 */
export function sqlitePipelined(kysely: Kysely<Database>): PipelinedTransaction {
  return (work) =>
    kysely.transaction().execute(async (tx) => {
      let previous: Promise<unknown> = Promise.resolve();
      const failures: unknown[] = [];
      const value = await work({
        run<R>(query: CompiledQuery<R>) {
          const answer = previous.then(() => tx.executeQuery(query)).then((result) => result.rows);
          // Noted here, so a failure nobody awaited is never left unhandled; the next statement still runs.
          previous = answer.catch((error: unknown) => {
            failures.push(error);
          });
          return answer;
        },
      });
      // Every statement has answered once the last has: the first failure, in the order sent, fails it.
      await previous;
      if (failures.length > 0) throw failures[0];
      return value;
    });
}

/** The reads sent together (db/pipelined-transaction.ts ReadsTogether) on SQLite: one after another. */
export function sqliteReadsTogether(kysely: Kysely<Database>): ReadsTogether {
  return async (queries) => {
    const rows: unknown[][] = [];
    for (const query of queries) rows.push((await kysely.executeQuery(query)).rows);
    return rows as never;
  };
}

// ---- Opening the file ---------------------------------------------------------------------------------

/** What database.ts makes its Db of, on SQLite. */
export interface OpenedSqlite {
  kysely: Kysely<Database>;
  /** `PRAGMA data_version` (database.ts Db.dataVersion). */
  dataVersion: () => number;
  pipelined: PipelinedTransaction;
  readsTogether: ReadsTogether;
}

export function openSqliteFile(file: string, preparedStatements: boolean): OpenedSqlite {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a transaction acknowledged to a client survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const database = preparedStatements ? cachingStatements(sqlite) : sqlite;
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(database) });
  // data_version moves when another connection (an operator CLI's process) commits to the file. The
  // statement's own `get`, read on every signed-in call (auth/auth-cache.ts).
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  return {
    kysely,
    dataVersion: dataVersion.get.bind(dataVersion) as () => number,
    pipelined: sqlitePipelined(kysely),
    readsTogether: sqliteReadsTogether(kysely),
  };
}
