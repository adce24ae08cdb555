// Migration 011 (login_key becomes the confusable skeleton) over a database from before it: logins that
// look alike (`cashier`, a Cyrillic `сashier`, `cashıer` with a dotless i) stop the upgrade with a message
// naming them and what to do, and nothing is changed; once the operator has renamed them, the upgrade runs.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { testDatabases } from '../helpers/databases.js';

describe.each(testDatabases)('migration 011-login-skeleton on $name', (database) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('stops on logins that look alike, names them and changes nothing; after renames it rekeys', async () => {
    db = await database.open({ migrateTo: '010-shifts' });
    const at = db;
    // As migration 007 keyed them: the normal form in lower case.
    for (const login of ['cashier', 'Mia', 'сashier', 'cashıer', 'bob1']) {
      await sql`insert into users (login, login_key, password_hash, name, role, account_id, restrictions, created_at_ms)
        values (${login}, ${login.toLowerCase()}, 'x', 'Someone', 'admin', null, '[]', 0)`.execute(at.kysely);
    }
    const rows = () =>
      at.kysely.selectFrom('users').select(['id', 'login', 'login_key']).orderBy('id').execute();
    const before = await rows();

    await expect(migrateToLatest(at)).rejects.toThrow(
      "migration 011-login-skeleton failed: these logins look alike (Unicode's confusables, UTS #39), and must " +
        'be told apart before this upgrade: "cashier" (id 1) and "сashier" (id 3) and "cashıer" (id 4). ' +
        'Nothing was changed. Rename all but one login of each group (for example ' +
        "`update users set login = 'new_login' where id = 3;` in the database), then start again.",
    );
    expect(await rows()).toEqual(before);

    await sql`update users set login = 'cashier_ru' where id = 3`.execute(at.kysely);
    await sql`update users set login = 'cashier_tr' where id = 4`.execute(at.kysely);
    await migrateToLatest(at);
    // Skeletons are for comparing, not showing: `m` is `rn`, `1` is `l`.
    expect((await rows()).map((row) => [row.login, row.login_key])).toEqual([
      ['cashier', 'cashier'],
      ['Mia', 'rnia'],
      ['cashier_ru', 'cashier_ru'],
      ['cashier_tr', 'cashier_tr'],
      ['bob1', 'bobl'],
    ]);
  });
});
