// The structuring rule of the floor's alerts (docs/product.md section 16): a player's cash of the running
// gaming day that clusters just under one of the cash report's thresholds, as someone splitting cash to
// stay out of the log or the report would leave it. The venue's log threshold (a transaction above it is
// logged with the player's name) and report threshold (a day's cash in or out above it is reported with
// their identity) are the cash report's (docs/product.md section 19); the rule adds no setting of its own.
import type { SideFigures } from '../reports/cash-report.repository.js';

/** An amount from this share of a threshold up to the threshold itself is just under it. */
export const JUST_UNDER_PERCENT = 90;
/** A cluster is at least this many transactions of one side of the day. */
export const CLUSTER_TRANSACTIONS = 2;

/** The amounts just under `threshold`: from 90% of it (rounded up to a cent) to it, both included. */
export function justUnder(threshold: number): { from: number; to: number } {
  return { from: Math.ceil((threshold * JUST_UNDER_PERCENT) / 100), to: threshold };
}

export interface StructuringThresholds {
  /** cents; null: the venue logs nothing (and this half of the rule is off). */
  log_above: number | null;
  /** cents; null: the venue reports nothing (and this half of the rule is off). */
  report_above: number | null;
}

export interface StructuringSign {
  side: 'cash_in' | 'cash_out';
  /** `report`: the side's day total just under the report threshold; `log`: transactions just under the log one. */
  rule: 'log' | 'report';
  /** `report`: the side's transactions of the day; `log`: those of them just under the log threshold. */
  transactions: number;
  /** The side's total of the day, cents. */
  total: number;
  threshold: number;
}

/**
 * The rule, whole: a player's day shows structuring on a side (cash in, then cash out) when
 *   - report: its day total is just under the report threshold (from 90% of it up to it: not reported),
 *     made of 2 or more transactions; or
 *   - log: 2 or more of its transactions are each just under the log threshold (from 90% of it up to
 *     it: none of them logged).
 * `figures.in_band` counts a side's transactions in `justUnder(log_above)`, as the query was asked.
 * The first sign found, report before log (the larger sum), cash in before cash out; null for none.
 */
export function structuringSign(
  figures: { cash_in: SideFigures; cash_out: SideFigures },
  venue: StructuringThresholds,
): StructuringSign | null {
  for (const side of ['cash_in', 'cash_out'] as const) {
    const { transactions, total, in_band } = figures[side];
    if (venue.report_above !== null && transactions >= CLUSTER_TRANSACTIONS) {
      const band = justUnder(venue.report_above);
      if (total >= band.from && total <= band.to) {
        return { side, rule: 'report', transactions, total, threshold: venue.report_above };
      }
    }
    if (venue.log_above !== null && in_band >= CLUSTER_TRANSACTIONS) {
      return { side, rule: 'log', transactions: in_band, total, threshold: venue.log_above };
    }
  }
  return null;
}

/** The sign in the server's English, for the alert's details (a log's line): the player by id only. */
export function structuringDetails(
  playerId: number,
  sign: StructuringSign,
  units: (c: number) => string,
): string {
  const side = sign.side === 'cash_in' ? 'cash-ins' : 'cash-outs';
  return sign.rule === 'report'
    ? `player ${playerId}: ${side} of ${units(sign.total)} today in ${sign.transactions} transactions, ` +
        `just under the report threshold ${units(sign.threshold)}`
    : `player ${playerId}: ${sign.transactions} ${side} today each just under the log threshold ` +
        `${units(sign.threshold)}`;
}
