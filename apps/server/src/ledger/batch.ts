// One database transaction for a batch of ledger requests (the group commit of group-commit.ts), in three
// phases, each in a file of its own:
//   1. read   (batch-read.ts): lock every account, then every place, in one global order, and read what
//             the decisions need: the earlier records of the batch's trx, venue rules, PINs, open shifts;
//   2. decide (batch-decide.ts): each request in arrival order, in memory, by the money rule of its kind
//             (money-rules.ts), on working copies of the locked rows, into one write plan;
//   3. write  (batch-write.ts): the plan checked against the ledger's invariants (invariants.ts), then
//             written, one multi-row statement per table.
// Phase 1's statements go out together, and so do the writes, and the commit behind the last ones: on
// PostgreSQL, pipelined, a batch is two round trips (db/pipelined-transaction.ts). Each request gets
// its own answer: a replay its stored answer, a changed payload 422 `trx conflict`, a refusal its own
// refusal (thrown ApiErrors reject only that request and claim nothing).
import type { Db } from '../db/database.js';
import { readBatch, type BatchReads } from './batch-read.js';
import { decideBatch, type Settled } from './batch-decide.js';
import { ClaimRaced, writeBatch } from './batch-write.js';
import { isClaimTaken } from './operations.repository.js';
import type { KeyedRequest } from './types.js';

export { BatchRaced } from './batch-write.js';
export type { Settled } from './batch-decide.js';

/**
 * `chain` false: the benchmark's chain-off leg (config.ts `ledger.chain`), no venue lock taken. Answers
 * each request's settlement and the venues the batch wrote ledger rows for (their sealing is due).
 */
export function runBatch(
  db: Db,
  now: number,
  requests: readonly KeyedRequest[],
  chain = true,
): Promise<{ settled: Settled[]; venues: Set<number> }> {
  return db
    .pipelined(async (pipe) => {
      // On PostgreSQL the records' ids are drawn with the reads, so the writes and the commit go out
      // together and the transaction never waits on an answer while it holds its locks.
      const reads = await readBatch(pipe, db.kysely, db.dialect, requests, now, chain);
      const { settled, plan } = decideBatch(requests, now, reads);
      const written = await writeBatch(pipe, db.kysely, plan, reads);
      settled.forEach((s, i) => noteRecord(s, requests[i]!, reads, written));
      const venues = new Set(plan.operations.flatMap((o) => o.postings.map((posting) => posting.account_id)));
      return { settled, venues };
    })
    .catch((error: unknown) => {
      // Another transaction claimed one of the batch's trx after its reads.
      throw isClaimTaken(error) ? new ClaimRaced() : error;
    });
}

/**
 * An applied cash call's answer carries its record's id and venue (Outcome.record): written now, or
 * earlier and replayed.
 */
function noteRecord(
  settled: Settled,
  request: KeyedRequest,
  reads: BatchReads,
  written: ReadonlyMap<string, { id: number }>,
): void {
  if (request.kind !== 'cash' || !('outcome' in settled) || settled.outcome.status !== 200) return;
  const key = request.keys.claim;
  const operationId = written.get(key)?.id ?? reads.earlier.get(key)?.id;
  const venue = reads.accounts.get(request.input.account_id)?.name;
  if (operationId !== undefined && venue !== undefined) settled.outcome.record = { operationId, venue };
}
