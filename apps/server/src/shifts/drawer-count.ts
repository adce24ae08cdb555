// A drawer count as the open and the close take it: one amount, or notes and coins of the venue's
// currency that the server sums (docs/product.md section 17). A value that is not one of the currency's
// notes or coins is a 400, thrown before anything is claimed, so the trx stays usable.
import {
  countTotalCents,
  denominationValues,
  type DenominationLine,
  type ShiftCountRequest,
} from '@cashdesk/contract';
import { ApiError } from '../http/api-error.js';

export interface DrawerCount {
  counted_cents: number;
  /** The lines counted, to keep with the shift; null for a count entered as one amount. */
  lines: readonly DenominationLine[] | null;
}

export function drawerCount(request: ShiftCountRequest, currency: string): DrawerCount {
  const lines = request.denominations;
  if (!lines) {
    // The schema requires one of the two (contract shifts.ts).
    if (request.counted_cents === undefined) throw ApiError.validation('counted_cents', 'is required');
    return { counted_cents: request.counted_cents, lines: null };
  }
  const values = new Set(denominationValues(currency));
  lines.forEach((line, index) => {
    if (!values.has(line.value_cents)) {
      throw ApiError.validation(`denominations.${index}.value_cents`, `is not a note or coin of ${currency}`);
    }
  });
  return { counted_cents: countTotalCents(lines), lines };
}

/**
 * What identifies a count in its trx's stored hash: the amount alone, as it always was, or the amount
 * and its lines (another split of the same amount is another request).
 */
export function countHashParts(count: DrawerCount): unknown[] {
  if (!count.lines) return [count.counted_cents];
  const lines = [...count.lines].sort((a, b) => b.value_cents - a.value_cents);
  return [count.counted_cents, lines.map((line) => [line.value_cents, line.quantity])];
}
