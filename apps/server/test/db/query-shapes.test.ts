// Compiled once, filled in every time (db/query-shapes.ts): a query of a cached shape is the very text and
// parameters Kysely would have compiled from the same values, on both dialects, whatever the values.
import fc from 'fast-check';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { shapedStatement, shapedRowsStatement } from '../../src/db/query-shapes.js';
import type { Database } from '../../src/db/schema.js';

/** A Kysely that compiles for `dialect` and never connects. */
function compilerFor(dialect: 'postgres' | 'sqlite'): Kysely<Database> {
  const pg = dialect === 'postgres';
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => (pg ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (pg ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (pg ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
}

const textAndParameters = (q: CompiledQuery) => ({ sql: q.sql, parameters: q.parameters });

interface Entry {
  account_id: number;
  line: string;
  amount_cents: number;
  device_id: number | null;
  note: string | null;
}

const entry = fc.record({
  account_id: fc.integer({ min: 1, max: 2 ** 40 }),
  line: fc.constantFrom('float', 'entries', 'promotion'),
  amount_cents: fc.maxSafeInteger(),
  device_id: fc.option(fc.integer({ min: 1, max: 1_000 })),
  note: fc.option(fc.string()),
});

describe.each(['postgres', 'sqlite'] as const)('query shapes on %s', (dialect) => {
  // Shapes are kept per database: a fresh one per property run starts with nothing cached.
  const insert = (db: Kysely<Database>) => (rows: readonly Entry[]) =>
    db
      .insertInto('ledger_entries' as never)
      .values(rows as never)
      .returning(['id' as never])
      .compile();
  const select = (db: Kysely<Database>) => (placeholders: readonly unknown[]) =>
    db
      .selectFrom('accounts')
      .selectAll()
      .where('id', 'in', placeholders as number[])
      .orderBy('id')
      .limit(5)
      .compile();

  it('fills a cached multi-row shape with other rows exactly as Kysely compiles them', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 8 }), fc.nat(), (rows, seed) => {
        const db = compilerFor(dialect);
        // The shape is first compiled from other rows of the same count and columns.
        const first = rows.map((row, i) => ({ ...row, amount_cents: seed + i, note: `n${i}` }));
        shapedRowsStatement(db, 'entries', first, insert(db));
        const shaped = shapedRowsStatement(db, 'entries', rows, insert(db));
        expect(textAndParameters(shaped)).toEqual(textAndParameters(insert(db)(rows)));
      }),
      { numRuns: 200 },
    );
  });

  it('fills a cached list shape, constants (a limit) kept', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1 }), { minLength: 1, maxLength: 8 }), (ids) => {
        const db = compilerFor(dialect);
        shapedStatement(
          db,
          `accounts/${ids.length}`,
          ids.map((id) => id + 1),
          select(db),
        );
        const shaped = shapedStatement(db, `accounts/${ids.length}`, ids, select(db));
        expect(textAndParameters(shaped)).toEqual(textAndParameters(select(db)(ids)));
        expect(shaped.parameters.at(-1)).toBe(5);
      }),
    );
  });

  it('compiles rows that set different columns as they are, never through one shape', () => {
    const db = compilerFor(dialect);
    const rows = [
      { account_id: 1, line: 'float', amount_cents: 5, device_id: 3, note: null },
      { account_id: 1, line: 'float', amount_cents: 5, device_id: undefined, note: null },
    ] as unknown as Entry[];
    const shaped = shapedRowsStatement(db, 'entries', rows, insert(db));
    expect(textAndParameters(shaped)).toEqual(textAndParameters(insert(db)(rows)));
    // The missing value is in the text (DEFAULT on PostgreSQL, null on SQLite): no shape of two rows fits.
    const uniform = shapedRowsStatement(db, 'entries', [rows[0]!, rows[0]!], insert(db));
    expect(shaped.sql).not.toBe(uniform.sql);
  });

  it('refuses a shape that puts a value into its text, where another value would not fit', () => {
    const db = compilerFor(dialect);
    const literal = (values: readonly unknown[]) =>
      sql`select ${sql.lit(String(values[0]))} as v, ${values[1]} as w`.compile(db);
    expect(() => shapedStatement(db, 'literal', ['a', 'b'], literal)).toThrow(/used 1 of its 2 values/);
  });

  it('keeps shapes apart by key and by database', () => {
    const one = compilerFor(dialect);
    const other = compilerFor(dialect);
    const a = shapedStatement(one, 'accounts/2', [1, 2], select(one));
    const b = shapedStatement(other, 'accounts/2', [3, 4], select(other));
    expect(a.parameters.slice(0, 2)).toEqual([1, 2]);
    expect(b.parameters.slice(0, 2)).toEqual([3, 4]);
  });
});
