// Where the console's user calls go: an admin manages every user under /a/admin/, a manager the cashiers
// of their own account under /a/manager/account/:id/ (docs/back-office.md).
import type { User } from '@cashdesk/contract';

export type UsersScope = { kind: 'admin' } | { kind: 'account'; accountId: number };

export function usersScopeOf(user: Pick<User, 'role' | 'account_id'>): UsersScope {
  return user.role === 'admin' || user.account_id === null
    ? { kind: 'admin' }
    : { kind: 'account', accountId: user.account_id };
}

export function usersListPath(scope: UsersScope): string {
  return scope.kind === 'admin' ? '/a/admin/users' : `/a/manager/account/${scope.accountId}/users`;
}

/** `/a/admin/user[/id[/action]]` or `/a/manager/account/:id/user[/id[/action]]`. */
export function userPath(
  scope: UsersScope,
  userId?: number,
  action?: 'set_password' | 'set_restrictions',
): string {
  const base = scope.kind === 'admin' ? '/a/admin/user' : `/a/manager/account/${scope.accountId}/user`;
  return [base, userId, action].filter((part) => part !== undefined).join('/');
}
