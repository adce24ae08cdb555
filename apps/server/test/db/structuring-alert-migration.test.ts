// Migration 023 (the structuring alert's kind) over a database with alerts from before it: the CHECK on
// `alerts.kind` takes `structuring` and still refuses a kind nobody raises; the alerts already there keep
// their ids and fields, the one-open-per-key index still holds, and no id is handed out again (SQLite
// builds the table again; PostgreSQL only swaps the constraint).
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { testDatabases } from '../helpers/databases.js';

describe.each(testDatabases)('migration 023-structuring-alert on $name', (database) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  const alert = (accountId: number, kind: string, subject: string, cleared: number | null = null) =>
    sql<{ id: number }>`insert into alerts (account_id, kind, subject, details, started_at_ms, cleared_at_ms)
      values (${accountId}, ${kind}, ${subject}, 'details', 1000, ${cleared}) returning id`;

  it('lets a structuring alert in, keeps the alerts of before, and still refuses an unknown kind', async () => {
    db = await database.open({ migrateTo: '022-players' });
    const at = db;
    const account = await sql<{ id: number }>`insert into accounts (name, currency, balance_cents,
        overdraft_cents, has_overdraft, home_play, min_amount_cents, max_amount_cents, created_at_ms)
      values ('Old venue', 'EUR', 0, 0, 0, 0, 1, 100000, 0) returning id`.execute(at.kysely);
    const accountId = Number(account.rows[0]!.id);
    await expect(alert(accountId, 'structuring', 'player:1').execute(at.kysely)).rejects.toThrow();
    await alert(accountId, 'float_low', `account:${accountId}`).execute(at.kysely);
    await alert(accountId, 'device_silent', 'device:7', 2000).execute(at.kysely);
    const last = await alert(accountId, 'withdrawals_hour', `account:${accountId}`).execute(at.kysely);
    // The highest id goes: it must not be handed out again after the migration.
    await sql`delete from alerts where id = ${last.rows[0]!.id}`.execute(at.kysely);
    const before = await at.kysely.selectFrom('alerts').selectAll().orderBy('id').execute();

    await migrateToLatest(at);

    expect(await at.kysely.selectFrom('alerts').selectAll().orderBy('id').execute()).toEqual(before);
    const raised = await alert(accountId, 'structuring', 'player:1').execute(at.kysely);
    expect(Number(raised.rows[0]!.id)).toBe(Number(last.rows[0]!.id) + 1);
    await expect(alert(accountId, 'bogus', 'player:1').execute(at.kysely)).rejects.toThrow();
    // One open alert per (venue, kind, subject); a cleared one does not count.
    await expect(alert(accountId, 'float_low', `account:${accountId}`).execute(at.kysely)).rejects.toThrow();
    await alert(accountId, 'device_silent', 'device:7').execute(at.kysely);
  });
});
