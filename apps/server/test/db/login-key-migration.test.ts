// Migration 007 (login_key) over a database from before it: logins that fold onto one (`admin` and
// `Admin`, `bob` and `bob `) stop the upgrade with a message naming them and what to do, and nothing is
// changed; once the operator has renamed them, the upgrade runs.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import { testDatabases } from '../helpers/databases.js';

describe.each(testDatabases)('migration 007-login-key on $name', (database) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  /** A database at migration 006 holding users with these logins, as an older server stored them. */
  async function before007(logins: string[]): Promise<Db> {
    db = await database.open({ migrateTo: '006-attempt-limits' });
    for (const login of logins) {
      await sql`insert into users (login, password_hash, name, role, account_id, restrictions, created_at_ms)
        values (${login}, 'x', 'Someone', 'admin', null, '[]', 0)`.execute(db.kysely);
    }
    return db;
  }

  const usersOf = async (at: Db) =>
    (
      await sql<{ id: number; login: string }>`select id, login from users order by id`.execute(at.kysely)
    ).rows.map((row) => ({ id: Number(row.id), login: row.login }));

  const applied = async (at: Db) =>
    (
      await sql<{ name: string }>`select name from kysely_migration order by name`.execute(at.kysely)
    ).rows.map((row) => row.name);

  it('stops on logins that differ only by case, spaces or Unicode form, names them and changes nothing', async () => {
    const at = await before007(['admin', 'carol', 'Admin', 'bob', 'bob ', 'ＣＡＲＯＬ', 'dave']);
    const users = await usersOf(at);

    const upgrade = migrateToLatest(at);
    await expect(upgrade).rejects.toThrow(
      'migration 007-login-key failed: these logins differ only by case, spaces or Unicode form, and must be ' +
        'told apart before this upgrade: "admin" (id 1) and "Admin" (id 3); "carol" (id 2) and "ＣＡＲＯＬ" (id 6); ' +
        '"bob" (id 4) and "bob " (id 5). Nothing was changed. Rename all but one login of each group (for ' +
        "example `update users set login = 'new_login' where id = 3;` in the database), then start again.",
    );
    expect(await usersOf(at)).toEqual(users);
    expect(await applied(at)).not.toContain('007-login-key');

    // The operator renames as told; the upgrade then runs and folds what is left.
    await sql`update users set login = 'admin_2' where id = 3`.execute(at.kysely);
    await sql`update users set login = 'carol_2' where id = 6`.execute(at.kysely);
    await sql`delete from users where id = 5`.execute(at.kysely);
    // Up to 007 only: 011-login-skeleton turns these keys into skeletons (login-skeleton-migration.test.ts).
    await migrateTo(at, '007-login-key');
    expect(await applied(at)).toContain('007-login-key');
    const keys = await at.kysely.selectFrom('users').select(['login', 'login_key']).orderBy('id').execute();
    expect(keys).toEqual([
      { login: 'admin', login_key: 'admin' },
      { login: 'carol', login_key: 'carol' },
      { login: 'admin_2', login_key: 'admin_2' },
      { login: 'bob', login_key: 'bob' },
      { login: 'carol_2', login_key: 'carol_2' },
      { login: 'dave', login_key: 'dave' },
    ]);
  });

  it('folds logins without a clash into their normal form', async () => {
    const at = await before007(['Erin', ' frank ', 'ｇｉｎａ']);
    await migrateTo(at, '007-login-key');
    const keys = await at.kysely.selectFrom('users').select(['login', 'login_key']).orderBy('id').execute();
    expect(keys).toEqual([
      { login: 'Erin', login_key: 'erin' },
      { login: 'frank', login_key: 'frank' },
      { login: 'gina', login_key: 'gina' },
    ]);
  });
});
