import { describe, expect, it } from 'vitest';
import { ERR } from './errors.js';
import { answerForViewer, visibleFloatFigures } from './float-visibility.js';

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

describe("answerForViewer: a cash call's answer as the cashier is sent it", () => {
  const seesBalance = ['can_cashier_view_account_balance'];
  const seesBoth = ['can_cashier_view_account_balance', 'can_cashier_view_account_overdraft'];
  const applied = { status: 200, body: { trx: 'T1', delta: 5_00, float_balance: 95_00, currency: 'EUR' } };
  const overdrawn = { status: 409, body: { err: ERR.overdraft, balance: 1_00, overdraft: 0 } };

  it("nulls an applied call's float balance for a cashier who may not see it, fields in their order", () => {
    const sent = answerForViewer(applied, []);
    expect(sent).toEqual({ status: 200, body: { ...applied.body, float_balance: null } });
    expect(Object.keys(sent.body as object)).toEqual(Object.keys(applied.body));
  });

  it("nulls an overdraft refusal's figures the cashier may not see", () => {
    expect(answerForViewer(overdrawn, []).body).toEqual({
      err: ERR.overdraft,
      balance: null,
      overdraft: null,
    });
    expect(answerForViewer(overdrawn, seesBalance).body).toEqual({
      err: ERR.overdraft,
      balance: 1_00,
      overdraft: null,
    });
    expect(answerForViewer(overdrawn, seesBoth)).toBe(overdrawn);
  });

  it('sends an answer with nothing to hide as it is, the same object', () => {
    expect(answerForViewer(applied, seesBalance)).toBe(applied);
    const refused = { status: 409, body: { err: ERR.notEnoughMoney } };
    expect(answerForViewer(refused, [])).toBe(refused);
    const noBody = { status: 204, body: null };
    expect(answerForViewer(noBody, [])).toBe(noBody);
  });
});
