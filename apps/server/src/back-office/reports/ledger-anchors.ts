// The anchors of the ledger's hash chain (migration 018): once a venue's gaming day has closed, its chain
// head at the day's end (the daily report's `ledger_head`, daily-report.repository.ts chainHeadBefore) is
// kept in the append-only `ledger_anchors`, so `verify` (ledger/verify.ts) names a chain cut back or
// rewritten after it, which the chain alone cannot show. A sweep like the approvals' expiry
// (approval-expiry.ts): every ANCHOR_SWEEP_MS while the server runs, each day once (the table's key and
// an insert that does nothing on a conflict, so two server processes sweeping at once write one row).
import { gamingDayBounds, gamingDayOf, previousDate } from '@cashdesk/contract';
import { repeating, type BackgroundJob } from '../../background-jobs.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { sealVenue } from '../../ledger/ledger-sealer.js';
import { chainHeadBefore } from './daily-report.repository.js';
import { anchoredDays, insertAnchor, venueClocks } from './ledger-anchors.repository.js';

/** How often the running server sweeps: a day is anchored at most this long after it settled. */
export const ANCHOR_SWEEP_MS = 60_000;

/**
 * How long after its end a day is anchored: a batch that read the clock just before the day ended may
 * still be committing, and the day's head must include its rows.
 */
export const ANCHOR_SETTLE_MS = 60_000;

/**
 * How many closed days back a sweep looks for a day without its anchor: a server stopped for a few days
 * anchors them when it starts again; further back the days are left alone, so a sweep stays small.
 */
export const ANCHOR_LOOKBACK_DAYS = 7;

/** Anchors every venue's closed gaming days of the lookback that have none yet; how many it wrote. */
export async function anchorClosedDays(ctx: { db: Db; clock: Clock }): Promise<number> {
  const now = ctx.clock.now();
  const due: { account_id: number; day: string; toMs: number }[] = [];
  let oldest: string | null = null;
  for (const venue of await venueClocks(ctx.db.kysely)) {
    // The day still open ANCHOR_SETTLE_MS ago: every day before it has ended and settled.
    let day = gamingDayOf(now - ANCHOR_SETTLE_MS, venue);
    for (let back = 0; back < ANCHOR_LOOKBACK_DAYS; back += 1) {
      day = previousDate(day);
      const { toMs } = gamingDayBounds(day, venue);
      // A day that ended before the venue existed has nothing to keep.
      if (toMs <= venue.created_at_ms) break;
      due.push({ account_id: venue.id, day, toMs });
      if (oldest === null || day < oldest) oldest = day;
    }
  }
  if (oldest === null) return 0;
  const done = await anchoredDays(ctx.db.kysely, oldest);
  let written = 0;
  for (const { account_id, day, toMs } of due) {
    if (done.has(`${account_id}/${day}`)) continue;
    // The day's rows on the chain before its head is read (the sealer is at most a moment behind).
    await sealVenue(ctx.db, account_id);
    const head = await chainHeadBefore(ctx.db.kysely, account_id, toMs);
    const inserted = await insertAnchor(ctx.db.kysely, {
      account_id,
      day,
      entries: head.entries,
      hash: head.hash,
      day_ends_at_ms: toMs,
      created_at_ms: now,
    });
    if (inserted) written += 1;
  }
  return written;
}

/** The sweep every ANCHOR_SWEEP_MS while the server runs: one of its background jobs (app.ts). */
export function ledgerAnchorSweep(ctx: { db: Db; clock: Clock }): BackgroundJob {
  return repeating('ledger anchor sweep', ANCHOR_SWEEP_MS, () => anchorClosedDays(ctx));
}
