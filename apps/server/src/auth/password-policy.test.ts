import { describe, expect, it } from 'vitest';
import { weakPasswordReason } from './password-policy.js';

describe('weakPasswordReason', () => {
  it.each(['password', 'Password1', '123456789', 'qwerty123', 'iloveyou', ' letmein ', 'PASS WORD'])(
    'refuses the common password %j',
    (password) => expect(weakPasswordReason(password, 'cashier_7')).toBe('common'),
  );
  it.each([
    ['cashier_7', 'cashier_7'],
    ['CASHIER_7', 'cashier_7'],
    ['my cashier_7 pass', 'cashier_7'],
    ['ana', 'ana'],
    // Unicode forms that look the same count the same (NFKC): full-width letters.
    ['ｃａｓｈｉｅｒ＿７', 'cashier_7'],
  ])('refuses %j for login %j', (password, login) =>
    expect(weakPasswordReason(password, login)).toBe('login'),
  );
  it.each([
    ['banana split 42', 'ana'],
    ['brand new pass', 'cashier_7'],
    ['a long and quiet river', 'manager'],
  ])('accepts %j for login %j', (password, login) => expect(weakPasswordReason(password, login)).toBeNull());
});
