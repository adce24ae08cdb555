// Migrating one schema while other schemas of the same PostgreSQL database come and go (db/migrate.ts
// againAfterOtherSchemaDropped): Kysely's Migrator lists every schema's tables before it takes its lock, and
// a schema dropped during that listing failed the migration of an unrelated one with `schema "…" does
// not exist`. Parallel test files, each with a schema of its own, did exactly that.
// SKIPPED without TEST_DATABASE_URL, as every PostgreSQL test; the error's reading runs everywhere.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { assertMigrated, isOtherSchemaGone } from '../../src/db/migrate.js';
import { adminClient, postgresTestDatabase } from '../helpers/databases.js';

const pgUrl = process.env.TEST_DATABASE_URL;

describe('which "schema does not exist" is another schema vanishing', () => {
  const gone = (schema: string) =>
    Object.assign(new Error(`schema "${schema}" does not exist`), { code: '3F000' });

  it('another schema gone: yes; this schema gone, another error, no error or no schema known: no', () => {
    expect(isOtherSchemaGone(gone('t_other'), 't_ours')).toBe(true);
    expect(isOtherSchemaGone(gone('t_ours'), 't_ours')).toBe(false);
    expect(isOtherSchemaGone(gone('t_other'), undefined)).toBe(false);
    const otherError = Object.assign(new Error('relation "t_other.x" does not exist'), { code: '42P01' });
    expect(isOtherSchemaGone(otherError, 't_ours')).toBe(false);
    expect(isOtherSchemaGone(undefined, 't_ours')).toBe(false);
    expect(isOtherSchemaGone('schema "t_other" does not exist', 't_ours')).toBe(false);
  });
});

describe.runIf(pgUrl && postgresTestDatabase)('migrations beside schemas dropped meanwhile', () => {
  const churned: string[] = [];
  afterAll(async () => {
    if (!pgUrl) return;
    const admin = adminClient(pgUrl);
    await admin.connect();
    for (const schema of churned) await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('migrates fresh schemas and reads them back while another connection creates and drops schemas', async () => {
    if (!pgUrl || !postgresTestDatabase) return;
    let stop = false;
    let dropped = 0;
    // Schemas with a table each, as a test file's are: the migrator's listing reads their columns.
    const churn = (async () => {
      const admin = adminClient(pgUrl);
      await admin.connect();
      try {
        while (!stop) {
          const schema = `t_churn_${randomBytes(6).toString('hex')}`;
          churned.push(schema);
          await admin.query(`create schema ${schema}; create table ${schema}.rows (id int)`);
          await admin.query(`drop schema ${schema} cascade`);
          dropped++;
          // A breath between drops: as often as parallel files drop theirs, and more, without starving the
          // migrations of the database's time.
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      } finally {
        await admin.end();
      }
    })();
    try {
      for (let i = 0; i < 8; i++) {
        const db = await postgresTestDatabase.open({ poolSize: 2 });
        try {
          await assertMigrated(db);
        } finally {
          await db.close();
        }
      }
    } finally {
      stop = true;
      await churn;
    }
    // The other connection really dropped schemas while the eight migrations ran.
    expect(dropped).toBeGreaterThan(8);
  });
});
