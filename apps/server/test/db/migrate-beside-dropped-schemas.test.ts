// Migrating one schema while other schemas of the same PostgreSQL database come and go (db/migrate.ts
// againAfterOtherSchemaDropped): Kysely's Migrator lists every schema's tables before it takes its lock, and
// a schema dropped during that listing failed the migration of an unrelated one with `schema "…" does
// not exist`. Parallel test files, each with a schema of its own, did exactly that.
// The churn runs in a database of its own. SKIPPED without TEST_DATABASE_URL, as every PostgreSQL test;
// the error's reading runs everywhere.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { assertMigrated, isOtherSchemaGone, migrateToLatest } from '../../src/db/migrate.js';
import { adminClient } from '../helpers/databases.js';
import { createPostgresDatabase, runAsAdmin, type TortureDatabase } from '../torture/fixture.js';

const pgUrl = process.env.TEST_DATABASE_URL;

describe('which "schema does not exist" is another schema vanishing', () => {
  const gone = (schema: string) =>
    Object.assign(new Error(`schema "${schema}" does not exist`), { code: '3F000' });

  const tableGone = (relation: string) =>
    Object.assign(new Error(`relation "${relation}" does not exist`), { code: '42P01' });

  it('another schema or a table of it gone: yes', () => {
    expect(isOtherSchemaGone(gone('t_other'), 't_ours')).toBe(true);
    expect(isOtherSchemaGone(tableGone('t_other.places'), 't_ours')).toBe(true);
  });

  it('this schema or its table gone, a table without its schema, another error, none, no schema known: no', () => {
    expect(isOtherSchemaGone(gone('t_ours'), 't_ours')).toBe(false);
    expect(isOtherSchemaGone(tableGone('t_ours.places'), 't_ours')).toBe(false);
    expect(isOtherSchemaGone(tableGone('places'), 't_ours')).toBe(false);
    expect(isOtherSchemaGone(gone('t_other'), undefined)).toBe(false);
    const syntax = Object.assign(new Error('schema "t_other" does not exist'), { code: '42601' });
    expect(isOtherSchemaGone(syntax, 't_ours')).toBe(false);
    expect(isOtherSchemaGone(undefined, 't_ours')).toBe(false);
    expect(isOtherSchemaGone('schema "t_other" does not exist', 't_ours')).toBe(false);
  });
});

describe.runIf(pgUrl)('migrations beside schemas dropped meanwhile', () => {
  // A database of its own: the schemas this test drops must not fail the other test files' migrations.
  let database: TortureDatabase | null = null;
  beforeAll(async () => {
    if (pgUrl) database = await createPostgresDatabase(pgUrl);
  });
  afterAll(() => database?.drop());

  it('migrates fresh schemas and reads them back while another connection creates and drops schemas', async () => {
    if (!database || !('DATABASE_URL' in database.serverEnv)) throw new Error('no database');
    const databaseUrl = database.serverEnv.DATABASE_URL;
    const inSchema = (schema: string) => {
      const url = new URL(databaseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return url.toString();
    };
    let stop = false;
    let dropped = 0;
    // Schemas with a table each, as a test file's are: the migrator's listing reads their columns.
    const churn = (async () => {
      const admin = adminClient(databaseUrl);
      await admin.connect();
      try {
        while (!stop) {
          const schema = `t_churn_${randomBytes(6).toString('hex')}`;
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
        const schema = `t_${randomBytes(6).toString('hex')}`;
        await runAsAdmin(databaseUrl, `create schema ${schema}`);
        const db = openDatabase({ kind: 'postgres', url: inSchema(schema), poolSize: 2 });
        try {
          await migrateToLatest(db);
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
