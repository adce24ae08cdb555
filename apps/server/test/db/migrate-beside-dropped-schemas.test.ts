// Migrating one schema while other schemas of the same PostgreSQL database come and go, and their tables
// change (db/current-schema-introspector.ts): Kysely's Migrator asks whether its tables exist before it
// takes its lock, and Kysely's own introspection listed every schema's tables to answer. A schema dropped
// or a column altered during that listing failed the migration of an unrelated schema (`schema "…" does
// not exist`, `relation "….t" does not exist`, `column "c" of relation "t" does not exist`). Parallel
// test files, each with a schema of its own, did exactly that.
// The churn runs in a database of its own. SKIPPED without TEST_DATABASE_URL, as every PostgreSQL test.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { assertMigrated, migrateToLatest } from '../../src/db/migrate.js';
import { adminClient } from '../helpers/databases.js';
import { createPostgresDatabase, runAsAdmin, type TortureDatabase } from '../torture/fixture.js';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl)('migrations beside other schemas of the same PostgreSQL database', () => {
  // A database of its own: the schemas this test drops must not fail the other test files' migrations.
  let database: TortureDatabase | null = null;
  beforeAll(async () => {
    if (pgUrl) database = await createPostgresDatabase(pgUrl);
  });
  afterAll(() => database?.drop());

  const urlOfDatabase = () => {
    if (!database || !('DATABASE_URL' in database.serverEnv)) throw new Error('no database');
    return database.serverEnv.DATABASE_URL;
  };
  const inSchema = (schema: string) => {
    const url = new URL(urlOfDatabase());
    url.searchParams.set('options', `-c search_path=${schema}`);
    return url.toString();
  };

  it('migrates fresh schemas and reads them back while another connection creates and drops schemas', async () => {
    const databaseUrl = urlOfDatabase();
    let stop = false;
    let dropped = 0;
    // Schemas with a table each, as a test file's are, whose columns change as a migration changes them:
    // Kysely's listing read every schema's columns and serial sequences.
    const churn = (async () => {
      const admin = adminClient(databaseUrl);
      await admin.connect();
      try {
        while (!stop) {
          const schema = `t_churn_${randomBytes(6).toString('hex')}`;
          await admin.query(
            `create schema ${schema}; create table ${schema}.rows (id serial, home_play int)`,
          );
          await admin.query(`alter table ${schema}.rows rename column home_play to home`);
          await admin.query(`alter table ${schema}.rows drop column home`);
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

  it("lists its own schema's tables and columns in its introspection, not another schema's", async () => {
    await runAsAdmin(urlOfDatabase(), 'create schema t_ours; create schema t_theirs');
    await runAsAdmin(urlOfDatabase(), 'create table t_theirs.places (id serial, theirs int)');
    const db = openDatabase({ kind: 'postgres', url: inSchema('t_ours'), poolSize: 1 });
    try {
      await migrateToLatest(db);
      const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set(['t_ours']));
      const places = tables.find((t) => t.name === 'places');
      expect(places?.columns.map((c) => c.name)).not.toContain('theirs');
      expect(places?.columns.find((c) => c.name === 'username')).toMatchObject({
        dataType: 'text',
        isNullable: false,
        hasDefaultValue: true,
        isAutoIncrementing: false,
      });
      const devices = tables.find((t) => t.name === 'devices');
      expect(devices?.columns.find((c) => c.name === 'id')).toMatchObject({ isAutoIncrementing: true });
      expect(tables.map((t) => t.name)).toContain('kysely_migration');
      const withoutKysely = await db.kysely.introspection.getTables();
      expect(withoutKysely.map((t) => t.name)).not.toContain('kysely_migration');
      expect(await db.kysely.introspection.getSchemas()).toEqual([{ name: 't_ours' }]);
    } finally {
      await db.close();
    }
  });
});
