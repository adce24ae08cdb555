// Group commit: operations that arrive while transactions are in flight wait and are applied together in
// the next one, up to `maxBatch` at a time, with at most `lanes` batches in flight at once. No timer: an
// idle lane starts its batch at the end of the current event-loop turn (setImmediate), so the requests
// whose bytes arrived in the same turn join it; a lone operation waits for nothing else. That turn
// matters on SQLite: better-sqlite3 is synchronous, so a transaction never yields to the event loop, and
// without it every call would find the queue idle and commit alone. On PostgreSQL several lanes keep
// commits overlapping (the database merges their WAL flushes): with one lane, while a batch commits the
// callers it answered are still sending their next calls, so each batch held about half of them.

export interface Pending<Op, R> {
  op: Op;
  /** Operations with the same key never share a batch nor run at once (the later one waits). */
  key: string;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class GroupCommit<Op, R> {
  private queue: Pending<Op, R>[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Keys of the batches in flight: a replay of one of them waits and then reads its stored answer. */
  private readonly busyKeys = new Set<string>();

  constructor(
    private readonly maxBatch: number,
    private readonly lanes: number,
    private readonly keyOf: (op: Op) => string,
    /** Runs one batch; it must settle every pending it is given (a throw rejects the ones it left). */
    private readonly run: (batch: Pending<Op, R>[]) => Promise<void>,
  ) {}

  submit(op: Op): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ op, key: this.keyOf(op), resolve, reject });
      if (this.inFlight >= this.lanes || this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    });
  }

  /** Starts batches while a lane is free and something can go. */
  private pump(): void {
    while (this.inFlight < this.lanes) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight += 1;
      for (const p of batch) this.busyKeys.add(p.key);
      void this.run(batch)
        .catch((error: unknown) => {
          // Only the ones `run` left unsettled take this: a settled promise ignores a later reject.
          for (const p of batch) p.reject(error);
        })
        .finally(() => {
          this.inFlight -= 1;
          for (const p of batch) this.busyKeys.delete(p.key);
          this.pump();
        });
    }
  }

  /**
   * The next batch in arrival order. An operation whose key is already in the batch or in flight (a
   * replay of a trx sent twice at once) stays queued, so it waits for the first to commit and then reads
   * its stored answer, as it would have without batching.
   */
  private take(): Pending<Op, R>[] {
    const batch: Pending<Op, R>[] = [];
    const keys = new Set<string>();
    const rest: Pending<Op, R>[] = [];
    for (const pending of this.queue) {
      if (batch.length < this.maxBatch && !keys.has(pending.key) && !this.busyKeys.has(pending.key)) {
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
