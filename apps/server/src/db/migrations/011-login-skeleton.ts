// Logins are one per person whatever look-alike characters spell them: `login_key` moves from
// migration 007's case fold to contract loginKey, the confusable skeleton (packages/contract/src/login-key.ts),
// so a Cyrillic `сashier` or `cashıer` cannot sit beside `cashier`. Logins that already look alike stop the
// upgrade before anything changes, named with what to do, like 007 (docs/security.md, "Logins").
import { loginKey } from '@cashdesk/contract';
import type { Kysely, Migration } from 'kysely';
import { clashingLogins, foldedLogin, loginClashMessage } from './007-login-key.js';

interface LoginRow {
  id: number;
  login: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
async function rekey(db: Kysely<any>, keyOf: (login: string) => string): Promise<void> {
  const users = (await db.selectFrom('users').select(['id', 'login']).execute()) as LoginRow[];
  const clashes = clashingLogins(users, keyOf);
  if (clashes.length > 0) {
    throw new Error(loginClashMessage(clashes, "look alike (Unicode's confusables, UTS #39)"));
  }
  // Keys change one row at a time: without the index meanwhile, a row's new key never meets another
  // row's old one. One transaction puts the index back before anyone else sees the table: Kysely's own on
  // PostgreSQL, ours on SQLite (Kysely runs no migration of SQLite in a transaction).
  const change = async (trx: Kysely<any>) => {
    await trx.schema.dropIndex('users_login_folded').execute();
    for (const user of users) {
      await trx
        .updateTable('users')
        .set({ login_key: keyOf(user.login) })
        .where('id', '=', user.id)
        .execute();
    }
    await trx.schema.createIndex('users_login_folded').on('users').column('login_key').unique().execute();
  };
  if (db.isTransaction) await change(db);
  else await db.transaction().execute(change);
}

export const loginSkeletonMigration: Migration = {
  up: (db: Kysely<any>) => rekey(db, loginKey),
  down: (db: Kysely<any>) => rekey(db, foldedLogin),
};
