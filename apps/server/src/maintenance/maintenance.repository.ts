// The operator's maintenance message, one row of `settings` (key `maintenance_message`): in the database,
// so every server process serves the same text the CLI set.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';

const KEY = 'maintenance_message';

const stored = z.object({ message: z.string(), updated_at_ms: z.number() });
export type StoredMaintenanceMessage = z.infer<typeof stored>;

export async function readMaintenanceMessage(db: Kysely<Database>): Promise<StoredMaintenanceMessage | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return null;
  // A row no longer in this shape is treated as no message rather than breaking the public page.
  const parsed = stored.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : null;
}

/** Sets (or replaces) the message; `message` is already checked against the contract's maintenanceText. */
export async function writeMaintenanceMessage(
  db: Kysely<Database>,
  message: string,
  nowMs: number,
): Promise<StoredMaintenanceMessage> {
  const value: StoredMaintenanceMessage = { message, updated_at_ms: nowMs };
  await db
    .insertInto('settings')
    .values({ key: KEY, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
  return value;
}

/** Removes the message; true when there was one. */
export async function clearMaintenanceMessage(db: Kysely<Database>): Promise<boolean> {
  const result = await db.deleteFrom('settings').where('key', '=', KEY).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
