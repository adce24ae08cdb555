import { describe, expect, it } from 'vitest';
import { normalizeLogin, validateLogin, validatePassword } from './login-validation';

describe('validateLogin (docs/product.md section 5: required, 3 to 64 characters)', () => {
  it.each([
    ['', 'validation.loginRequired'],
    ['   ', 'validation.loginRequired'],
    ['ab', 'validation.loginTooShort'],
    [' ab ', 'validation.loginTooShort'],
    ['a'.repeat(65), 'validation.loginTooLong'],
  ])('%j -> %s', (login, key) => {
    expect(validateLogin(login)?.key).toBe(key);
  });

  it.each(['abc', 'a'.repeat(64), ' cashier '])('%j is valid', (login) => {
    expect(validateLogin(login)).toBeNull();
  });

  it('names the limits in the messages', () => {
    expect(validateLogin('ab')?.params).toEqual({ min: 3 });
    expect(validateLogin('a'.repeat(65))?.params).toEqual({ max: 64 });
  });

  it('sends the login without surrounding spaces', () => {
    expect(normalizeLogin('  cashier ')).toBe('cashier');
  });
});

describe('validatePassword (docs/product.md section 5: required, 4 to 64 characters)', () => {
  it.each([
    ['', 'validation.passwordRequired'],
    ['abc', 'validation.passwordTooShort'],
    ['a'.repeat(65), 'validation.passwordTooLong'],
  ])('%j -> %s', (password, key) => {
    expect(validatePassword(password)?.key).toBe(key);
  });

  it.each(['abcd', 'a'.repeat(64), '    '])('%j is valid (spaces may be part of a password)', (password) => {
    expect(validatePassword(password)).toBeNull();
  });
});
