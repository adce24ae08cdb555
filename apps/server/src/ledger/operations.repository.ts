// Queries of the idempotency records (table `operations`, ledger/idempotency.ts): one row per
// (scope, trx) with the request's hash and, once decided, the stored answer.
import type { Executor } from '../db/database.js';
import type { OperationsTable } from '../db/schema.js';
import type { Insertable, Selectable } from 'kysely';

export type NewOperation = Insertable<OperationsTable>;
export type StoredOperation = Pick<
  Selectable<OperationsTable>,
  'request_hash' | 'status_code' | 'response_json'
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

export async function findOperation(
  db: Executor,
  scope: string,
  trx: string,
): Promise<StoredOperation | undefined> {
  return db
    .selectFrom('operations')
    .select(['request_hash', 'status_code', 'response_json'])
    .where('scope', '=', scope)
    .where('trx', '=', trx)
    .executeTakeFirst();
}

export async function setOperationAnswer(
  db: Executor,
  operationId: number,
  answer: { status_code: number; response_json: string },
): Promise<void> {
  await db.updateTable('operations').set(answer).where('id', '=', operationId).execute();
}
