// Named prepared statements for Kysely's PostgreSQL driver. Kysely sends every query unnamed, so the
// server parses and plans each one on every call; a stable name per SQL text lets each connection parse
// a statement once and then only bind and execute it (BENCHMARKS.md: about 0.8 ms of a 3.2 ms deposit).
import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Named statements kept per connection. Each costs the server some memory for the connection's life;
 * past this many (an unusual spread of `in (...)` list lengths) new texts simply go unnamed.
 */
export const NAMED_STATEMENTS_PER_CONNECTION = 500;

/** PostgreSQL's SQLSTATE for "cached plan must not change result type" (a table changed under it). */
const FEATURE_NOT_SUPPORTED = '0A000';

/** A short name per SQL text (PostgreSQL truncates names at 63 bytes); computed once per text. */
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `k${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    // Bounded like the per-connection set: an unbounded text -> name map would be a slow leak.
    if (names.size >= NAMED_STATEMENTS_PER_CONNECTION * 4) names.clear();
    names.set(text, name);
  }
  return name;
}

interface ClientState {
  /** Texts this connection has prepared under their name. */
  named: Set<string>;
  /** Texts that must stay unnamed on this connection (their prepared plan went stale). */
  unnamed: Set<string>;
}

/**
 * Kysely's `PostgresPool` over a pg pool that sends each parameterised query as a named statement.
 * Queries without parameters (BEGIN, COMMIT, DDL) stay on the simple protocol, as before.
 *
 * A named statement survives schema changes made by another process only as long as its result type
 * does not change: `select *` on a table that gained a column fails with 0A000 on every connection that
 * prepared it. Such a text is then sent unnamed on that connection from the next call on; the failed call
 * itself fails (a money call rolls back whole and its retry, same trx, succeeds).
 */
export function namedStatementPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const state: ClientState = { named: new Set(), unnamed: new Set() };
    const named = async (text: string, values: readonly unknown[]) => {
      const useName =
        values.length > 0 &&
        !state.unnamed.has(text) &&
        (state.named.has(text) || state.named.size < NAMED_STATEMENTS_PER_CONNECTION);
      if (!useName) return client.query(text, [...values]);
      try {
        const result = await client.query({ name: nameOf(text), text, values: [...values] });
        state.named.add(text);
        return result;
      } catch (error) {
        if ((error as { code?: unknown }).code === FEATURE_NOT_SUPPORTED) {
          state.named.delete(text);
          state.unnamed.add(text);
        }
        throw error;
      }
    };
    // A cursor (Kysely's stream()) passes through untouched; only texts with parameters get a name.
    const query = (textOrCursor: string | pg.Submittable, values: readonly unknown[] = []) =>
      typeof textOrCursor === 'string' ? named(textOrCursor, values) : client.query(textOrCursor);
    return {
      query: query as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
      // For db/pipelined-transaction.ts, which holds a round trip's writes together.
      socket: (client as unknown as pg.Client).connection.stream,
    } as PostgresPoolClient;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
