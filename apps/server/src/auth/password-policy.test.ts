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
  // Passwords a review guessed at once (the demo's own `cashier123` among them, for a user whose login is not
  // `cashier`), keyboard walks, and any 8 random characters (under zxcvbn's score 3 by length alone).
  it.each([
    'aaaaaaaa',
    'zzzzzzzz',
    'abcdefgh',
    '12341234',
    'a1a1a1a1',
    'cashier123',
    'Manager2024',
    'kX9#mPq2',
  ])('refuses %j as guessable', (password) =>
    expect(weakPasswordReason(password, 'floor_7')).toBe('guessable'),
  );
  it.each([
    ['banana split 42', 'ana'],
    ['brand new pass', 'cashier_7'],
    ['a long and quiet river', 'manager'],
    ['j8Rk2pL0vQ', 'manager'],
  ])('accepts %j for login %j', (password, login) => expect(weakPasswordReason(password, login)).toBeNull());

  it('estimates only the first 64 characters, so a long run of l33t look-alikes stays quick', () => {
    weakPasswordReason('warm up the dictionaries', 'manager');
    const started = performance.now();
    // 200 characters: ~4 s of the event loop with zxcvbn's defaults, ~0.1 s capped (a bound for a loaded machine).
    expect(weakPasswordReason('p4$$w0rd'.repeat(25), 'manager')).toBe('guessable');
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
