// Spec section 6: whether the navigation bar shows the float, and which figure.
import { isCents, type FloatInfo, type Restriction, type User } from '@cashdesk/contract';

export type FloatView =
  | { visible: false }
  | {
      visible: true;
      /** balance + overdraft with can_cashier_view_account_overdraft, else the balance alone. */
      amountCents: number;
      includesOverdraft: boolean;
      currency: string;
    };

const HIDDEN: FloatView = { visible: false };

/**
 * The float is shown only when all of these hold (spec section 6, row can_cashier_view_account_balance):
 * the user holds can_cashier_view_account_balance, does not hold hide_cashier_view_account_balance, and
 * the account has has_overdraft with an overdraft value. "An overdraft value" is read as a non-negative
 * integer number of cents being present; 0 counts as a value (the figure is then simply the balance).
 */
export function floatVisibility(
  user: Pick<User, 'restrictions'> | undefined,
  float: FloatInfo | undefined,
): FloatView {
  if (!user || !float) return HIDDEN;
  const held = (restriction: Restriction) => user.restrictions.includes(restriction);
  if (!held('can_cashier_view_account_balance')) return HIDDEN;
  if (held('hide_cashier_view_account_balance')) return HIDDEN;
  if (!float.has_overdraft || !isCents(float.overdraft) || float.overdraft < 0) return HIDDEN;
  if (!isCents(float.balance)) return HIDDEN;
  const includesOverdraft = held('can_cashier_view_account_overdraft');
  return {
    visible: true,
    amountCents: includesOverdraft ? float.balance + float.overdraft : float.balance,
    includesOverdraft,
    currency: float.currency,
  };
}
