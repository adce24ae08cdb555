// Who sees the back office and where each role starts. Part of the main bundle (tiny): the console
// itself is loaded only when an admin or a manager opens it.
import type { User } from '@cashdesk/contract';

export const BACK_OFFICE_PATH = '/back-office';

export function isBackOfficeUser(user: Pick<User, 'role'> | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'manager';
}

/** Where a signed-in user lands: the console for admins and managers, the devices for cashiers. */
export function homePathFor(user: Pick<User, 'role'> | undefined): string {
  return isBackOfficeUser(user) ? BACK_OFFICE_PATH : '/devices';
}
