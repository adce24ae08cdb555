import type { FloatInfo, Restriction } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { makeFloat } from '../../test/fixtures';
import { floatVisibility } from './float-visibility';

const float: FloatInfo = makeFloat();
const user = (...restrictions: Restriction[]) => ({ restrictions });
const VIEW: Restriction = 'can_cashier_view_account_balance';
const HIDE: Restriction = 'hide_cashier_view_account_balance';
const OVERDRAFT: Restriction = 'can_cashier_view_account_overdraft';

describe('floatVisibility (docs/product.md section 6)', () => {
  it('shows the balance alone with can_cashier_view_account_balance', () => {
    expect(floatVisibility(user(VIEW), float)).toEqual({
      visible: true,
      amountCents: 1_000_000,
      includesOverdraft: false,
      currency: 'EUR',
    });
  });

  it('shows balance plus overdraft with can_cashier_view_account_overdraft too', () => {
    expect(floatVisibility(user(VIEW, OVERDRAFT), float)).toEqual({
      visible: true,
      amountCents: 1_100_000,
      includesOverdraft: true,
      currency: 'EUR',
    });
  });

  it('adds a negative balance and the overdraft correctly', () => {
    const view = floatVisibility(user(VIEW, OVERDRAFT), { ...float, balance: -30_000 });
    expect(view).toMatchObject({ visible: true, amountCents: 70_000 });
  });

  it('hides without can_cashier_view_account_balance, whatever else is held', () => {
    expect(floatVisibility(user(), float)).toEqual({ visible: false });
    expect(floatVisibility(user(OVERDRAFT), float)).toEqual({ visible: false });
  });

  it('hides with hide_cashier_view_account_balance, even with the view restriction', () => {
    expect(floatVisibility(user(VIEW, HIDE), float)).toEqual({ visible: false });
    expect(floatVisibility(user(VIEW, OVERDRAFT, HIDE), float)).toEqual({ visible: false });
  });

  it('hides when the account has no overdraft (has_overdraft false)', () => {
    expect(floatVisibility(user(VIEW), { ...float, has_overdraft: false })).toEqual({ visible: false });
    expect(floatVisibility(user(VIEW, OVERDRAFT), { ...float, has_overdraft: false })).toEqual({
      visible: false,
    });
  });

  it('hides balance plus overdraft when has_overdraft holds but there is no overdraft value', () => {
    const noValue = { ...float, overdraft: null };
    expect(floatVisibility(user(VIEW, OVERDRAFT), noValue)).toEqual({ visible: false });
    const notANumber = { ...float, overdraft: '100' } as unknown as FloatInfo;
    expect(floatVisibility(user(VIEW, OVERDRAFT), notANumber)).toEqual({ visible: false });
  });

  it('shows the balance alone without the overdraft, which the server no longer sends such a cashier', () => {
    expect(floatVisibility(user(VIEW), { ...float, overdraft: null })).toEqual({
      visible: true,
      amountCents: 1_000_000,
      includesOverdraft: false,
      currency: 'EUR',
    });
  });

  it('hides what the server left out', () => {
    expect(floatVisibility(user(VIEW), { ...float, balance: null, overdraft: null })).toEqual({
      visible: false,
    });
  });

  it('counts an overdraft of 0 as a value', () => {
    expect(floatVisibility(user(VIEW, OVERDRAFT), { ...float, overdraft: 0 })).toMatchObject({
      visible: true,
      amountCents: 1_000_000,
    });
  });

  it('hides while the user or the float is not known yet', () => {
    expect(floatVisibility(undefined, float)).toEqual({ visible: false });
    expect(floatVisibility(user(VIEW), undefined)).toEqual({ visible: false });
  });
});
