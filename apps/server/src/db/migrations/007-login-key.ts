// Logins are one per person whatever their case or Unicode form: `login_key` (contract loginKey) holds
// the case-folded normal form under a unique index, so `Admin` or `admin ` cannot sit beside `admin`.
import { loginKey, normaliseLogin } from '@cashdesk/contract';
import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export const loginKeyMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('login_key', 'text').execute();
    const users = await db.selectFrom('users').select(['id', 'login']).execute();
    for (const user of users as { id: number; login: string }[]) {
      await db
        .updateTable('users')
        .set({ login: normaliseLogin(user.login), login_key: loginKey(user.login) })
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
