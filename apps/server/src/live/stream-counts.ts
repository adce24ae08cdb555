// How many live-updates streams one session and one user may hold in this process, and the counts that
// keep them to it: the terminals' stream (accounts/live-events.routes.ts) and the manager's overview's
// (back-office/floor/floor-events.routes.ts).
/**
 * Open streams one session may hold in this process: a till with a few tabs, not a script opening
 * thousands to pin the server's memory and sockets. Over it the stream is refused with 429 and the
 * terminal polls instead (features/live-updates), as it does without push.
 */
export const MAX_STREAMS_PER_SESSION = 8;
/**
 * Open streams one cashier may hold in this process over all their sessions: two tills' worth of tabs.
 * Signing in again makes a new session, so the session's cap alone let one cashier hold any number.
 */
export const MAX_STREAMS_PER_USER = 16;
/**
 * Counts open streams under several keys at once (session, user, address): a stream opens only when
 * every key is under its cap, and its close gives back all of them. Per process: each server process
 * of a PostgreSQL deployment keeps its own counts (a cap of N is N per process behind a balancer).
 */
export class StreamCounts {
  private readonly open = new Map<string, number>();

  /** Takes one of each key and answers true, or takes none and answers false when one is at its cap. */
  take(keys: ReadonlyArray<{ key: string; max: number }>): boolean {
    if (keys.some(({ key, max }) => (this.open.get(key) ?? 0) >= max)) return false;
    for (const { key } of keys) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    return true;
  }

  give(keys: ReadonlyArray<{ key: string }>): void {
    for (const { key } of keys) {
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    }
  }
}
