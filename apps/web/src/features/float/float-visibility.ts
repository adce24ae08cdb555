// docs/product.md section 6: whether the navigation bar shows the float, and which figure.
import { isCents, visibleFloatFigures, type FloatInfo, type User } from '@cashdesk/contract';

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
 * The float is shown only when all of these hold (docs/product.md section 6, row can_cashier_view_account_balance):
 * the user's restrictions let them see it (contract visibleFloatFigures: can_cashier_view_account_balance
 * held, hide_cashier_view_account_balance not), and the account has has_overdraft with an overdraft value.
 * The server sends only what the restrictions let the cashier see, so "an overdraft value" is checked
 * where the figure shown includes it (can_cashier_view_account_overdraft); 0 counts as a value.
 */
export function floatVisibility(
  user: Pick<User, 'restrictions'> | undefined,
  float: FloatInfo | undefined,
): FloatView {
  if (!user || !float) return HIDDEN;
  const seen = visibleFloatFigures(user.restrictions, { balance: 0, overdraft: 0 });
  if (seen.balance === null || !float.has_overdraft) return HIDDEN;
  if (!isCents(float.balance)) return HIDDEN;
  const includesOverdraft = seen.overdraft !== null;
  if (!includesOverdraft) {
    return { visible: true, amountCents: float.balance, includesOverdraft, currency: float.currency };
  }
  if (!isCents(float.overdraft) || float.overdraft < 0) return HIDDEN;
  return {
    visible: true,
    amountCents: float.balance + float.overdraft,
    includesOverdraft,
    currency: float.currency,
  };
}
