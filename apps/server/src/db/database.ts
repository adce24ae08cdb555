// Opens the database: embedded SQLite (default) or PostgreSQL (DATABASE_URL), with one query layer (Kysely).
import { Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import { namedStatementPool } from './pg-named-statements.js';
import {
  postgresPipelined,
  postgresReadsTogether,
  type PipelinedTransaction,
  type ReadsTogether,
} from './pipelined-transaction.js';
import type { Database } from './schema.js';
import { openSqliteFile } from './sqlite.js';

export type DialectName = 'sqlite' | 'postgres';

/** What repository functions take first: the database, or a transaction on it. */
export type Executor = Kysely<Database>;
/** One open transaction: services that must run several statements atomically pass it down. */
export type Tx = Transaction<Database>;

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL's connection string, for connections outside the pool (LISTEN); null on SQLite. */
  postgresUrl: string | null;
  /** PostgreSQL's pools now (the metrics read them); absent on SQLite, which has one connection and no pool. */
  poolStats?: () => Record<PoolName, PoolStats>;
  /**
   * SQLite's `PRAGMA data_version`: a number that moves when another connection (an operator CLI's
   * process) commits to the file, never for this connection's own commits. Absent on PostgreSQL. What
   * this process keeps in memory from the database (the auth cache) empties when it moves.
   */
  dataVersion?: () => number;
  /**
   * A transaction whose statements go out without waiting for earlier answers (db/pipelined-transaction.ts):
   * the ledger's batches, where round trips to PostgreSQL are most of a batch's time.
   */
  pipelined: PipelinedTransaction;
  /** Reads sent together, outside a transaction (db/pipelined-transaction.ts): one round trip on PostgreSQL. */
  readsTogether: ReadsTogether;
  /**
   * Where a lost idle PostgreSQL connection is told (absent on SQLite): the server's log once it has one,
   * a process warning before that. The pool drops the connection and opens another for the next query.
   */
  onConnectionError?: (listener: ConnectionErrorListener) => void;
  close(): Promise<void>;
}

export type ConnectionErrorListener = (pool: PoolName, error: Error) => void;

/**
 * PostgreSQL's two pools: `queries` for everything but the ledger's batches and the reads sent together
 * (a cash call's checks), which have `ledger_batches` (pipeline mode).
 */
export type PoolName = 'queries' | 'ledger_batches';

export interface PoolStats {
  /** Connections open, idle or busy. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is too small, or connections are held too long. */
  waiting: number;
}

export type DbOptions = (
  | { kind: 'sqlite'; file: string } // ':memory:' for unit tests
  | { kind: 'postgres'; url: string; poolSize?: number }
) & {
  /**
   * Reuse prepared statements: a statement cache on SQLite, named statements on PostgreSQL. On by
   * default; the benchmarks turn it off to measure what it saves.
   */
  preparedStatements?: boolean;
};

/** The embedded database (db/sqlite.ts): its settings, statement cache and transactions. */
function openSqlite(file: string, preparedStatements: boolean): Db {
  const { kysely, dataVersion, pipelined, readsTogether } = openSqliteFile(file, preparedStatements);
  return {
    kysely,
    dialect: 'sqlite',
    postgresUrl: null,
    dataVersion,
    pipelined,
    readsTogether,
    close: () => kysely.destroy(),
  };
}

/** int8 and numeric arrive as strings from pg; money stays exact only as safe integers, so refuse the rest. */
function parseSafeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`integer out of the safe range: ${text}`);
  return value;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

const safeIntegerTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID || oid === NUMERIC_OID
      ? parseSafeInteger
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

const statsOf = (pool: pg.Pool): PoolStats => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

function openPostgres(url: string, poolSize: number, preparedStatements: boolean): Db {
  let connectionError: ConnectionErrorListener = (pool, error) =>
    process.emitWarning(`PostgreSQL connection of the ${pool} pool lost: ${error.message}`);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: safeIntegerTypes });
  const kysely = new Kysely<Database>({
    dialect: new CurrentSchemaPostgresDialect({ pool: preparedStatements ? namedStatementPool(pool) : pool }),
  });
  // Pipeline mode on connections of their own: the rest of the code keeps the plain, one-at-a-time
  // protocol (and cursors, which pipeline mode refuses). Idle ones close after pg's idle timeout.
  const pipelinedPool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: safeIntegerTypes,
    pipeline: true,
  });
  // An idle connection the server ends (a restart, pg_terminate_backend, a failover) makes its pool emit
  // 'error', and an EventEmitter's 'error' without a listener is an uncaught exception that ends the
  // process (the backup-restore test's 'terminating connection due to administrator command' did).
  // pg's pool has already dropped the connection when it emits: telling is all that is left to do.
  pool.on('error', (error) => connectionError('queries', error));
  const pipelineConnections = preparedStatements ? namedStatementPool(pipelinedPool) : pipelinedPool;
  pipelinedPool.on('error', (error) => connectionError('ledger_batches', error));
  return {
    kysely,
    dialect: 'postgres',
    postgresUrl: url,
    poolStats: () => ({ queries: statsOf(pool), ledger_batches: statsOf(pipelinedPool) }),
    pipelined: postgresPipelined(pipelineConnections),
    readsTogether: postgresReadsTogether(pipelineConnections),
    onConnectionError: (listener) => {
      connectionError = listener;
    },
    close: async () => {
      await kysely.destroy();
      await pipelinedPool.end();
    },
  };
}

export function openDatabase(options: DbOptions): Db {
  const prepared = options.preparedStatements ?? true;
  return options.kind === 'sqlite'
    ? openSqlite(options.file, prepared)
    : openPostgres(options.url, options.poolSize ?? 10, prepared);
}
