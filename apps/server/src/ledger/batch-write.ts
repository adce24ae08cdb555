// A batch's third phase: the write plan checked against the ledger's invariants (invariants.ts), then
// written: the operations' records first (their ids go into the ledger rows) with the balances behind
// them, then the ledger rows, the game-event records and what callers asked to write with a move, left in
// flight: the commit follows them (db/pipelined-transaction.ts), so on PostgreSQL the writes and the
// commit take two round trips.
import type { Executor } from '../db/database.js';
import type { Pipeline } from '../db/pipelined-transaction.js';
import { chainRows, type ChainHead, type UnchainedEntry } from '../db/ledger-chain.js';
import { assertWritePlan } from './invariants.js';
import {
  insertDeviceEventsQuery,
  insertLedgerEntriesStatement,
  setFloatBalanceStatement,
  setChainHeadsQuery,
  setPlacesBalancesQuery,
} from './ledger.repository.js';
import { insertOperationsQuery } from './operations.repository.js';
import type { WritePlan } from './types.js';

/** Another transaction claimed a trx of the batch between our read and our insert: run it again. */
export class ClaimRaced extends Error {
  // Stryker disable next-line BlockStatement: pg-two-processes
  constructor() {
    // Stryker disable next-line StringLiteral: error-text
    super('a trx of the batch was claimed by another transaction meanwhile');
  }
}

/** The columns' own defaults (migration 012): a row outside any chain. */
const UNCHAINED = { chain_seq: 0, chain_hash: '' } as const;

/**
 * `heads`: the batch's locked hash-chain heads (batch-read.ts), which the ledger rows move on; null in the
 * benchmark's chain-off leg, whose rows keep the columns' defaults (no place in a chain, no hash).
 */
export async function writeBatch(
  pipe: Pipeline,
  db: Executor,
  plan: WritePlan,
  heads: ReadonlyMap<number, ChainHead> | null,
): Promise<void> {
  assertWritePlan(plan);
  for (const statement of plan.held) void pipe.run(statement(db));
  const operations = plan.operations;
  if (operations.length === 0) return;
  const insertedRows = pipe.run(
    insertOperationsQuery(
      db,
      operations.map((o) => o.record),
    ),
  );
  for (const [accountId, float] of plan.after.floats) {
    void pipe.run(setFloatBalanceStatement(db, accountId, float.balance_cents));
  }
  if (plan.after.places.size > 0) void pipe.run(setPlacesBalancesQuery(db, [...plan.after.places.values()]));

  const inserted = await insertedRows;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: pg-two-processes
  if (inserted.length !== operations.length) throw new ClaimRaced();
  const ids = new Map(inserted.map((r) => [`${r.scope}\u0000${r.trx}`, r.id]));
  const rows: UnchainedEntry[] = [];
  const events = [];
  for (const { record, entries, event, also } of operations) {
    const operationId = ids.get(`${record.scope}\u0000${record.trx}`)!;
    for (const entry of entries) rows.push({ ...entry, operation_id: operationId });
    if (event) {
      events.push({
        operation_id: operationId,
        device_id: record.device_id!,
        ...event,
        created_at_ms: record.created_at_ms,
      });
    }
    for (const statement of also) void pipe.run(statement(db));
  }
  if (rows.length > 0) writeLedgerRows(pipe, db, rows, heads);
  if (events.length > 0) void pipe.run(insertDeviceEventsQuery(db, events));
}

/** The batch's ledger rows, each on its venue's chain in the order written, and the heads moved on. */
function writeLedgerRows(
  pipe: Pipeline,
  db: Executor,
  rows: readonly UnchainedEntry[],
  heads: ReadonlyMap<number, ChainHead> | null,
): void {
  if (heads === null) {
    void pipe.run(
      insertLedgerEntriesStatement(
        db,
        rows.map((row) => ({ ...row, ...UNCHAINED })),
      ),
    );
    return;
  }
  const chained = chainRows(rows, heads);
  void pipe.run(insertLedgerEntriesStatement(db, chained.rows));
  void pipe.run(
    setChainHeadsQuery(
      db,
      [...chained.heads].map(([account_id, head]) => ({ account_id, ...head })),
    ),
  );
}
