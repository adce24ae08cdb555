// The users' public entry: the admin's or a manager's users, with their creation, edits, passwords and
// restrictions.
export { UsersPage } from './users-page';
