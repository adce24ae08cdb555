// Claims a trx inside the money transaction and stores its answer there too (contract: idempotency).
// Same trx + same request = the stored answer; same trx + another request = 422 `trx conflict`.
// A cashier's call whose trx they already used is a replay: the ledger answers it (the stored answer, or
// 422 `trx conflict` when the request changed) and nothing before the ledger may refuse it, since its
// money may have moved and the client is only asking what happened (docs/money.md, idempotency). The route
// checks that run before the ledger (the open shift, the device, the PIN) ask here first
// (findCashierCallStatement, isReplayOn).
import { createHash } from 'node:crypto';
import { ERR } from '@cashdesk/contract';
import type { Executor, Tx } from '../db/database.js';
import { userScope } from './keys.js';
import {
  findOperation,
  findOperationStatement,
  insertOperation,
  setOperationAnswer,
  type StoredOperation,
} from './operations.repository.js';
import { refusal, type Outcome } from './outcome.js';

export interface Claim {
  /** Whose trx namespace this is (keys.ts: userScope, deviceScope), so one tenant can never read another's answer. */
  scope: string;
  trx: string;
  kind: string;
  /** Everything that identifies the request except the trx itself. */
  request: unknown;
  account_id?: number | null;
  user_id?: number | null;
  reason?: string | null;
  now_ms: number;
}

export function requestHash(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('base64url');
}

/**
 * The stored answers served again (a retried trx), told apart from fresh ones by identity only, so an
 * Outcome stays `{status, body}` for every caller: the metrics count them as replays (metrics/).
 */
const replays = new WeakSet<Outcome>();

/** Whether `outcome` is an earlier call's stored answer, served again. */
export function isReplay(outcome: Outcome): boolean {
  return replays.has(outcome);
}

export type ClaimResult = { claimed: true; operation_id: number } | { claimed: false; outcome: Outcome };

/** What an earlier record of the same (scope, trx) answers a call whose request hashes to `hash`. */
export function replayOutcome(
  earlier: { request_hash: string; status_code: number | null; response_json: string | null },
  hash: string,
): Outcome {
  if (earlier.request_hash !== hash) return refusal(ERR.trxConflict);
  // A record is written with its answer in the transaction that claims it, so a committed one always has
  // one; this only keeps a damaged row from being served as an answer.
  // Stryker disable next-line ConditionalExpression,LogicalOperator: damaged-record
  if (earlier.status_code === null || earlier.response_json === null) return refusal(ERR.trxConflict);
  const replay: Outcome = { status: earlier.status_code, body: JSON.parse(earlier.response_json) as unknown };
  replays.add(replay);
  return replay;
}

/**
 * Inserts the operation record, or finds the earlier one. Call it after locking the rows the operation
 * touches: then a replay waits for the first attempt and reads its committed answer.
 */
export async function claimTrx(tx: Tx, claim: Claim): Promise<ClaimResult> {
  const hash = requestHash(claim.request);
  const id = await insertOperation(tx, {
    scope: claim.scope,
    trx: claim.trx,
    kind: claim.kind,
    request_hash: hash,
    status_code: null,
    response_json: null,
    account_id: claim.account_id ?? null,
    user_id: claim.user_id ?? null,
    // A device's calls (cash, game events) are claimed by the ledger's batch, which writes its own records.
    device_id: null,
    reason: claim.reason ?? null,
    created_at_ms: claim.now_ms,
  });
  if (id !== undefined) return { claimed: true, operation_id: id };

  const earlier = await findOperation(tx, claim.scope, claim.trx);
  // Stryker disable next-line ConditionalExpression,StringLiteral: row-just-written
  if (!earlier) throw new Error(`operation ${claim.scope}/${claim.trx} vanished inside its transaction`);
  return { claimed: false, outcome: replayOutcome(earlier, hash) };
}

export async function storeOutcome(tx: Tx, operationId: number, outcome: Outcome): Promise<void> {
  await setOperationAnswer(tx, operationId, {
    status_code: outcome.status,
    response_json: JSON.stringify(outcome.body),
  });
}

/**
 * The stored record of the cashier's call with this trx, if they made one (the ledger's userScope): its
 * statement, for reads sent together (db/pipelined-transaction.ts).
 */
export function findCashierCallStatement(db: Executor, cashierId: number, trx: string) {
  return findOperationStatement(db, userScope(cashierId), trx);
}

/**
 * Whether the cash call on `deviceId` repeats `stored`, a call the cashier made with the same trx: only
 * when it was on that device. Then only the ledger answers it. A trx first used on another device is no
 * replay of this call: it goes through every check (a device of another venue stays 406), and the ledger
 * refuses its reuse.
 */
export function isReplayOn(stored: StoredOperation | undefined, deviceId: number): boolean {
  return stored !== undefined && stored.device_id === deviceId;
}
