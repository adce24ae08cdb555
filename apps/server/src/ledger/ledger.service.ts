// The only code that changes a balance. Cash calls and game events go through a group commit
// (group-commit.ts, batch.ts): those arriving while a transaction is in flight are applied together in
// the next one, each with its own trx claim, rules and answer. A back-office float move is one
// transaction of its own (it writes its audit entry inside). Every transaction locks what it touches
// (accounts, then places), claims its trx, checks the money rules of docs/api.md (money-rules.ts), writes
// balanced ledger rows and stores its answer under the trx.
import { ERR, type DeviceEventType, type FloatMoveResult } from '@cashdesk/contract';
import { systemClock, type Clock } from '../clock.js';
import type { Db, Tx } from '../db/database.js';
import type { AccountRow, LedgerKind } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { ok, refusal, type Outcome } from './outcome.js';
import {
  floatChange,
  noChangePublisher,
  publishAfterCommit,
  type Change,
  type ChangePublisher,
} from '../live/change-feed.js';
import { reportBatch } from './batch-observer.js';
import { claimKeyOf, ClaimRaced, lockedRowsOf, runBatch, type LedgerOp, type OpResult } from './batch.js';
import { GroupCommit, type Pending } from './group-commit.js';
import { claimTrx, storeOutcome, type Claim } from './idempotency.js';
import { insertLedgerEntries, lockAccount, setFloatBalance } from './ledger.repository.js';
import { DEFAULT_LEDGER_BATCH_MAX, DEFAULT_LEDGER_LANES } from '../config.js';
import { floatLimit, rowBuilder, safeBalance } from './money-rules.js';

export { floatLimit } from './money-rules.js';

/** A batch of one that lost a trx race to another process runs again, this many times at most. */
const RACE_RETRIES = 3;

export interface FloatMoveInput {
  account_id: number;
  user_id: number | null;
  /** > 0 a top-up from outside, < 0 a withdraw to outside. */
  delta_cents: number;
  trx: string;
  reason: string;
  /**
   * Runs inside the move's transaction once the money has moved (not on a replay or a refusal): the
   * back office writes its audit entry here, so the move and its record commit or fail together.
   */
  onMoved?: (tx: Tx, move: FloatMoved) => Promise<void>;
}

export interface FloatMoved {
  operation_id: number;
  balance_before: number;
  balance_after: number;
}

export interface PlaceCashInput {
  account_id: number;
  user_id: number;
  device_id: number;
  device_uuid: string;
  place: number;
  /** > 0 a deposit (float -> entries), < 0 a withdraw (entries -> float). */
  delta_cents: number;
  trx: string;
  /**
   * A cash-out: the place's whole balance when the ledger decides the call, whatever `delta_cents` (the
   * balance the cashier saw) says; the answer's delta is what was taken (money-rules.ts cashOutDelta).
   */
  cash_out?: boolean | undefined;
  /**
   * The PIN of a remote (home-play) call, null for a regular device. Remote calls need the phone's
   * current PIN; every cash call obeys the account's hard and light blocks (accounts/account-blocks.ts).
   */
  remote_pin: string | null;
}

/**
 * A game event of a device. The venue it books to, and the venue's final-bonus rate and per-event
 * ceiling, are read inside the event's transaction (ledger.repository.ts eventRulesQuery): a device
 * unlinked a moment before is refused, never credited to the venue it left.
 */
export interface DeviceEventInput {
  device_id: number;
  place: number;
  type: DeviceEventType;
  amount_cents: number;
  trx: string;
}

export class LedgerService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
    /** Told, after commit, what each operation changed, for the terminals watching (live/). */
    private readonly changes: ChangePublisher = noChangePublisher,
    options: {
      batchMax?: number;
      lanes?: number;
      /** This ledger's own batch observer (the metrics export); onBatch() hears every ledger's. */
      onBatch?: (size: number) => void;
    } = {},
  ) {
    this.onBatch = options.onBatch;
    this.commits = new GroupCommit<LedgerOp, Outcome>(
      Math.max(1, options.batchMax ?? DEFAULT_LEDGER_BATCH_MAX),
      // SQLite has one connection: a second lane would only queue behind the first.
      // Stryker disable next-line MethodExpression,LogicalOperator: PostgreSQL's lanes, a matter of speed (BENCHMARKS.md)
      db.dialect === 'sqlite' ? 1 : Math.max(1, options.lanes ?? DEFAULT_LEDGER_LANES),
      claimKeyOf,
      lockedRowsOf,
      (batch) => this.runPending(batch),
    );
  }

  private readonly commits: GroupCommit<LedgerOp, Outcome>;
  private readonly onBatch: ((size: number) => void) | undefined;

  /** Back-office float top-up (delta > 0) or withdraw (delta < 0), against the outside world. */
  async moveFloat(input: FloatMoveInput): Promise<Outcome> {
    return this.transaction(async (tx, now) => {
      const change = floatChange(input.account_id);
      const account = await this.requireAccount(tx, input.account_id);
      const claim = await claimTrx(tx, {
        ...this.claimBase(input.user_id, input.trx, now),
        kind: input.delta_cents > 0 ? 'float_top_up' : 'float_withdraw',
        request: ['float', input.account_id, input.delta_cents, input.reason],
        account_id: input.account_id,
        reason: input.reason,
      });
      if (!claim.claimed) return { outcome: claim.outcome, change };

      const limit = floatLimit(account);
      const balance = safeBalance(account.balance_cents + input.delta_cents);
      let outcome: Outcome;
      if (balance < -limit) {
        outcome = refusal(ERR.overdraft, { balance: account.balance_cents, overdraft: limit });
      } else {
        const kind: LedgerKind = input.delta_cents > 0 ? 'float_top_up' : 'float_withdraw';
        const row = rowBuilder(input.trx, kind, now, account.id, { user_id: input.user_id });
        await setFloatBalance(tx, account.id, balance);
        await insertLedgerEntries(
          tx,
          [row('float', input.delta_cents, balance), row('external', -input.delta_cents, null)].map((r) => ({
            ...r,
            operation_id: claim.operation_id,
          })),
        );
        await input.onMoved?.(tx, {
          operation_id: claim.operation_id,
          balance_before: account.balance_cents,
          balance_after: balance,
        });
        outcome = ok<FloatMoveResult>({ trx: input.trx, delta: input.delta_cents, balance });
      }
      await storeOutcome(tx, claim.operation_id, outcome);
      return { outcome, change };
    });
  }

  /**
   * A cashier's deposit (delta > 0: float -> entries) or withdraw (delta < 0: entries -> float; a
   * cash-out takes delta = -entries), in the next batch (money-rules.ts decideCash).
   */
  changePlaceCash(input: PlaceCashInput): Promise<Outcome> {
    return this.commits.submit({ kind: 'cash', input });
  }

  /**
   * A game event from a device, in the next batch (money-rules.ts decideEvent). The device must still be
   * linked: that, and the venue's rate and ceiling, are read under the place's lock, so an unlink (which
   * locks the device's places too) is either before the event (406 `device not available`) or after it
   * (and then sees the money the event moved).
   */
  applyDeviceEvent(input: DeviceEventInput): Promise<Outcome> {
    return this.commits.submit({ kind: 'event', input });
  }

  /**
   * Runs one batch and settles each operation with its own answer. An unexpected failure of a batch of
   * several runs each of them again alone, so one operation's failure answers only that operation.
   */
  private async runPending(batch: Pending<LedgerOp, Outcome>[]): Promise<void> {
    let results: OpResult[];
    try {
      // Once the batch commits, each 200 tells the terminals (a replay's 200 repeats a harmless hint).
      results = await publishAfterCommit(
        this.changes,
        () => this.runWithRetry(batch.map((p) => p.op)),
        // Stryker disable next-line ArrayDeclaration: what a refusal would tell in its place names no venue, and reaches no terminal
        (committed) => committed.flatMap((r) => (r.ok && r.outcome.status === 200 ? [r.change] : [])),
      );
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const pending of batch) await this.runPending([pending]);
      return;
    }
    results.forEach((result, i) => {
      const pending = batch[i]!;
      if (!result.ok) return pending.reject(result.error);
      pending.resolve(result.outcome);
    });
  }

  private async runWithRetry(ops: LedgerOp[]): Promise<OpResult[]> {
    // Stryker disable next-line UpdateOperator: PostgreSQL only (two processes claiming one trx): ledger.concurrency.test.ts, 'answers one event trx sent for two places to two server processes', fails without it
    for (let attempt = 0; ; attempt++) {
      try {
        const results = await runBatch(this.db, this.clock.now(), ops);
        reportBatch(ops.length);
        this.onBatch?.(ops.length);
        return results;
      } catch (error) {
        // Another process claimed one of our trx after we looked: alone, the next try reads its answer.
        // Stryker disable next-line all: PostgreSQL only (two processes claiming one trx): ledger.concurrency.test.ts, 'answers one event trx sent for two places to two server processes', fails without it
        if (!(error instanceof ClaimRaced) || ops.length > 1 || attempt >= RACE_RETRIES) throw error;
      }
    }
  }

  /**
   * One database transaction; once it commits a 200, the terminals are told what its `change` names (a
   * replay's 200 repeats a harmless hint; a refusal changed nothing).
   */
  private async transaction(
    work: (tx: Tx, now: number) => Promise<{ outcome: Outcome; change: Change }>,
  ): Promise<Outcome> {
    const done = await publishAfterCommit(
      this.changes,
      () => this.db.kysely.transaction().execute((tx) => work(tx, this.clock.now())),
      ({ outcome, change }) => (outcome.status === 200 ? change : null),
    );
    return done.outcome;
  }

  private async requireAccount(tx: Tx, accountId: number): Promise<AccountRow> {
    const account = await lockAccount(tx, this.db.dialect, accountId);
    if (!account) throw new ApiError(ERR.noAccount);
    return account;
  }

  private claimBase(
    userId: number | null,
    trx: string,
    now: number,
  ): Pick<Claim, 'scope' | 'trx' | 'user_id' | 'now_ms'> {
    return { scope: userId === null ? 'operator' : `user:${userId}`, trx, user_id: userId, now_ms: now };
  }
}
