// Statement reuse under Kysely: the SQLite statement cache and PostgreSQL named statements must give the
// same answers as fresh statements, stay bounded, and survive a table that changes under them.
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.js';
import { cachingStatements } from '../../src/db/sqlite.js';
import { postgresTestDatabase } from '../helpers/databases.js';

describe('SQLite statement cache', () => {
  const opened: SqliteDatabase.Database[] = [];
  afterEach(() => {
    for (const sqlite of opened.splice(0)) if (sqlite.open) sqlite.close();
  });

  function counted(capacity?: number) {
    const sqlite = new SqliteDatabase(':memory:');
    opened.push(sqlite);
    const prepared: string[] = [];
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((text: string) => {
      prepared.push(text);
      return prepare(text);
    }) as typeof sqlite.prepare;
    return { sqlite, prepared, cache: cachingStatements(sqlite, capacity) };
  }

  it('prepares each text once and answers like a fresh statement', async () => {
    const { prepared, cache } = counted();
    const db = new Kysely<{ t: { id: number; v: string } }>({
      dialect: new SqliteDialect({ database: cache }),
    });
    await sql`create table t (id integer primary key, v text)`.execute(db);
    for (let i = 1; i <= 5; i++)
      await db
        .insertInto('t')
        .values({ id: i, v: `v${i}` })
        .execute();
    const reads = [];
    for (let i = 1; i <= 5; i++)
      reads.push(await db.selectFrom('t').select('v').where('id', '=', i).execute());
    expect(reads.map((rows) => rows[0]?.v)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
    // create, one insert text, one select text
    expect(prepared).toHaveLength(3);
  });

  it('evicts the least recently used text beyond its capacity', () => {
    const { prepared, cache } = counted(2);
    cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1'); // now 'select 2' is the oldest
    cache.prepare('select 3'); // evicts 'select 2'
    cache.prepare('select 1');
    cache.prepare('select 2');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const { cache } = counted();
    const first = cache.prepare('select 1 as one union all select 2');
    const iterator = first.iterate([]);
    iterator.next();
    const second = cache.prepare('select 1 as one union all select 2');
    expect(second).not.toBe(first);
    expect(second.all([])).toHaveLength(2);
    iterator.return?.();
  });
});

describe.runIf(postgresTestDatabase)('PostgreSQL named statements', () => {
  let db: Db | null = null;
  afterEach(async () => {
    await db?.close();
    db = null;
  });

  it('prepares a parameterised query once per connection under a stable name', async () => {
    db = await postgresTestDatabase!.open({ poolSize: 1 });
    const k = db.kysely;
    for (let i = 0; i < 3; i++) {
      const rows = await k.selectFrom('accounts').select('id').where('id', '=', i).execute();
      expect(rows).toEqual([]);
    }
    const prepared = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements where statement like '%from "accounts"%'`.execute(k);
    expect(prepared.rows).toHaveLength(1);
    expect(prepared.rows[0]?.name).toMatch(/^k[A-Za-z0-9_-]{22}$/);
  });

  it('sends the query unnamed once a table change made its prepared plan stale', async () => {
    db = await postgresTestDatabase!.open({ poolSize: 1 });
    const k = db.kysely;
    const read = () => k.selectFrom('settings').selectAll().where('key', '=', 'x').execute();
    await read();
    // Another process adds a column: `select *` now has another result type than the prepared plan.
    await sql`alter table settings add column extra text`.execute(k);
    await expect(read()).rejects.toMatchObject({ code: '0A000' });
    await expect(read()).resolves.toEqual([]);
    await expect(read()).resolves.toEqual([]);
  });

  it('is off when asked, so the benchmark can compare', async () => {
    db = await postgresTestDatabase!.open({ poolSize: 1 });
    const url = process.env.TEST_DATABASE_URL!;
    const plain = openDatabase({ kind: 'postgres', url, poolSize: 1, preparedStatements: false });
    try {
      await sql`select ${1}::int as one`.execute(plain.kysely);
      const prepared = await sql<{ n: number }>`
        select count(*)::int as n from pg_prepared_statements`.execute(plain.kysely);
      expect(prepared.rows[0]?.n).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
