// Users of every role: cashiers, managers and admins.
import { loginKey, normaliseLogin, type Restriction, type Role, type User } from '@cashdesk/contract';
import type { Flag, UserRow } from '../db/schema.js';
import type { DialectName, Executor } from '../db/database.js';
import { lockedOn } from '../db/row-locks.js';

export function restrictionsOf(row: Pick<UserRow, 'restrictions'>): string[] {
  const parsed: unknown = JSON.parse(row.restrictions);
  return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    login: row.login,
    role: row.role,
    account_id: row.account_id,
    restrictions: restrictionsOf(row),
  };
}

export interface NewUser {
  login: string;
  name: string;
  role: Role;
  account_id: number | null;
  password_hash: string;
  restrictions: readonly Restriction[];
}

export async function createUser(db: Executor, input: NewUser, nowMs: number): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      login: normaliseLogin(input.login),
      login_key: loginKey(input.login),
      name: input.name,
      role: input.role,
      account_id: input.account_id,
      password_hash: input.password_hash,
      restrictions: JSON.stringify([...new Set(input.restrictions)].sort()),
      created_at_ms: nowMs,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's row, locked for the rest of the transaction on PostgreSQL (a back-office change). */
export async function lockUser(db: Executor, dialect: DialectName, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .$call(lockedOn(dialect, 'update'))
    .executeTakeFirst();
}

export async function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('login_key', '=', loginKey(login)).executeTakeFirst();
}

export async function listUsers(db: Executor, accountId?: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .$if(accountId !== undefined, (q) => q.where('account_id', '=', accountId ?? 0))
    .orderBy('id')
    .execute();
}

export async function updateUser(
  db: Executor,
  id: number,
  patch: { name?: string; account_id?: number | null; blocked?: boolean },
): Promise<UserRow | undefined> {
  const set: { name?: string; account_id?: number | null; blocked?: Flag } = {};
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.account_id !== undefined) set.account_id = patch.account_id;
  if (patch.blocked !== undefined) set.blocked = patch.blocked ? 1 : 0;
  if (Object.keys(set).length === 0) return findUserById(db, id);
  return db.updateTable('users').set(set).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function setPasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function setRestrictions(
  db: Executor,
  id: number,
  restrictions: readonly Restriction[],
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ restrictions: JSON.stringify([...new Set(restrictions)].sort()) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
