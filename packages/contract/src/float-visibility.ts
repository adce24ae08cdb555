// Which float figures a cashier may see (docs/product.md section 6): one rule for the server, which leaves out of
// `account_balance` what the cashier's restrictions hide, and the web, which decides what the bar shows.
import type { Restriction } from './domain.js';

export interface FloatFigures {
  /** null: the cashier's restrictions hide the float. */
  balance: number | null;
  /** null: hidden, or shown without the overdraft (no can_cashier_view_account_overdraft). */
  overdraft: number | null;
}

/**
 * The figures `restrictions` let a cashier see: the balance with can_cashier_view_account_balance and
 * without hide_cashier_view_account_balance, the overdraft with can_cashier_view_account_overdraft too.
 * (Whether the bar then shows them also depends on the account: has_overdraft, web float-visibility.)
 */
export function visibleFloatFigures(
  restrictions: readonly string[],
  float: { balance: number; overdraft: number },
): FloatFigures {
  const held = (restriction: Restriction) => restrictions.includes(restriction);
  if (!held('can_cashier_view_account_balance') || held('hide_cashier_view_account_balance')) {
    return { balance: null, overdraft: null };
  }
  return {
    balance: float.balance,
    overdraft: held('can_cashier_view_account_overdraft') ? float.overdraft : null,
  };
}
