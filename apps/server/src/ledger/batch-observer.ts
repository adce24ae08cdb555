// Who wants to know how many operations each committed ledger transaction held: the tests that prove
// batching, the benchmark's server (bench/src/server-entry.ts) and the metrics export. Process-wide on
// purpose: a listener should not need the LedgerService instance the routes hold.
type BatchListener = (size: number) => void;

const listeners = new Set<BatchListener>();

/** Calls `listener(size)` after each batched ledger transaction commits; returns the unsubscribe. */
export function onBatch(listener: BatchListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportBatch(size: number): void {
  for (const listener of listeners) listener(size);
}
