// Migration 024-audit-player-target over a database from before it: the audit log keeps every entry as it
// was (ids included, and the next one comes after them), takes 'player' as a target and still refuses any
// other, and stays append-only (on SQLite the table is built again: its triggers and indexes with it).
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { testDatabases } from '../helpers/databases.js';

describe.each(testDatabases)('migration 024-audit-player-target on $name', (database) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  const entry = (target: string) =>
    sql`insert into audit_log (created_at_ms, actor_user_id, actor_login, action, target_type, target_id,
        account_id, before_json, after_json, reason, trx)
      values (1000, null, 'operator', 'account.update', ${target}, 7, null, '{"a":1}', '{"a":2}', 'why',
        'trx-0001')`;

  const rows = async (at: Db) =>
    (
      await sql<{ id: number; target_type: string; after_json: string }>`
        select id, target_type, after_json from audit_log order by id`.execute(at.kysely)
    ).rows.map((r) => ({ ...r, id: Number(r.id) }));

  it('keeps the entries, takes a player as target, refuses an unknown one, and still refuses changes', async () => {
    db = await database.open({ migrateTo: '022-players' });
    for (const target of ['account', 'user', 'device']) await entry(target).execute(db.kysely);
    await expect(entry('player').execute(db.kysely)).rejects.toThrow();
    const before = await rows(db);
    expect(before.map((r) => r.target_type)).toEqual(['account', 'user', 'device']);

    await migrateToLatest(db);

    expect(await rows(db)).toEqual(before);
    await entry('player').execute(db.kysely);
    const after = await rows(db);
    // After the copied ids (PostgreSQL's sequence also spent one on the insert refused before).
    expect(after.at(-1)!.target_type).toBe('player');
    expect(after.at(-1)!.id).toBeGreaterThan(before.at(-1)!.id);
    await expect(entry('table').execute(db.kysely)).rejects.toThrow();
    await expect(sql`update audit_log set reason = 'rewritten'`.execute(db.kysely)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(db.kysely)).rejects.toThrow(/append-only/);
    expect(await rows(db)).toEqual(after);
  });
});
