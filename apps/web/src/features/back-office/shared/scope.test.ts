import { describe, expect, it } from 'vitest';
import { userPath, usersListPath, usersScopeOf } from './scope';

describe('users scope', () => {
  it('an admin works on every user', () => {
    const scope = usersScopeOf({ role: 'admin', account_id: null });
    expect(usersListPath(scope)).toBe('/a/admin/users');
    expect(userPath(scope)).toBe('/a/admin/user');
    expect(userPath(scope, 7, 'set_password')).toBe('/a/admin/user/7/set_password');
  });

  it("a manager works on their account's cashiers", () => {
    const scope = usersScopeOf({ role: 'manager', account_id: 3 });
    expect(usersListPath(scope)).toBe('/a/manager/account/3/users');
    expect(userPath(scope)).toBe('/a/manager/account/3/user');
    expect(userPath(scope, 9)).toBe('/a/manager/account/3/user/9');
    expect(userPath(scope, 9, 'set_restrictions')).toBe('/a/manager/account/3/user/9/set_restrictions');
  });
});
