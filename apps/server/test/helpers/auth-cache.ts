// One auth cache per database handle in a test process, as a server process has one (src/context.ts):
// every server and in-process CLI run a test starts on one Db shares it, so what one revokes the others
// forget at once. Two caches on one SQLite connection would miss each other's revocations (data_version
// moves only for other connections); a second Db on the same PostgreSQL schema gets its own, as a second
// server process has.
import { AuthCache } from '../../src/auth/auth-cache.js';
import type { Db } from '../../src/db/database.js';

const caches = new WeakMap<Db, AuthCache>();

export function authCacheOf(db: Db): AuthCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = AuthCache.of(db);
    caches.set(db, cache);
  }
  return cache;
}
