// The rules a player's money obeys (docs/product.md section 18), pure: the ledger's batch applies them to
// the player's row as it locked it (ledger/batch-decide.ts), the till's card lookup shows what they say.
//   - a seat holds its player while it holds money: emptied, it holds none (seatPlayer);
//   - a daily deposit limit: the player's own or the venue's default; lowered at once, raised only after
//     the venue's cooling-off (dailyLimitOf, limitChange), and a deposit past what is left is refused;
//   - self-exclusion, to an end day or indefinite: no deposit and no transfer while it lasts;
//   - identity before a payout takes the player's cash out of the gaming day past the venue's report
//     threshold (modelled on the US currency transaction report, 31 CFR 1021.311 and 1021.313).
// The day's sums on the player's row are the gaming day's (the venue's `day_starts_at` and `time_zone`):
// a row whose `day` is another day holds nothing for today.
import { ERR, gamingDayOf } from '@cashdesk/contract';
import type { AccountRow, PlaceRow, PlayerRow } from '../db/schema.js';

type Venue = Pick<AccountRow, 'time_zone' | 'day_starts_at'>;

/** The player a seat holds: its player while it holds money, none once emptied. */
export function seatPlayer(place: Pick<PlaceRow, 'entries_cents' | 'player_id'>): number | null {
  return place.entries_cents > 0 ? place.player_id : null;
}

/** The gaming day (YYYY-MM-DD) of `nowMs` at the venue: the day the player's sums count in. */
export function playerDayOf(nowMs: number, venue: Venue): string {
  return gamingDayOf(nowMs, venue);
}

/** The player's cash in and cash out of gaming day `day` (0 and 0 when the row's sums are another day's). */
export function dayFigures(
  player: Pick<PlayerRow, 'day' | 'day_cash_in_cents' | 'day_cash_out_cents'>,
  day: string,
): { cash_in: number; cash_out: number } {
  if (player.day !== day) return { cash_in: 0, cash_out: 0 };
  return { cash_in: player.day_cash_in_cents, cash_out: player.day_cash_out_cents };
}

type LimitFields = Pick<PlayerRow, 'daily_limit_cents' | 'limit_raise_cents' | 'limit_raise_at_ms'>;

/** A raise waiting out its cooling-off at `nowMs`, if any (its limit null: back to the venue's default). */
export function pendingRaise(
  player: LimitFields,
  nowMs: number,
): { cents: number | null; atMs: number } | null {
  const at = player.limit_raise_at_ms;
  return at !== null && at > nowMs ? { cents: player.limit_raise_cents, atMs: at } : null;
}

/** The player's own limit at `nowMs`: a raise whose cooling-off has ended is in effect. Null: none of their own. */
export function ownLimitOf(player: LimitFields, nowMs: number): number | null {
  const at = player.limit_raise_at_ms;
  return at !== null && at <= nowMs ? player.limit_raise_cents : player.daily_limit_cents;
}

/** The daily deposit limit in effect at `nowMs`: the player's own, else the venue's default; null: none. */
export function dailyLimitOf(
  player: LimitFields,
  venue: Pick<AccountRow, 'player_daily_limit_cents'>,
  nowMs: number,
): number | null {
  return ownLimitOf(player, nowMs) ?? venue.player_daily_limit_cents;
}

/** What the player may still deposit in gaming day `day` (never below 0); null: no limit. */
export function limitLeft(
  player: PlayerRow,
  venue: Pick<AccountRow, 'player_daily_limit_cents'>,
  nowMs: number,
  day: string,
): number | null {
  const limit = dailyLimitOf(player, venue, nowMs);
  if (limit === null) return null;
  return Math.max(0, limit - dayFigures(player, day).cash_in);
}

/** A limit as a number to compare: none is above every amount. */
const comparable = (limit: number | null) => limit ?? Number.POSITIVE_INFINITY;

/**
 * A player's new own limit (`requested`; null: back to the venue's default). One that lowers the limit in
 * effect takes effect at once and drops any raise waiting; one that raises it waits the venue's
 * cooling-off, the limit in effect staying as it is meanwhile.
 */
export function limitChange(
  player: LimitFields,
  venue: Pick<AccountRow, 'player_daily_limit_cents' | 'limit_cooling_off_hours'>,
  requested: number | null,
  nowMs: number,
): LimitFields {
  const current = dailyLimitOf(player, venue, nowMs);
  const next = requested ?? venue.player_daily_limit_cents;
  const own = ownLimitOf(player, nowMs);
  if (comparable(next) <= comparable(current) || venue.limit_cooling_off_hours === 0) {
    return { daily_limit_cents: requested, limit_raise_cents: null, limit_raise_at_ms: null };
  }
  return {
    daily_limit_cents: own,
    limit_raise_cents: requested,
    limit_raise_at_ms: nowMs + venue.limit_cooling_off_hours * 3_600_000,
  };
}

/** The exclusion in force on gaming day `day`: its last day (null: indefinite), or null when none is. */
export function exclusionOn(
  player: Pick<PlayerRow, 'excluded' | 'excluded_until'>,
  day: string,
): { until: string | null } | null {
  if (player.excluded !== 1) return null;
  if (player.excluded_until !== null && player.excluded_until < day) return null;
  return { until: player.excluded_until };
}

/** A refusal a money rule of the player's stores under the trx: the error text and its details. */
export interface PlayerRefusal {
  err: typeof ERR.playerExcluded | typeof ERR.depositLimit;
  details: Record<string, unknown>;
}

/** A deposit of `amount` for the player: refused while excluded, or past what is left of the limit. */
export function depositRefusal(
  player: PlayerRow,
  venue: Pick<AccountRow, 'player_daily_limit_cents'>,
  amount: number,
  nowMs: number,
  day: string,
): PlayerRefusal | null {
  const excluded = exclusionOn(player, day);
  if (excluded) return { err: ERR.playerExcluded, details: { until: excluded.until } };
  const left = limitLeft(player, venue, nowMs, day);
  if (left !== null && amount > left) return { err: ERR.depositLimit, details: { left } };
  return null;
}

/** Whether name and document are recorded: what the report threshold asks before a payout passes it. */
export function identityRecorded(player: Pick<PlayerRow, 'name' | 'document_number'>): boolean {
  return Boolean(player.name && player.document_number);
}

/**
 * Whether a payout of `paid` takes the player's cash out of gaming day `day` past the venue's report
 * threshold while their identity is not recorded: it waits until it is (428 `identity required`).
 */
export function needsIdentity(
  player: PlayerRow,
  venue: Pick<AccountRow, 'cash_report_above_cents'>,
  paid: number,
  day: string,
): boolean {
  const threshold = venue.cash_report_above_cents;
  if (threshold === null || identityRecorded(player)) return false;
  return dayFigures(player, day).cash_out + paid > threshold;
}

/** The player's row after a cash call of theirs: the day's sums moved on (started again on a new day). */
export function afterCash(player: PlayerRow, day: string, cashIn: number, cashOut: number): PlayerRow {
  const today = dayFigures(player, day);
  return {
    ...player,
    day,
    day_cash_in_cents: today.cash_in + cashIn,
    day_cash_out_cents: today.cash_out + cashOut,
  };
}
