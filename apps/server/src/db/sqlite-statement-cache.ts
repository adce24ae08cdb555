// A prepared-statement cache in front of better-sqlite3 for Kysely's SQLite driver, which otherwise
// prepares every statement on every call (about 30 µs each, and a fresh statement also runs about 2x
// slower than a reused one: BENCHMARKS.md).
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';
import { BoundedMap } from '../bounded-map.js';

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
