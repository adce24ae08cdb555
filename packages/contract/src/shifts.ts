// Cash-drawer shifts (docs/api.md, "Shifts"): open with a count, cash calls tied to the open shift, a blind
// close with a count, and the Z-report the close answers (the back office reads the same shape).
import { z } from 'zod';
import { countedCents, idParam, pageQuery, trx } from './schemas.js';

/** Open and close both carry the drawer's counted cash (0 to MAX_COUNTED_CENTS) and a trx. */
export const shiftCountRequest = z.strictObject({ counted_cents: countedCents, trx });
export type ShiftCountRequest = z.infer<typeof shiftCountRequest>;

/** The open shift as the cashier sees it: no expected figure before the close (a blind count). */
export const openShift = z.object({
  id: z.number(),
  opened_at: z.string(),
  opening_cents: z.number(),
  /** Cash operations tied to the shift so far. */
  operations: z.number(),
});
export type OpenShift = z.infer<typeof openShift>;

/**
 * A closed shift's figures: the close's answer and the Z-report. expected = opening + deposits -
 * withdrawals (cash-outs included: a cash-out is a withdraw of the whole place); difference = counted -
 * expected (over > 0, short < 0).
 */
export const zReport = openShift.extend({
  closed_at: z.string(),
  account_id: z.number(),
  venue: z.string(),
  currency: z.string(),
  cashier_id: z.number(),
  cashier_name: z.string(),
  cashier_login: z.string(),
  deposits: z.number(),
  deposits_cents: z.number(),
  /** Withdraws that left money on the place; cash-outs are counted apart but summed in withdrawals_cents. */
  withdraws: z.number(),
  cash_outs: z.number(),
  cash_outs_cents: z.number(),
  withdrawals_cents: z.number(),
  expected_cents: z.number(),
  counted_cents: z.number(),
  difference_cents: z.number(),
});
export type ZReport = z.infer<typeof zReport>;

/** Back office: shifts of an account, newest first, by cashier and time window, paged by id. */
export const shiftListQuery = pageQuery.extend({ user_id: idParam.optional() });
export type ShiftListQuery = z.input<typeof shiftListQuery>;

export const shiftListRow = z.object({
  id: z.number(),
  cashier_id: z.number(),
  cashier_name: z.string(),
  opened_at: z.string(),
  /** null while the shift is open: its figures come with the close. */
  closed_at: z.string().nullable(),
  opening_cents: z.number(),
  expected_cents: z.number().nullable(),
  counted_cents: z.number().nullable(),
  difference_cents: z.number().nullable(),
});
export type ShiftListRow = z.infer<typeof shiftListRow>;
