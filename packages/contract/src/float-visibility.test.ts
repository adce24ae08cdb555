import { describe, expect, it } from 'vitest';
import { visibleFloatFigures } from './float-visibility.js';

const float = { balance: 1_000_00, overdraft: 500_00 };

describe('visibleFloatFigures (docs/product.md section 6)', () => {
  it('hides both figures without can_cashier_view_account_balance, or with hide_cashier_view_account_balance', () => {
    const hidden = { balance: null, overdraft: null };
    expect(visibleFloatFigures([], float)).toEqual(hidden);
    expect(visibleFloatFigures(['can_cashier_view_account_overdraft'], float)).toEqual(hidden);
    expect(
      visibleFloatFigures(
        [
          'can_cashier_view_account_balance',
          'can_cashier_view_account_overdraft',
          'hide_cashier_view_account_balance',
        ],
        float,
      ),
    ).toEqual(hidden);
  });

  it('shows the balance, and the overdraft only with can_cashier_view_account_overdraft', () => {
    expect(visibleFloatFigures(['can_cashier_view_account_balance'], float)).toEqual({
      balance: 1_000_00,
      overdraft: null,
    });
    expect(
      visibleFloatFigures(['can_cashier_view_account_balance', 'can_cashier_view_account_overdraft'], float),
    ).toEqual(float);
  });
});
