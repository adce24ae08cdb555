// Group commit: operations that arrive while transactions are in flight wait and are applied together in
// the next one, up to `maxBatch` at a time, with at most `lanes` batches in flight at once. No timer: an
// idle lane starts its batch at the end of the current event-loop turn (setImmediate), so the requests
// whose bytes arrived in the same turn join it; a lone operation waits for nothing else. That turn
// matters on SQLite: better-sqlite3 is synchronous, so a transaction never yields to the event loop, and
// without it every call would find the queue idle and commit alone. On PostgreSQL several lanes keep
// commits overlapping (the database merges their WAL flushes): with one lane, while a batch commits the
// callers it answered are still sending their next calls, so each batch held about half of them.
// Lanes never share a locked row: an operation whose rows (its float, its place) a batch in flight holds
// waits for the next batch instead of joining another lane's batch that would only wait for that lock
// inside the database. A hot float (one venue's cashiers at once) so fills one batch after another
// instead of spreading over lanes that take its lock in turn.
// Calls on their way: the HTTP layer tells the group commit of each money call from the moment its request
// arrives until it is submitted (expect()). A batch about to start while some are on their way waits for
// them, at most `waitMs` (a fraction of a millisecond) from the first deferral, so it holds them too
// instead of leaving them to a batch of their own. A lone caller has nothing on its way and never waits.

export interface Pending<Op, R> {
  op: Op;
  /** Operations with the same key never share a batch nor run at once (the later one waits). */
  key: string;
  /** The rows its transaction locks: operations sharing one may share a batch, never run in two. */
  rows: readonly string[];
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** A call expected on its way, and since when (ms, performance.now()). */
interface Expected {
  since_ms: number;
}

/**
 * A call expected longer than this is no longer waited for (its request's end was never reported, say):
 * a leak would otherwise make every batch wait its full bound.
 */
export const EXPECTED_FORGOTTEN_AFTER_MS = 1_000;

export class GroupCommit<Op, R> {
  private queue: Pending<Op, R>[] = [];
  /** Calls on their way (expect()). */
  private readonly expected = new Set<Expected>();
  /** When the next batch was first held back for them, or null. */
  private waitingSinceMs: number | null = null;
  private inFlight = 0;
  private scheduled = false;
  /** Keys of the batches in flight: a replay of one of them waits and then reads its stored answer. */
  private readonly busyKeys = new Set<string>();
  /** Rows the batches in flight lock. */
  private readonly busyRows = new Set<string>();

  constructor(
    private readonly maxBatch: number,
    private readonly lanes: number,
    /** Runs one batch; it must settle every pending it is given (a throw rejects the ones it left). */
    private readonly run: (batch: Pending<Op, R>[]) => Promise<void>,
    /** How long a batch may wait for calls on their way, in ms; 0 never waits. */
    private readonly waitMs = 0,
  ) {}

  /**
   * A call is on its way (its request arrived); the returned function says it is no longer (it is about
   * to be submitted, or it ended without). Calling it again does nothing. Bound to this group commit, so
   * the ledger hands it out as it is (LedgerService.expectCall).
   */
  readonly expect = (): (() => void) => {
    const entry: Expected = { since_ms: performance.now() };
    this.expected.add(entry);
    return () => {
      // The last one a held batch waited for: start it now rather than at its bound.
      if (this.expected.delete(entry) && this.expected.size === 0 && this.waitingSinceMs !== null) {
        this.schedule();
      }
    };
  };

  /** Queues `op` for the next batch; `key` and `rows` are its Pending's (the caller built them once). */
  submit(op: Op, key: string, rows: readonly string[]): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ op, key, rows, resolve, reject });
      // Only saves pump() calls that would find every lane busy or the turn's operations already taken
      // (pump() checks both itself): no mutant of these two lines changes what runs or when.
      // Stryker disable next-line all: pump-shortcut
      if (this.inFlight >= this.lanes) return;
      this.schedule();
    });
  }

  /** Pumps at the end of this event-loop turn, once however often asked. */
  private schedule(): void {
    // Stryker disable next-line all: pump-shortcut
    if (this.scheduled) return;
    // Stryker disable next-line all: pump-shortcut
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /**
   * Whether the next batch should wait for calls on their way: some are, it has room for them, and it
   * has not waited its bound yet. Past the bound it goes, and the calls expected too long are forgotten.
   */
  private holdForExpected(): boolean {
    if (this.waitMs <= 0 || this.expected.size === 0 || this.queue.length >= this.maxBatch) {
      this.waitingSinceMs = null;
      return false;
    }
    const now = performance.now();
    this.waitingSinceMs ??= now;
    if (now - this.waitingSinceMs < this.waitMs) return true;
    this.waitingSinceMs = null;
    for (const entry of this.expected) {
      if (now - entry.since_ms > EXPECTED_FORGOTTEN_AFTER_MS) this.expected.delete(entry);
    }
    return false;
  }

  /** Starts batches while a lane is free and something can go. */
  private pump(): void {
    while (this.inFlight < this.lanes) {
      if (this.queue.length === 0) return;
      if (this.holdForExpected()) {
        // Looked at again next turn: by then the calls that arrived meanwhile are in the queue.
        this.schedule();
        return;
      }
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight += 1;
      for (const p of batch) {
        this.busyKeys.add(p.key);
        for (const row of p.rows) this.busyRows.add(row);
      }
      void this.run(batch)
        .catch((error: unknown) => {
          // Only the ones `run` left unsettled take this: a settled promise ignores a later reject.
          for (const p of batch) p.reject(error);
        })
        .finally(() => {
          this.inFlight -= 1;
          for (const p of batch) {
            this.busyKeys.delete(p.key);
            for (const row of p.rows) this.busyRows.delete(row);
          }
          this.pump();
        });
    }
  }

  /**
   * The next batch in arrival order. An operation whose key is already in the batch or in flight (a
   * replay of a trx sent twice at once) stays queued, so it waits for the first to commit and then reads
   * its stored answer, as it would have without batching. So does one whose rows a batch in flight
   * locks (the class comment).
   */
  private take(): Pending<Op, R>[] {
    const batch: Pending<Op, R>[] = [];
    const keys = new Set<string>();
    const rest: Pending<Op, R>[] = [];
    for (const pending of this.queue) {
      if (
        batch.length < this.maxBatch &&
        !keys.has(pending.key) &&
        !this.busyKeys.has(pending.key) &&
        !pending.rows.some((row) => this.busyRows.has(row))
      ) {
        batch.push(pending);
        keys.add(pending.key);
      } else {
        rest.push(pending);
      }
    }
    this.queue = rest;
    return batch;
  }
}
