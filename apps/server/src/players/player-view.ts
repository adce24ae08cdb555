// A player as the API shows them (packages/contract/src/players.ts): the limit and the exclusion as they
// stand now, by the rules of player-rules.ts, and what the till shows beside them when it reads a card.
import type { Player, PlayerAtTill } from '@cashdesk/contract';
import type { AccountRow, PlaceRow, PlayerRow } from '../db/schema.js';
import {
  dayFigures,
  exclusionOn,
  limitLeft,
  ownLimitOf,
  pendingRaise,
  playerDayOf,
  seatPlayer,
} from './player-rules.js';

/** What the view reads of the venue: its gaming day and its default limit. */
export type PlayerVenue = Pick<AccountRow, 'time_zone' | 'day_starts_at' | 'player_daily_limit_cents'>;

/**
 * The player at `nowMs`: `daily_limit` their own limit in effect (a raise whose cooling-off ended
 * included), `limit_raise` one still waiting, and `excluded` whether an exclusion holds today (one that
 * ended on an earlier day shows as none).
 */
export function toPlayer(row: PlayerRow, venue: PlayerVenue, nowMs: number): Player {
  const raise = pendingRaise(row, nowMs);
  const exclusion = exclusionOn(row, playerDayOf(nowMs, venue));
  return {
    id: row.id,
    account_id: row.account_id,
    card: row.card,
    name: row.name,
    document_kind: row.document_kind,
    document_number: row.document_number,
    birth_date: row.birth_date,
    daily_limit: ownLimitOf(row, nowMs),
    limit_raise: raise ? { daily_limit: raise.cents, at: new Date(raise.atMs).toISOString() } : null,
    excluded_until: exclusion ? exclusion.until : null,
    excluded: exclusion !== null,
    created_at: new Date(row.created_at_ms).toISOString(),
  };
}

/**
 * What the till shows for a card: the player, their cash in and out of the venue's gaming day, what
 * they may still deposit today, and the seats of the venue that hold them (`places`: the venue's places
 * naming them; seatPlayer keeps those that still hold money).
 */
export function toPlayerAtTill(
  row: PlayerRow,
  venue: PlayerVenue,
  places: readonly Pick<PlaceRow, 'device_id' | 'place' | 'entries_cents' | 'player_id'>[],
  nowMs: number,
): PlayerAtTill {
  const day = playerDayOf(nowMs, venue);
  return {
    ...toPlayer(row, venue, nowMs),
    today: dayFigures(row, day),
    limit_left: limitLeft(row, venue, nowMs, day),
    seats: places
      .filter((p) => seatPlayer(p) === row.id)
      .map((p) => ({ device_id: p.device_id, place: p.place, entries: p.entries_cents })),
  };
}
