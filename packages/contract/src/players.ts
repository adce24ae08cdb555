// Players the venue knows (docs/product.md section 18, docs/api.md "Players"): a card the venue issues,
// identity recorded when a threshold asks for it, a daily deposit limit, self-exclusion, transfers
// between seats and the cash report of a gaming day.
import { z } from 'zod';
import { gamingDay, gamingDayReportHead, ledgerHead } from './daily-report.js';
import { balances, cents, idParam, placeNumber, positiveId, trx } from './schemas.js';

/** A card number or the text of the QR code the venue prints: letters, digits and - _ . : */
export const playerCard = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._:-]{4,64}$/, 'must be 4 to 64 letters, digits or . _ : -');

/** An ISO day, YYYY-MM-DD, that is a real date. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day as YYYY-MM-DD')
  // Zod runs a refinement after a failed regex too, and an invalid Date's toISOString throws (a 500):
  // a text that is no date is no such day.
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, 'is no such day');

const identityText = (max: number) => z.string().trim().min(1, 'must not be empty').max(max).nullable();

/** The identity fields; each may be left out, or set to null to clear it. */
export const playerIdentity = z.strictObject({
  name: identityText(120).optional(),
  document_kind: identityText(40).optional(),
  document_number: identityText(60).optional(),
  birth_date: isoDay.nullable().optional(),
});
export type PlayerIdentity = z.infer<typeof playerIdentity>;

export const registerPlayerRequest = playerIdentity.extend({ card: playerCard, trx });
export type RegisterPlayerRequest = z.infer<typeof registerPlayerRequest>;

/** cents; lower takes effect at once, higher after the venue's cooling-off; null: the venue's default. */
export const playerLimitRequest = z.strictObject({ daily_limit: cents.nullable() });
export type PlayerLimitRequest = z.infer<typeof playerLimitRequest>;

/** A seat of the venue: a device's place. */
export const seatRef = z.strictObject({ device_id: positiveId, place: placeNumber });
export type SeatRef = z.infer<typeof seatRef>;

export const transferRequest = z
  .strictObject({
    from: seatRef,
    to: seatRef,
    amount: cents.refine((v) => v > 0, 'must be above 0'),
    trx,
  })
  .refine((t) => t.from.device_id !== t.to.device_id || t.from.place !== t.to.place, {
    message: 'must be another seat than from',
    path: ['to'],
  });
export type TransferRequest = z.infer<typeof transferRequest>;

export const transferResult = z.object({
  trx: z.string(),
  amount: z.number(),
  from: balances,
  to: balances,
});
export type TransferResult = z.infer<typeof transferResult>;

/** `{until}`: the last day of the exclusion (ISO), or null for indefinite; `{lift: true}` ends it. */
export const exclusionRequest = z.union([
  z.strictObject({ until: isoDay.nullable() }),
  z.strictObject({ lift: z.literal(true) }),
]);
export type ExclusionRequest = z.infer<typeof exclusionRequest>;

export const player = z.object({
  id: z.number(),
  account_id: z.number(),
  card: z.string(),
  name: z.string().nullable(),
  document_kind: z.string().nullable(),
  document_number: z.string().nullable(),
  birth_date: z.string().nullable(),
  /** The player's own limit (cents) in effect; null: the venue's default applies. */
  daily_limit: z.number().nullable(),
  /**
   * A raise waiting out the cooling-off, and when it takes effect (added to the contract's shape); its
   * `daily_limit` null: back to the venue's default, when that is higher or none.
   */
  limit_raise: z.object({ daily_limit: z.number().nullable(), at: z.string() }).nullable().optional(),
  excluded_until: z.string().nullable(),
  excluded: z.boolean(),
  created_at: z.string(),
});
export type Player = z.infer<typeof player>;

/** What the till shows when it reads a card: the player, today's figures, and the seats they hold. */
export const playerAtTill = player.extend({
  today: z.object({ cash_in: z.number(), cash_out: z.number() }),
  /** What the player may still deposit today (cents); null: no limit. */
  limit_left: z.number().nullable(),
  seats: z.array(z.object({ device_id: z.number(), place: z.number(), entries: z.number() })),
});
export type PlayerAtTill = z.infer<typeof playerAtTill>;

/** `/a/cashier/players/:id/...`: a player of the cashier's venue. */
export const playerParams = z.object({ id: idParam });

/** `/a/cashier/players/by_card/:card`: the card as the till read it. */
export const playerCardParams = z.object({ card: playerCard });

/** `/a/manager/account/:id/players/:player_id/...`: a player of that venue. */
export const accountPlayerParams = z.object({ id: idParam, player_id: idParam });

/** The most players one search answers, and how many without a `limit`. */
export const PLAYER_SEARCH_MAX = 200;
export const PLAYER_SEARCH_DEFAULT = 50;

/**
 * The back office's player search: `q` is found in the card, the name or the document number (case and
 * accents folded: search-text.ts); without it, the venue's newest players. At most `limit` (1 to
 * PLAYER_SEARCH_MAX) of them.
 */
export const playersQuery = z.strictObject({
  q: z.string().trim().min(1, 'must not be empty').max(120).optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(PLAYER_SEARCH_MAX))
    .optional(),
});
export type PlayersQuery = z.input<typeof playersQuery>;

/** The cash report's day: the daily report's (a real date from 2000-01-01, begun at the venue). */
export const cashReportQuery = z.strictObject({ day: gamingDay });
export type CashReportQuery = z.input<typeof cashReportQuery>;

/**
 * One line of the cash report's log: a player's cash call above the venue's log threshold (a deposit is
 * `cash_in`, a withdraw or cash-out `cash_out`; `amount` a positive size in cents).
 */
export const cashLogLine = z.object({
  at: z.string(),
  player_id: z.number(),
  card: z.string(),
  name: z.string().nullable(),
  kind: z.enum(['cash_in', 'cash_out']),
  amount: z.number(),
  device_id: z.number(),
  place: z.number(),
  /** The cashier's login. */
  cashier: z.string().nullable(),
  trx: z.string(),
  /**
   * The trx of the manager's correction that reversed it before the day ended (added to the contract's
   * shape): still logged, counted in no sum of the report. Null when it stands.
   */
  corrected_by: z.string().nullable(),
});
export type CashLogLine = z.infer<typeof cashLogLine>;

/**
 * A player whose cash in or cash out of the day passed the venue's report threshold: both sums in cents
 * over every seat and till, and how many cash calls they add up (corrected ones left out).
 */
export const cashReportLine = z.object({
  player_id: z.number(),
  card: z.string(),
  name: z.string().nullable(),
  document_kind: z.string().nullable(),
  document_number: z.string().nullable(),
  birth_date: z.string().nullable(),
  cash_in: z.number(),
  cash_out: z.number(),
  transactions: z.number(),
});
export type CashReportLine = z.infer<typeof cashReportLine>;

export const cashReport = z.object({
  ...gamingDayReportHead,
  log_above: z.number().nullable(),
  report_above: z.number().nullable(),
  log: z.array(cashLogLine),
  reports: z.array(cashReportLine),
  /** The venue's hash-chain head at the day's end (or now, for a running day), as the daily report's. */
  ledger_head: ledgerHead,
});
export type CashReport = z.infer<typeof cashReport>;
