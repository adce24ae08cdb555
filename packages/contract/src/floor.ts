// The manager's live floor (docs/product.md, section 16): the venue overview and its alerts, as the
// back office and GET /a/manager/account/:id/overview and /alerts answer them.
import { z } from 'zod';
import { idParam } from './schemas.js';

export const ALERT_KINDS = [
  'float_low',
  'device_silent',
  'shift_difference',
  'withdrawals_hour',
  'structuring',
] as const;
export type AlertKindName = (typeof ALERT_KINDS)[number];

/**
 * What an alert is about, as figures and names for a screen to put in words in its own language: read
 * when the alert is listed, so a device or a cashier renamed since shows by the name it has now, and
 * the float and the hour's withdrawals as they stand (the alert is open while they stay past the
 * setting). Money in cents of the alert's `currency`.
 */
export const alertFacts = z.discriminatedUnion('kind', [
  /** The venue's float now, and the setting it is below. */
  z.object({ kind: z.literal('float_low'), float: z.number(), below: z.number() }),
  /** Withdrawals and cash-outs of the last hour (a positive size), and the setting they are above. */
  z.object({ kind: z.literal('withdrawals_hour'), withdrawals: z.number(), above: z.number() }),
  /** The device as it is named now, its last report (null: never), and the venue's silence setting. */
  z.object({
    kind: z.literal('device_silent'),
    device_id: z.number(),
    device_name: z.string(),
    last_seen_at: z.string().nullable(),
    silent_minutes: z.number(),
  }),
  /** The closed shift: its cashier as named now, when it closed, counted - expected (< 0: short). */
  z.object({
    kind: z.literal('shift_difference'),
    shift_id: z.number(),
    cashier_id: z.number(),
    cashier: z.string(),
    closed_at: z.string(),
    difference: z.number(),
  }),
  /**
   * A player's cash of the gaming day clustering just under a threshold (docs/product.md section 16):
   * the player as carded and named now, the side (`cash_in`: deposits, `cash_out`: withdrawals and
   * cash-outs), the rule it meets now (`log`: `transactions` of that side each from 90% of the log
   * threshold up to it; `report`: the side's `total` of the day, over `transactions`, from 90% of the
   * report threshold up to it), and that threshold (cents).
   */
  z.object({
    kind: z.literal('structuring'),
    player_id: z.number(),
    card: z.string(),
    name: z.string().nullable(),
    side: z.enum(['cash_in', 'cash_out']),
    rule: z.enum(['log', 'report']),
    transactions: z.number(),
    total: z.number(),
    threshold: z.number(),
  }),
]);
export type AlertFacts = z.infer<typeof alertFacts>;

export const floorAlert = z.object({
  id: z.number(),
  kind: z.enum(ALERT_KINDS),
  started_at: z.string(),
  subject: z.string(),
  /** The server's words when it was raised, in English (a log's line); a screen builds its own from `facts`. */
  details: z.string(),
  /** Who acknowledged it (their name) and when; null while nobody has. It stays open until it clears. */
  acked: z.object({ by: z.string(), at: z.string() }).nullable(),
  /** The venue's currency, of the money in `facts`. */
  currency: z.string(),
  /** Null when what it names is gone (its setting just turned off: it clears at the next check). */
  facts: alertFacts.nullable(),
});
export type FloorAlert = z.infer<typeof floorAlert>;

export const alertParams = z.object({ id: idParam, alert_id: idParam });
export const ackAlertAnswer = z.object({ id: z.number(), acked_at: z.string() });

const hourTotals = z.object({
  /** The hour of the gaming day: 0 is the hour from its `day_starts_at`. */
  hour: z.number(),
  /** When that hour starts, ISO in UTC. */
  from: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
});

/** A gaming day of the venue (docs/product.md section 15): its date, its instants (ISO, UTC) and its clock. */
export const gamingDayInfo = z.object({
  day: z.string(),
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  day_starts_at: z.number(),
});
export type GamingDayInfo = z.infer<typeof gamingDayInfo>;

export const floorOverview = z.object({
  account_id: z.number(),
  currency: z.string(),
  /** The venue's float, cents. */
  float: z.number(),
  /** How much of the overdraft is still unused, cents (0 without an overdraft). */
  overdraft_headroom: z.number(),
  /**
   * The venue's gaming day running now (its `time_zone` and `day_starts_at`, as the daily report's)
   * so far: deposits and withdrawals as positive magnitudes, net = deposits - withdrawals.
   */
  today: z.object({ deposits: z.number(), withdrawals: z.number(), net: z.number() }),
  /** Which gaming day `today` is. */
  gaming_day: gamingDayInfo,
  /** Each hour of today's and of yesterday's gaming day (24; 23 or 25 on a day the clocks change). */
  today_by_hour: z.array(hourTotals),
  yesterday_by_hour: z.array(hourTotals),
  devices: z.object({
    ready: z.number(),
    registering: z.number(),
    silent: z.array(z.object({ id: z.number(), name: z.string(), last_seen_at: z.string().nullable() })),
  }),
  /** Cashiers with an open shift: its running total (deposits - withdrawals), never its expected figure. */
  cashiers: z.array(
    z.object({
      user_id: z.number(),
      name: z.string(),
      shift_id: z.number(),
      opened_at: z.string(),
      running_total: z.number(),
    }),
  ),
  alerts: z.array(floorAlert),
});
export type FloorOverview = z.infer<typeof floorOverview>;
