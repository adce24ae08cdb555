// Group commit: operations that arrive while a transaction is in flight wait and are applied together in
// the next one, up to `maxBatch` at a time. No timer: an idle queue starts its batch at the end of the
// current event-loop turn (setImmediate), so the requests whose bytes arrived in the same turn join it;
// a lone operation waits for nothing else. That turn matters on SQLite: better-sqlite3 is synchronous, so
// a transaction never yields to the event loop, and without it every call would find the queue idle and
// commit alone.

export interface Pending<Op, R> {
  op: Op;
  /** Operations with the same key never share a batch (the later one waits for the next). */
  key: string;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class GroupCommit<Op, R> {
  private queue: Pending<Op, R>[] = [];
  private running = false;
  private scheduled = false;

  constructor(
    private readonly maxBatch: number,
    private readonly keyOf: (op: Op) => string,
    /** Runs one batch; it must settle every pending it is given (a throw rejects the ones it left). */
    private readonly run: (batch: Pending<Op, R>[]) => Promise<void>,
  ) {}

  submit(op: Op): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ op, key: this.keyOf(op), resolve, reject });
      if (this.running || this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.drain();
      });
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.take();
        try {
          await this.run(batch);
        } catch (error) {
          // Only the ones `run` left unsettled take this: a settled promise ignores a later reject.
          for (const p of batch) p.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * The next batch in arrival order. A second operation with a key already in the batch (a replay of a
   * trx sent twice at once) stays queued, so it waits for the first to commit and then reads its stored
   * answer, as it would have without batching.
   */
  private take(): Pending<Op, R>[] {
    const batch: Pending<Op, R>[] = [];
    const keys = new Set<string>();
    const rest: Pending<Op, R>[] = [];
    for (const pending of this.queue) {
      if (batch.length < this.maxBatch && !keys.has(pending.key)) {
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
