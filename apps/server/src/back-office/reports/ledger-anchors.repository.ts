// The queries of the ledger's anchors (migration 018, ledger-anchors.ts): the venues' clocks, the days
// already anchored, and the insert that keeps one row per venue and day however many servers sweep.
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { LedgerAnchorsTable } from '../../db/schema.js';

export interface VenueClock {
  id: number;
  time_zone: string;
  day_starts_at: number;
  created_at_ms: number;
}

export async function venueClocks(db: Executor): Promise<VenueClock[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'time_zone', 'day_starts_at', 'created_at_ms'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    time_zone: r.time_zone,
    day_starts_at: Number(r.day_starts_at),
    created_at_ms: Number(r.created_at_ms),
  }));
}

/** `account_id/day` of every anchor of the days from `fromDay` on (YYYY-MM-DD sorts as text). */
export async function anchoredDays(db: Executor, fromDay: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('ledger_anchors')
    .select(['account_id', 'day'])
    .where('day', '>=', fromDay)
    .execute();
  return new Set(rows.map((r) => `${Number(r.account_id)}/${r.day}`));
}

export type NewAnchor = Insertable<LedgerAnchorsTable>;

/** Inserts the anchor unless the day has one (another server's, or an earlier sweep's): whether it did. */
export async function insertAnchor(db: Executor, anchor: NewAnchor): Promise<boolean> {
  const result = await db
    .insertInto('ledger_anchors')
    .values(anchor)
    .onConflict((oc) => oc.columns(['account_id', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A venue's anchors, oldest first: what `verify` holds its chain to, and what the operator reads. */
export async function listAnchors(
  db: Executor,
  accountId: number,
): Promise<{ day: string; entries: number; hash: string }[]> {
  const rows = await db
    .selectFrom('ledger_anchors')
    .select(['day', 'entries', 'hash'])
    .where('account_id', '=', accountId)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, entries: Number(r.entries), hash: r.hash }));
}
