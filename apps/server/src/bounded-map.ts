// A Map that holds at most `capacity` entries, for the caches a process keeps in memory (the auth cache,
// the proven PINs, SQLite's prepared statements): setting a key makes it the newest, and past the
// capacity the oldest goes. A bound, not a policy: a forgotten entry only costs the next lookup a read.

export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity: number) {
    super();
    if (!(capacity >= 1))
      throw new RangeError(`a bounded map needs a capacity of at least 1, not ${capacity}`);
  }

  override set(key: K, value: V): this {
    this.delete(key);
    super.set(key, value);
    if (this.size > this.capacity) this.delete(this.keys().next().value as K);
    return this;
  }
}
