// The manager's live floor (docs/product.md, section 16): the venue overview and its alerts, as the
// back office and GET /a/manager/account/:id/overview and /alerts answer them.
import { z } from 'zod';
import { idParam } from './schemas.js';

export const ALERT_KINDS = ['float_low', 'device_silent', 'shift_difference', 'withdrawals_hour'] as const;
export type AlertKindName = (typeof ALERT_KINDS)[number];

export const floorAlert = z.object({
  id: z.number(),
  kind: z.enum(ALERT_KINDS),
  started_at: z.string(),
  subject: z.string(),
  details: z.string(),
  /** Who acknowledged it (their name) and when; null while nobody has. It stays open until it clears. */
  acked: z.object({ by: z.string(), at: z.string() }).nullable(),
});
export type FloorAlert = z.infer<typeof floorAlert>;

export const alertParams = z.object({ id: idParam, alert_id: idParam });
export const ackAlertAnswer = z.object({ id: z.number(), acked_at: z.string() });

const hourTotals = z.object({ hour: z.number(), deposits: z.number(), withdrawals: z.number() });

export const floorOverview = z.object({
  account_id: z.number(),
  currency: z.string(),
  /** The venue's float, cents. */
  float: z.number(),
  /** How much of the overdraft is still unused, cents (0 without an overdraft). */
  overdraft_headroom: z.number(),
  /** The UTC day so far: deposits and withdrawals as positive magnitudes, net = deposits - withdrawals. */
  today: z.object({ deposits: z.number(), withdrawals: z.number(), net: z.number() }),
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
