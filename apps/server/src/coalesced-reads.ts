// One read for the callers that ask the same thing at the same moment. A change at a venue makes every
// open till ask for its device list and daily totals at once (eight tills, eight identical reads of the
// same rows); here they share one. Never a stale answer: a caller joins only a read that starts after it
// asked. While a read runs, those who ask meanwhile wait for it to end and share the next one, which
// starts then, so each gets rows read after its own call arrived, as if it had read alone.

interface Flight<V> {
  /** The read in progress, started after every caller it answers had asked. */
  running: Promise<V> | null;
  /** The callers who asked while it ran: they share the read that starts when it ends. */
  next: Promise<V> | null;
}

export class CoalescedReads<V> {
  private readonly flights = new Map<string, Flight<V>>();

  /** What `read` answers for `key`, shared with the callers of the same key whose read it is. */
  get(key: string, read: () => Promise<V>): Promise<V> {
    const flight = this.flights.get(key) ?? { running: null, next: null };
    this.flights.set(key, flight);
    if (flight.running === null) return this.start(key, flight, read);
    const after = () => this.start(key, flight, read);
    flight.next ??= flight.running.then(after, after);
    return flight.next;
  }

  private start(key: string, flight: Flight<V>, read: () => Promise<V>): Promise<V> {
    flight.next = null;
    const running = read();
    flight.running = running;
    const done = () => {
      if (flight.running !== running) return;
      flight.running = null;
      if (flight.next === null) this.flights.delete(key);
    };
    running.then(done, done);
    return running;
  }
}
