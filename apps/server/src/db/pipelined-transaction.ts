// A transaction whose statements are sent without waiting for the answers of the ones before them, for
// the ledger's batches (ledger/batch.ts). On PostgreSQL that is the protocol's pipeline mode (pg's
// `pipeline: true`): the server runs the statements in the order sent, so a batch that locks, reads,
// writes and commits costs two round trips (ledger/batch.ts) instead of one per statement. Kysely runs
// one statement at a time on a transaction's connection, so compiled queries go straight to it here. On SQLite
// (in process, no round trips) the statements run one after another through Kysely: db/sqlite.ts.
import type { Duplex } from 'node:stream';
import type { CompiledQuery, PostgresPool, PostgresPoolClient } from 'kysely';

export interface Pipeline {
  /**
   * Sends a statement of the transaction now; statements run in the order sent. Its rows arrive with
   * its promise. A statement that fails fails the transaction, even if nobody awaited it.
   */
  run<R>(query: CompiledQuery<R>): Promise<R[]>;
}

/**
 * Runs `work` in one transaction. `work` may return while its last statements are still on their way:
 * the commit goes out right behind them, and the transaction succeeds only if every statement and the
 * commit did.
 */
export type PipelinedTransaction = <T>(work: (pipe: Pipeline) => Promise<T>) => Promise<T>;

/** Throws the first failure, in the order the statements were sent, once all have answered. */
async function throwFirstFailure(answers: readonly Promise<unknown>[]): Promise<void> {
  const settled = await Promise.allSettled(answers);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Records each answer; a rejection is read by throwFirstFailure, never left unhandled. */
function tracked<T>(answers: Promise<unknown>[], answer: Promise<T>): Promise<T> {
  answers.push(answer);
  answer.catch(() => undefined);
  return answer;
}

/**
 * The socket under a pooled connection: pg's client's own, or the one our named-statement wrapper
 * (db/pg-named-statements.ts) names.
 */
export function socketOf(connection: PostgresPoolClient): Duplex | undefined {
  const client = connection as { socket?: Duplex; connection?: { stream?: Duplex } };
  return client.socket ?? client.connection?.stream;
}

/**
 * Holds what a round trip sends until the code sending it has run (its synchronous part and the promise
 * continuations queued behind it: process.nextTick runs after them, before any I/O), then lets it out in
 * one write. pg writes each statement's messages on their own; a write per statement (a `writev` call
 * each) was about a fifth of the server's CPU on the game events path (a CPU profile of the server). A lone
 * caller waits for no other work: an event-loop turn (setImmediate) instead cost it 5-10% (BENCHMARKS.md,
 * "Decisions and their figures").
 */
function writesHeldWhileSending(socket: Duplex | undefined): () => void {
  let held = false;
  return () => {
    if (!socket || held) return;
    held = true;
    socket.cork();
    process.nextTick(() => {
      held = false;
      socket.uncork();
    });
  };
}

/**
 * Reads that go out together, outside any transaction (each sees what had committed when it ran): the
 * checks before a cash call. Their rows, in the order of `queries`.
 */
export type ReadsTogether = <Q extends readonly CompiledQuery<unknown>[]>(
  queries: Q,
) => Promise<{ [K in keyof Q]: Q[K] extends CompiledQuery<infer R> ? R[] : never }>;

/**
 * On one pipeline-mode connection, in one write: a read apiece over several pool connections cost a
 * write, a read and a checkout each (the round trips per cash call, BENCHMARKS.md "Decisions and their
 * figures"). `pool` must hand out connections made with pg's `pipeline: true`.
 */
export function postgresReadsTogether(pool: PostgresPool): ReadsTogether {
  return async (queries) => {
    const connection: PostgresPoolClient = await pool.connect();
    const holdWrites = writesHeldWhileSending(socketOf(connection));
    const answers = queries.map((query) => {
      holdWrites();
      return connection.query<unknown>(query.sql, query.parameters).then((result) => result.rows);
    });
    try {
      return (await Promise.all(answers)) as never;
    } finally {
      // Every answer in before the connection serves anyone else, failed ones included.
      await Promise.allSettled(answers);
      connection.release();
    }
  };
}

/** `pool` must hand out connections made with pg's `pipeline: true`. */
export function postgresPipelined(pool: PostgresPool): PipelinedTransaction {
  return async (work) => {
    const connection: PostgresPoolClient = await pool.connect();
    const answers: Promise<unknown>[] = [];
    const holdWrites = writesHeldWhileSending(socketOf(connection));
    const send = (sql: string, parameters: readonly unknown[]) => {
      holdWrites();
      return tracked(answers, connection.query<unknown>(sql, parameters));
    };
    try {
      void send('begin', []);
      const value = await work({
        run: <R>(query: CompiledQuery<R>) =>
          tracked(
            answers,
            send(query.sql, query.parameters).then((result) => result.rows as R[]),
          ),
      });
      const commit = send('commit', []);
      await throwFirstFailure(answers);
      // A transaction in which a statement failed ends in ROLLBACK even when asked to COMMIT.
      // (Kysely's result type lists data statements' commands only.)
      if (((await commit).command as string) !== 'COMMIT') throw new Error('the transaction did not commit');
      return value;
    } catch (error) {
      await Promise.allSettled(answers);
      // Outside a transaction (the commit ended it, or a failed commit did) this is a harmless warning.
      await connection.query('rollback', []).catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  };
}
