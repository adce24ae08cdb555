import { describe, expect, it } from 'vitest';
import { homePathFor, isBackOfficeUser } from './home-path';

describe('back-office access', () => {
  it.each([
    ['admin', true, '/back-office'],
    ['manager', true, '/back-office'],
    ['cashier', false, '/devices'],
  ] as const)('a %s: console %s, lands on %s', (role, console, home) => {
    expect(isBackOfficeUser({ role })).toBe(console);
    expect(homePathFor({ role })).toBe(home);
  });

  it('nobody signed in is not a back-office user', () => {
    expect(isBackOfficeUser(undefined)).toBe(false);
  });
});
