// Cash-drawer shifts (docs/api.md, "Shifts"): open with a count, cash calls tied to the open shift, a blind
// close with a count, and the Z-report the close answers (the back office reads the same shape). The
// drawer's own movements (drops to the safe, paid-ins, paid-outs), the mid-shift X-report and the copy of
// the last receipt: docs/api.md, "The till's drawer".
import { z } from 'zod';
import { countTotalCents, MAX_DENOMINATION_QUANTITY } from './denominations.js';
import { countedCents, idParam, MAX_COUNTED_CENTS, pageQuery, reason, trx } from './schemas.js';

/** One note or coin of a drawer count: its value in cents and how many were counted. */
export const denominationLine = z.strictObject({
  value_cents: z.number().int().min(1, 'must be more than 0').max(MAX_COUNTED_CENTS),
  quantity: z
    .number()
    .int()
    .min(0, 'must not be negative')
    .max(MAX_DENOMINATION_QUANTITY, `must be at most ${MAX_DENOMINATION_QUANTITY}`),
});
export type DenominationLine = z.infer<typeof denominationLine>;

/**
 * A count by notes and coins, each value once; which values a venue counts in is its currency's
 * (denominations.ts), checked by the server against the venue.
 */
export const denominationCount = z
  .array(denominationLine)
  .min(1, 'must hold at least one note or coin')
  .max(64)
  .superRefine((lines, ctx) => {
    const seen = new Set<number>();
    lines.forEach((line, index) => {
      if (seen.has(line.value_cents)) {
        ctx.addIssue({ code: 'custom', path: [index, 'value_cents'], message: 'is counted twice' });
      }
      seen.add(line.value_cents);
    });
  });

/**
 * Open and close both carry the drawer's count and a trx: the counted cash (0 to MAX_COUNTED_CENTS), or
 * the notes and coins counted (the server sums them), or both when they agree.
 */
export const shiftCountRequest = z
  .strictObject({
    counted_cents: countedCents.optional(),
    denominations: denominationCount.optional(),
    trx,
  })
  .superRefine((request, ctx) => {
    if (request.counted_cents === undefined && request.denominations === undefined) {
      ctx.addIssue({ code: 'custom', path: ['counted_cents'], message: 'is required without denominations' });
    } else if (
      request.counted_cents !== undefined &&
      request.denominations !== undefined &&
      request.counted_cents !== countTotalCents(request.denominations)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['counted_cents'],
        message: 'must equal the sum of the denominations',
      });
    }
  });
export type ShiftCountRequest = z.infer<typeof shiftCountRequest>;

/** The drawer's own movements: cash taken to the safe, cash put in or paid out for a reason. */
export const DRAWER_MOVEMENT_KINDS = ['drop', 'paid_in', 'paid_out'] as const;
export type DrawerMovementKind = (typeof DRAWER_MOVEMENT_KINDS)[number];

/** An amount of a drawer movement: whole cents, 1 to MAX_COUNTED_CENTS. */
export const drawerAmount = z
  .number()
  .int()
  .min(1, 'must be more than 0')
  .max(MAX_COUNTED_CENTS, `must be at most ${MAX_COUNTED_CENTS}`);

/** A cash drop to the safe: the reason is optional (where it went is the drop itself). */
export const cashDropRequest = z.strictObject({ amount: drawerAmount, reason: reason.optional(), trx });
/** A paid-in or a paid-out: the reason is required. */
export const paidInOutRequest = z.strictObject({ amount: drawerAmount, reason, trx });
export type DrawerMovementRequest = z.infer<typeof cashDropRequest>;

export const drawerMovement = z.object({
  id: z.number(),
  shift_id: z.number(),
  kind: z.enum(DRAWER_MOVEMENT_KINDS),
  amount: z.number(),
  reason: z.string().nullable(),
  trx: z.string(),
  created_at: z.string(),
});
export type DrawerMovement = z.infer<typeof drawerMovement>;

export const shiftIdParams = z.strictObject({ shift_id: idParam });

/** The open shift as the cashier sees it: no expected figure before the close (a blind count). */
export const openShift = z.object({
  id: z.number(),
  opened_at: z.string(),
  opening_cents: z.number(),
  /** Cash operations tied to the shift so far. */
  operations: z.number(),
});
export type OpenShift = z.infer<typeof openShift>;

/** A shift's figures so far (the X-report) or at its close (the Z-report): who, and what moved. */
const shiftFigures = openShift.extend({
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
  /** The drawer's own movements: how many of each and their sums (positive magnitudes). */
  drops: z.number(),
  drops_cents: z.number(),
  paid_ins: z.number(),
  paid_in_cents: z.number(),
  paid_outs: z.number(),
  paid_out_cents: z.number(),
  /** The opening count by notes and coins; null when it was entered as one amount. */
  opening_count: z.array(denominationLine).nullable(),
  /** The drawer's movements, oldest first. */
  movements: z.array(drawerMovement),
});

/**
 * The mid-shift read of the cashier's open shift: its figures so far, and no expected drawer figure (the
 * close stays a blind count).
 */
export const xReport = shiftFigures.extend({ made_at: z.string() });
export type XReport = z.infer<typeof xReport>;

/**
 * A closed shift's figures: the close's answer and the Z-report. expected = opening + deposits -
 * withdrawals (cash-outs included: a cash-out is a withdraw of the whole place) + paid-ins - paid-outs -
 * drops; difference = counted - expected (over > 0, short < 0).
 */
export const zReport = shiftFigures.extend({
  closed_at: z.string(),
  expected_cents: z.number(),
  counted_cents: z.number(),
  difference_cents: z.number(),
  /** The closing count by notes and coins; null when it was entered as one amount. */
  closing_count: z.array(denominationLine).nullable(),
});
export type ZReport = z.infer<typeof zReport>;

/** The copy of the cashier's last receipt: the operation's own figures, as its receipt printed them. */
export const receiptReprintRequest = z.strictObject({});
export const receiptCopy = z.object({
  trx: z.string(),
  /** A withdraw that left the place empty is a cash-out, as the Z-report counts it. */
  operation: z.enum(['deposit', 'withdraw', 'cash_out']),
  /** The amount moved, a positive magnitude. */
  amount: z.number(),
  burned_final_bonus: z.number(),
  currency: z.string(),
  created_at: z.string(),
  device_id: z.number(),
  device_name: z.string(),
  /** 0 cabinet, 1 home-play phone. */
  device_type: z.number(),
  device_uuid: z.string(),
  place: z.number(),
  cashier_name: z.string(),
  /** When this copy was made. */
  reprinted_at: z.string(),
  /** The venue's name, heading the receipt. */
  venue: z.string(),
  /** The receipt number the first print carried (the cash answer's `receipt_no`). */
  receipt_no: z.string(),
});
export type ReceiptCopy = z.infer<typeof receiptCopy>;

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
