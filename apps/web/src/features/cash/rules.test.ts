import { describe, expect, it } from 'vitest';
import {
  canCashOut,
  canDeposit,
  canQuickAmount,
  canToggleWithdraw,
  canWithdraw,
  deltaOf,
  effectiveQuickMode,
  stepBeforeSending,
} from './rules';

const base = { amount_cents: 1000, entries_cents: 5000, block: 'none' } as const;

describe('Deposit button', () => {
  it('is enabled for an amount above 0 without a light block', () => {
    expect(canDeposit(base)).toBe(true);
  });
  it('is disabled when the amount is 0', () => {
    expect(canDeposit({ ...base, amount_cents: 0 })).toBe(false);
  });
  it('is disabled under a light block and under a hard block', () => {
    expect(canDeposit({ ...base, block: 'light' })).toBe(false);
    expect(canDeposit({ ...base, block: 'hard' })).toBe(false);
  });
  it('does not depend on the place balance', () => {
    expect(canDeposit({ ...base, entries_cents: 0, amount_cents: 999_999 })).toBe(true);
  });
});

describe('Withdraw button', () => {
  it('is enabled for an amount up to the balance', () => {
    expect(canWithdraw(base)).toBe(true);
    expect(canWithdraw({ ...base, amount_cents: 5000 })).toBe(true);
  });
  it('is disabled when the amount is 0', () => {
    expect(canWithdraw({ ...base, amount_cents: 0 })).toBe(false);
  });
  it('is disabled when the amount exceeds the balance, by one cent too', () => {
    expect(canWithdraw({ ...base, amount_cents: 5001 })).toBe(false);
  });
  it('is allowed under a light block (withdraw only), not under a hard block', () => {
    expect(canWithdraw({ ...base, block: 'light' })).toBe(true);
    expect(canWithdraw({ ...base, block: 'hard' })).toBe(false);
  });
});

describe('withdraw toggle', () => {
  it('needs a balance of at least 10 units', () => {
    expect(canToggleWithdraw(999)).toBe(false);
    expect(canToggleWithdraw(1000)).toBe(true);
  });
  it('falls back to deposit when the balance drops below 10 units', () => {
    expect(effectiveQuickMode('withdraw', 999)).toBe('deposit');
    expect(effectiveQuickMode('withdraw', 1000)).toBe('withdraw');
    expect(effectiveQuickMode('deposit', 0)).toBe('deposit');
  });
});

describe('quick amounts', () => {
  it('for withdraw are disabled when they exceed the balance', () => {
    const place = { entries_cents: 5000, block: 'none' } as const;
    expect(canQuickAmount('withdraw', 50, place)).toBe(true);
    expect(canQuickAmount('withdraw', 100, place)).toBe(false);
    expect(canQuickAmount('withdraw', 10, { ...place, entries_cents: 999 })).toBe(false);
  });
  it('for deposit are disabled under a light or hard block', () => {
    expect(canQuickAmount('deposit', 100, { entries_cents: 0, block: 'none' })).toBe(true);
    expect(canQuickAmount('deposit', 10, { entries_cents: 0, block: 'light' })).toBe(false);
    expect(canQuickAmount('deposit', 10, { entries_cents: 0, block: 'hard' })).toBe(false);
  });
  it('for withdraw pass a light block, not a hard block', () => {
    expect(canQuickAmount('withdraw', 10, { entries_cents: 5000, block: 'light' })).toBe(true);
    expect(canQuickAmount('withdraw', 10, { entries_cents: 5000, block: 'hard' })).toBe(false);
  });
});

describe('Cash out button', () => {
  it('is disabled when the balance is 0', () => {
    expect(canCashOut(0, 'none')).toBe(false);
    expect(canCashOut(1, 'none')).toBe(true);
  });
  it('passes a light block, not a hard block', () => {
    expect(canCashOut(1, 'light')).toBe(true);
    expect(canCashOut(1, 'hard')).toBe(false);
  });
});

describe('flow', () => {
  it('asks the adult question before every deposit', () => {
    expect(stepBeforeSending('deposit', 0)).toBe('adultCheck');
    expect(stepBeforeSending('deposit', 500)).toBe('adultCheck');
  });
  it('confirms a withdraw or cash-out that burns a final bonus', () => {
    expect(stepBeforeSending('withdraw', 1)).toBe('bonusConfirm');
    expect(stepBeforeSending('cashOut', 1)).toBe('bonusConfirm');
  });
  it('sends a withdraw or cash-out at once without a final bonus', () => {
    expect(stepBeforeSending('withdraw', 0)).toBe('send');
    expect(stepBeforeSending('cashOut', 0)).toBe('send');
  });
  it('signs the delta: positive for deposit, negative otherwise', () => {
    expect(deltaOf('deposit', 1999)).toBe(1999);
    expect(deltaOf('withdraw', 1999)).toBe(-1999);
    expect(deltaOf('cashOut', 12_345)).toBe(-12_345);
  });
});
