// Queries of the idempotency records (table `operations`, ledger/idempotency.ts): one row per
// (scope, trx) with the request's hash and, once decided, the stored answer.
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { shapedStatement, shapedRowsStatement } from '../db/query-shapes.js';
import type { OperationsTable } from '../db/schema.js';
import type { Insertable, Selectable } from 'kysely';

export type NewOperation = Insertable<OperationsTable>;
export type StoredOperation = Pick<
  Selectable<OperationsTable>,
  'request_hash' | 'status_code' | 'response_json' | 'device_id'
>;

/**
 * Inserts the record unless (scope, trx) is taken; its id, or undefined when another call holds the trx
 * (on PostgreSQL the insert first waits for a transaction that holds it uncommitted).
 */
export async function insertOperation(db: Executor, row: NewOperation): Promise<number | undefined> {
  const inserted = await db
    .insertInto('operations')
    .values(row)
    .onConflict((oc) => oc.columns(['scope', 'trx']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** The record of (scope, trx), compiled once (db/query-shapes.ts): every cash call asks this first. */
export function findOperationStatement(db: Executor, scope: string, trx: string) {
  return shapedStatement(db, 'findOperation', [scope, trx], ([s, t]) =>
    db
      .selectFrom('operations')
      .select(['request_hash', 'status_code', 'response_json', 'device_id'])
      .where('scope', '=', s as string)
      .where('trx', '=', t as string)
      .compile(),
  );
}

export async function findOperation(
  db: Executor,
  scope: string,
  trx: string,
): Promise<StoredOperation | undefined> {
  return (await db.executeQuery(findOperationStatement(db, scope, trx))).rows[0];
}

export async function setOperationAnswer(
  db: Executor,
  operationId: number,
  answer: { status_code: number; response_json: string },
): Promise<void> {
  await db.updateTable('operations').set(answer).where('id', '=', operationId).execute();
}

/** The records of many (scope, trx) at once, for a batch (ledger/batch.ts); at least one key. */
export function findOperationsStatement(db: Executor, keys: readonly { scope: string; trx: string }[]) {
  return shapedRowsStatement(db, 'findOperations', keys, (rows) =>
    db
      .selectFrom('operations')
      .select(['id', 'scope', 'trx', 'request_hash', 'status_code', 'response_json'])
      .where((eb) => eb.or(rows.map((k) => eb.and([eb('scope', '=', k.scope), eb('trx', '=', k.trx)]))))
      .compile(),
  );
}

/**
 * Inserts many records (answers included) in one statement, at least one; returns the ones inserted. A
 * (scope, trx) another transaction took meanwhile is left out (on PostgreSQL after waiting for that one
 * to end).
 */
export function insertOperationsStatement(db: Executor, rows: readonly NewOperation[]) {
  return shapedRowsStatement(db, 'insertOperations', rows, (shaped) =>
    db
      .insertInto('operations')
      .values([...shaped])
      .onConflict((oc) => oc.columns(['scope', 'trx']).doNothing())
      .returning(['id', 'scope', 'trx'])
      .compile(),
  );
}

/** Which of these operations a correction already reversed (their ids), for a batch; at least one id. */
export function correctedStatement(db: Executor, operationIds: readonly number[]) {
  return db
    .selectFrom('operations')
    .select('corrects_operation_id')
    .where('corrects_operation_id', 'in', [...operationIds])
    .compile();
}

/**
 * A venue's cash operations (deposits, withdraws, cash-outs) that were applied with a trx, with the place
 * and delta each one's entries row moved: what a correction reverses (docs/product.md section 13). Each
 * trx is scoped to its caller, so two cashiers' operations may share one: `operationId` names one of them.
 * At most two rows: enough to tell one from several.
 */
export async function findCashOperations(
  db: Executor,
  accountId: number,
  trx: string,
  operationId: number | undefined,
) {
  return db
    .selectFrom('operations')
    .innerJoin('ledger_entries', 'ledger_entries.operation_id', 'operations.id')
    .select([
      'operations.id',
      'operations.trx',
      'ledger_entries.device_id',
      'ledger_entries.place',
      'ledger_entries.amount_cents',
    ])
    .where('operations.account_id', '=', accountId)
    .where('operations.trx', '=', trx)
    .$if(operationId !== undefined, (q) => q.where('operations.id', '=', operationId!))
    .where('operations.kind', 'in', ['deposit', 'withdraw'])
    .where('operations.status_code', '=', 200)
    .where('ledger_entries.line', '=', 'entries')
    .orderBy('operations.id')
    .limit(2)
    .execute();
}

/**
 * `count` fresh record ids from the table's own sequence (PostgreSQL), as one array: a batch draws them
 * with its reads, so its writes need no answer before the commit (batch-write.ts). An id drawn and not
 * used is a gap. The sequence is looked up once per statement, not once per id.
 */
export function drawOperationIdsSql(count: unknown) {
  return sql`array(select nextval(s.seq) from (select pg_get_serial_sequence('operations', 'id')::regclass as seq) s,
    generate_series(1, ${count}::int))`;
}

/** The ids alone, where no venue lock draws them (the benchmark's chain-off leg). */
export function nextOperationIdsStatement(db: Executor, count: number) {
  return shapedStatement(db, 'nextOperationIds', [count], ([drawn]) =>
    sql<{ ids: string[] }>`select ${drawOperationIdsSql(drawn)} as ids`.compile(db),
  );
}

/**
 * Inserts many records with the ids drawn for them, at least one. A (scope, trx) another transaction
 * took meanwhile fails the statement with the unique violation of `operations_scope_trx` (on PostgreSQL
 * after waiting for that one to end): the batch runs again (batch.ts).
 */
export function insertOperationsWithIdsStatement(
  db: Executor,
  rows: readonly (NewOperation & { id: number })[],
) {
  return shapedRowsStatement(db, 'insertOperationsWithIds', rows, (shaped) =>
    db
      .insertInto('operations')
      .values([...shaped])
      .compile(),
  );
}

/** Whether `error` is another transaction's claim of a trx the batch inserted with a drawn id. */
export function isClaimTaken(error: unknown): boolean {
  return (error as { constraint?: unknown } | null)?.constraint === 'operations_scope_trx';
}
