// Server secrets kept in `settings`, so every server process (several on PostgreSQL) signs and checks
// with the same key, and a restart does not void what was signed before.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The secret stored under `key`; the first process to ask stores `candidate` (fresh random bytes), the
 * others read the one that won.
 */
export async function ensureSecret(db: Kysely<Database>, key: string, candidate: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value: candidate })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}
