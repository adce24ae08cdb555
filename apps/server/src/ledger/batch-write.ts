// A batch's third phase: the write plan checked against the ledger's invariants (invariants.ts), then
// written: the operations' records first (their ids go into the ledger rows) with the balances behind
// them, then the ledger rows, the game-event records and what callers asked to write with a move, left in
// flight: the commit follows them (db/pipelined-transaction.ts). On PostgreSQL the records' ids were drawn
// with the reads, so the writes and the commit take one round trip and wait for no answer in between. The rows go out without their place in the venue's hash chain: the sealer
// puts them there once they have committed (ledger-sealer.ts).
import type { Executor } from '../db/database.js';
import type { Pipeline } from '../db/pipelined-transaction.js';
import type { UnchainedPosting } from '../db/ledger-chain.js';
import { assertWritePlan } from './invariants.js';
import { byTrxKey } from './keys.js';
import {
  insertDeviceEventsStatement,
  insertPostingsStatement,
  setFloatBalanceStatement,
  setPlacesBalancesStatement,
} from './ledger.repository.js';
import { insertOperationsStatement, insertOperationsWithIdsStatement } from './operations.repository.js';
import { setPlayersDayStatement, setSeatPlayersStatement } from '../players/index.js';
import type { WritePlan } from './types.js';

/** What another transaction did between the batch's reads and its writes: the batch runs again. */
export class BatchRaced extends Error {}

/** Another transaction claimed a trx of the batch between our read and our insert. */
export class ClaimRaced extends BatchRaced {
  // Stryker disable next-line BlockStatement: pg-two-processes
  constructor() {
    // Stryker disable next-line StringLiteral: error-text
    super('a trx of the batch was claimed by another transaction meanwhile');
  }
}

/**
 * A device with an event moved to another venue between the batch's venue locks and its place locks, so
 * the batch does not hold the lock of the venue its rows go to (ledger-seals.repository.ts).
 */
export class VenueLockMissed extends BatchRaced {
  constructor(accountId: number) {
    super(`ledger rows for venue ${accountId}, whose lock the batch does not hold`);
  }
}

type Operations = WritePlan['operations'];

/** What the batch holds for its writes besides the plan. */
export interface WriteContext {
  /**
   * The venues whose locks the batch shares (batch-read.ts), null where none are needed; a ledger row
   * for any other venue runs the batch again.
   */
  venueLocks: ReadonlySet<number> | null;
  /**
   * Record ids drawn with the reads (PostgreSQL), at least one per operation: the writes then wait for no
   * answer. Null: the inserted records' ids are read back first (SQLite, in process).
   */
  operationIds: readonly number[] | null;
}

/** Writes the plan; answers the records it inserted (their ids), by `scope\0trx` (keys.ts trxKeyOf). */
export async function writeBatch(
  pipe: Pipeline,
  db: Executor,
  plan: WritePlan,
  { venueLocks, operationIds }: WriteContext,
): Promise<ReadonlyMap<string, { id: number }>> {
  assertWritePlan(plan);
  if (venueLocks) assertVenuesLocked(plan, venueLocks);
  for (const statement of plan.held) void pipe.run(statement(db));
  const operations = plan.operations;
  if (operations.length === 0) return new Map();
  const ids = operationIds
    ? insertWithDrawnIds(pipe, db, operations, operationIds)
    : await insertReadingIds(pipe, db, operations);
  for (const [accountId, float] of plan.after.floats) {
    void pipe.run(setFloatBalanceStatement(db, accountId, float.balance_cents));
  }
  if (plan.after.places.size > 0)
    void pipe.run(setPlacesBalancesStatement(db, [...plan.after.places.values()]));
  if (plan.seatPlayers.size > 0) void pipe.run(setSeatPlayersStatement(db, [...plan.seatPlayers.values()]));
  if (plan.players.after.size > 0) {
    const players = [...plan.players.after].map(([id, p]) => ({
      id,
      day: p.day,
      day_cash_in_cents: p.cash_in_cents,
      day_cash_out_cents: p.cash_out_cents,
    }));
    void pipe.run(setPlayersDayStatement(db, players));
  }
  const rows: UnchainedPosting[] = [];
  const events = [];
  for (const { claim, record, postings, event, also } of operations) {
    const operationId = ids.get(claim)!.id;
    for (const posting of postings) rows.push({ ...posting, operation_id: operationId });
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
  if (rows.length > 0) void pipe.run(insertPostingsStatement(db, rows));
  if (events.length > 0) void pipe.run(insertDeviceEventsStatement(db, events));
  return ids;
}

function assertVenuesLocked(plan: WritePlan, venueLocks: ReadonlySet<number>): void {
  for (const { postings } of plan.operations) {
    const unlocked = postings.find((posting) => !venueLocks.has(posting.account_id));
    if (unlocked) throw new VenueLockMissed(unlocked.account_id);
  }
}

/** The records with the ids drawn for them, sent without waiting; their ids by (scope, trx). */
function insertWithDrawnIds(
  pipe: Pipeline,
  db: Executor,
  operations: Operations,
  drawn: readonly number[],
): Map<string, { id: number }> {
  const records = operations.map((o, i) => ({ ...o.record, id: drawn[i]! }));
  void pipe.run(insertOperationsWithIdsStatement(db, records));
  return new Map(records.map((r, i) => [operations[i]!.claim, r]));
}

/** The records inserted, and their ids read back (SQLite: no round trip to save). */
async function insertReadingIds(pipe: Pipeline, db: Executor, operations: Operations) {
  const inserted = await pipe.run(
    insertOperationsStatement(
      db,
      operations.map((o) => o.record),
    ),
  );
  // Stryker disable next-line ConditionalExpression,EqualityOperator: pg-two-processes
  if (inserted.length !== operations.length) throw new ClaimRaced();
  return byTrxKey(inserted);
}
