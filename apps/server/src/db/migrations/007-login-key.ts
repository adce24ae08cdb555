// Logins are one per person whatever their case or Unicode form: `login_key` (contract loginKey) holds
// the case-folded normal form under a unique index, so `Admin` or `admin ` cannot sit beside `admin`.
// A database from before may already hold such pairs: the migration names them and stops before changing
// anything, rather than failing on the index (or on the old unique login) with a driver's message.
// Its key is the case fold of its day, kept here as it was: migration 011-login-skeleton moves the keys
// to today's contract loginKey (the confusable skeleton) with its own check.
import { normaliseLogin } from '@cashdesk/contract';
import type { Kysely, Migration } from 'kysely';

interface LoginRow {
  id: number;
  login: string;
}

/** Migration 007's login key: the normal form in lower case. */
export const foldedLogin = (login: string): string => normaliseLogin(login).toLowerCase();

/** Groups of users whose logins have one key, by id within and across groups; none if all differ. */
export function clashingLogins(users: readonly LoginRow[], keyOf: (login: string) => string): LoginRow[][] {
  const byKey = new Map<string, LoginRow[]>();
  for (const user of users) {
    const key = keyOf(user.login);
    byKey.set(key, [...(byKey.get(key) ?? []), user]);
  }
  return [...byKey.values()]
    .filter((group) => group.length > 1)
    .map((group) => [...group].sort((a, b) => a.id - b.id))
    .sort((a, b) => a[0]!.id - b[0]!.id);
}

/**
 * What the operator reads: how the logins clash (`differ only by case, spaces or Unicode form`), the
 * clashing logins (quoted, so spaces and invisible characters show) and what to do.
 */
export function loginClashMessage(
  groups: readonly LoginRow[][],
  how = 'differ only by case, spaces or Unicode form',
): string {
  const named = groups
    .map((group) => group.map((u) => `${JSON.stringify(u.login)} (id ${u.id})`).join(' and '))
    .join('; ');
  const example = groups[0]![1]!;
  return (
    `these logins ${how}, and must be told apart before this upgrade: ` +
    `${named}. Nothing was changed. Rename all but one login of each group (for example ` +
    `\`update users set login = 'new_login' where id = ${example.id};\` in the database), then start again.`
  );
}

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export const loginKeyMigration: Migration = {
  async up(db: Kysely<any>) {
    const users = (await db.selectFrom('users').select(['id', 'login']).execute()) as LoginRow[];
    const clashes = clashingLogins(users, foldedLogin);
    if (clashes.length > 0) throw new Error(loginClashMessage(clashes));
    await db.schema.alterTable('users').addColumn('login_key', 'text').execute();
    for (const user of users) {
      await db
        .updateTable('users')
        .set({ login: normaliseLogin(user.login), login_key: foldedLogin(user.login) })
        .where('id', '=', user.id)
        .execute();
    }
    await db.schema.createIndex('users_login_folded').on('users').column('login_key').unique().execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('users_login_folded').execute();
    await db.schema.alterTable('users').dropColumn('login_key').execute();
  },
};
