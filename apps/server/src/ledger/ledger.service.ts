// The only code that changes a balance. Every request (a cashier's cash call, a device's game event, a
// back-office float move) goes through one group commit (group-commit.ts) and one batch (batch.ts):
// those arriving while a transaction is in flight are applied together in the next one, each with its
// own trx claim, money rule (money-rules.ts) and answer, and the batch's writes are checked against the
// ledger's invariants (invariants.ts) before they go out.
import { systemClock, type Clock } from '../clock.js';
import { DEFAULT_LEDGER_BATCH_MAX, DEFAULT_LEDGER_LANES, DEFAULT_LEDGER_WAIT_US } from '../config.js';
import type { Db } from '../db/database.js';
import { noChangePublisher, publishAfterCommit, type ChangePublisher } from '../live/change-feed.js';
import { BatchRaced, runBatch, type Settled } from './batch.js';
import type { LedgerSealer } from './ledger-sealer.js';
import { GroupCommit, type Pending } from './group-commit.js';
import { keyed } from './keys.js';
import type {
  DeviceEventInput,
  FloatMoveInput,
  KeyedRequest,
  LedgerRequest,
  Outcome,
  PlaceCashInput,
  TransferInput,
} from './types.js';

export { floatLimit } from './money-rules.js';
export type { DeviceEventInput, FloatMoveInput, PlaceCashInput, TransferInput } from './types.js';

/** A batch of one that lost a trx race to another process runs again, this many times at most. */
const RACE_RETRIES = 3;

export class LedgerService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
    /** Told, after commit, what each operation changed, for the terminals watching (live/). */
    private readonly changes: ChangePublisher = noChangePublisher,
    options: {
      batchMax?: number;
      lanes?: number;
      waitUs?: number | undefined;
      /** The hash chain; off only for the benchmark's on/off pair (config.ts `ledger.chain`). */
      chain?: boolean | undefined;
      /** Told the venues of each commit, to put their rows on the chain soon (ledger-sealer.ts). */
      sealer?: LedgerSealer | undefined;
    } = {},
  ) {
    this.chain = options.chain ?? true;
    this.sealer = this.chain ? (options.sealer ?? null) : null;
    this.commits = new GroupCommit<KeyedRequest, Outcome>(
      Math.max(1, options.batchMax ?? DEFAULT_LEDGER_BATCH_MAX),
      // SQLite has one connection: a second lane would only queue behind the first.
      // Stryker disable next-line MethodExpression,LogicalOperator: speed-only
      db.dialect === 'sqlite' ? 1 : Math.max(1, options.lanes ?? DEFAULT_LEDGER_LANES),
      (batch) => this.runPending(batch),
      // Stryker disable next-line all: speed-only
      (options.waitUs ?? (db.dialect === 'sqlite' ? 0 : DEFAULT_LEDGER_WAIT_US)) / 1000,
    );
    this.expectCall = this.commits.expect;
  }

  /**
   * A money call is on its way here (its request arrived): a batch about to start may wait a moment for
   * it (group-commit.ts). Call the returned function when it is about to be submitted, or ends without.
   * The group commit's own `expect`: nothing to add on the way.
   */
  readonly expectCall: () => () => void;

  private readonly commits: GroupCommit<KeyedRequest, Outcome>;
  private readonly chain: boolean;
  private readonly sealer: LedgerSealer | null;
  private readonly batchListeners = new Set<(size: number) => void>();

  /**
   * Calls `listener(size)` after each of this ledger's transactions commits, with how many requests it
   * held (the metrics export, the benchmark, the tests that prove batching); returns the unsubscribe.
   */
  onBatch(listener: (size: number) => void): () => void {
    this.batchListeners.add(listener);
    return () => this.batchListeners.delete(listener);
  }

  /**
   * Into the next batch, with its keys built once (keys.ts keyed): the group commit keeps one trx out of
   * two batches by its claim and two lanes off one row by its rows, and the batch finds everything by them.
   */
  private submit(request: LedgerRequest): Promise<Outcome> {
    const op = keyed(request);
    return this.commits.submit(op, op.keys.claim, op.keys.rows);
  }

  /** Back-office float top-up (delta > 0) or withdraw (delta < 0), against the outside world. */
  moveFloat(input: FloatMoveInput): Promise<Outcome> {
    return this.submit({ kind: 'float', input });
  }

  /**
   * A cashier's deposit (delta > 0: float -> entries) or withdraw (delta < 0: entries -> float; a
   * cash-out takes the whole entries), in the next batch.
   */
  changePlaceCash(input: PlaceCashInput): Promise<Outcome> {
    return this.submit({ kind: 'cash', input });
  }

  /**
   * A player's money from one seat of the venue to another (docs/product.md section 18), in the next
   * batch: no cash, no float; the player's exclusion and the seats' players obey the rules of
   * batch-decide.ts judgeTransfer.
   */
  transfer(input: TransferInput): Promise<Outcome> {
    return this.submit({ kind: 'transfer', input });
  }

  /**
   * A game event from a device, in the next batch. The device must still be linked: that, and the
   * venue's rate and ceiling, are read under the place's lock, so an unlink (which locks the device's
   * places too) is either before the event (406 `device not available`) or after it (and then sees the
   * money the event moved).
   */
  applyDeviceEvent(input: DeviceEventInput): Promise<Outcome> {
    return this.submit({ kind: 'event', input });
  }

  /**
   * Runs one batch and settles each request with its own answer. An unexpected failure of a batch of
   * several runs each of them again alone, so one request's failure answers only that request.
   */
  private async runPending(batch: Pending<KeyedRequest, Outcome>[]): Promise<void> {
    let settled: Settled[];
    try {
      // Once the batch commits, what changed tells the terminals: each 200, and a payout newly filed for
      // a manager (its 202 asked again, a replay and a refusal change nothing, so a till resending cannot
      // feed itself).
      settled = await publishAfterCommit(
        this.changes,
        () => this.runWithRetry(batch.map((p) => p.op)),
        // Stryker disable next-line ArrayDeclaration: refusal-changes
        (committed) =>
          committed.flatMap((s) =>
            'outcome' in s && s.change !== null && (s.outcome.status === 200 || s.outcome.status === 202)
              ? [s.change]
              : [],
          ),
      );
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const pending of batch) await this.runPending([pending]);
      return;
    }
    settled.forEach((s, i) => {
      const pending = batch[i]!;
      if ('error' in s) return pending.reject(s.error);
      pending.resolve(s.outcome);
    });
  }

  private async runWithRetry(requests: KeyedRequest[]): Promise<Settled[]> {
    // Stryker disable next-line UpdateOperator: pg-two-processes
    for (let attempt = 0; ; attempt++) {
      try {
        const { settled, venues } = await runBatch(this.db, this.clock.now(), requests, this.chain);
        if (venues.size > 0) this.sealer?.wrote(venues);
        for (const listener of this.batchListeners) listener(requests.length);
        return settled;
      } catch (error) {
        // Another process claimed one of our trx after we looked (alone, the next try reads its answer),
        // or moved a device of the batch to another venue: the next try reads it again.
        // Stryker disable next-line all: pg-two-processes
        if (!(error instanceof BatchRaced) || requests.length > 1 || attempt >= RACE_RETRIES) throw error;
      }
    }
  }
}
