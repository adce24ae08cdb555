// What the console says about a player, worked out apart from the screen: their exclusion, the daily
// limit that applies to them (their own or the venue's default) and a raise waiting out its cooling-off,
// and the first day an exclusion may end on.
import { gamingDayOf, type Account, type Player } from '@cashdesk/contract';
import { isDay } from '../shared/day-range';

export type Exclusion = { kind: 'none' } | { kind: 'indefinite' } | { kind: 'until'; day: string };

/** The player's exclusion as the server says it holds now (`excluded`), to a day or with no end. */
export function exclusionOf(player: Pick<Player, 'excluded' | 'excluded_until'>): Exclusion {
  if (!player.excluded) return { kind: 'none' };
  return player.excluded_until === null
    ? { kind: 'indefinite' }
    : { kind: 'until', day: player.excluded_until };
}

export type DailyLimit =
  | { kind: 'own'; cents: number }
  | { kind: 'venue'; cents: number }
  /** Neither the player nor the venue has one. */
  | { kind: 'none' };

/** The limit that applies: the player's own, else the venue's default, else none. */
export function dailyLimitOf(
  player: Pick<Player, 'daily_limit'>,
  venue: Pick<Account, 'player_daily_limit'>,
): DailyLimit {
  if (player.daily_limit !== null) return { kind: 'own', cents: player.daily_limit };
  const fallback = venue.player_daily_limit;
  return fallback === null || fallback === undefined ? { kind: 'none' } : { kind: 'venue', cents: fallback };
}

/** The venue's gaming day running at `nowMs`: an exclusion may end on it at the earliest. */
export function firstExclusionDay(
  venue: Pick<Account, 'time_zone' | 'day_starts_at'>,
  nowMs: number,
): string {
  return gamingDayOf(nowMs, venue);
}

export type UntilProblem = 'pickDay' | 'past';

/** Why a typed last day of an exclusion cannot be sent, or null: a real day, today's gaming day or later. */
export function untilProblem(day: string, firstDay: string): UntilProblem | null {
  const ms = isDay(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  // 2026-02-31 parses (as 3 March): a real day reads back as itself.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) return 'pickDay';
  return day < firstDay ? 'past' : null;
}
