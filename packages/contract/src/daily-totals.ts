// The venue's 24-hour totals at the head of the devices screen (GET /a/cashier/daily_totals): every
// cashier's deposits and withdraws on every device of the venue, cabinets and home-play phones alike, over
// the last SUMMARY_WINDOW_MS. The device list's rows cannot give them: it lists cabinets only, so a sum of
// its rows left the phones' cash out.
import { z } from 'zod';

export const dailyTotals = z.object({
  /** What deposits put onto places, in cents. */
  deposit_24h: z.number(),
  /** What withdraws took off places, a positive size in cents. */
  withdraw_24h: z.number(),
  /** deposit_24h − withdraw_24h, signed. */
  delta_24h: z.number(),
});
export type DailyTotals = z.infer<typeof dailyTotals>;
