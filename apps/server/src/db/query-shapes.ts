// Compiled once, filled in every time: the ledger batch's statements have a few fixed shapes that differ only
// in their values and in how many there are, yet Kysely builds and compiles each one afresh (its
// operation-node tree, then the SQL text): 17% of the server's CPU on the game events path in a CPU profile
// of the server (BENCHMARKS.md, "Decisions and their figures"). A shape is built here once per key, with a
// placeholder in every value's place; afterwards a query of that shape is its SQL text with the values put
// where the placeholders came out.
import type { CompiledQuery } from 'kysely';
import { BoundedMap } from '../bounded-map.js';
import type { Executor } from './database.js';

/**
 * Shapes kept per database: one per key, and keys carry list lengths (up to the batch's size, per
 * statement), so a few hundred at most in use; the bound only stops an unusual spread growing memory.
 */
export const QUERY_SHAPES_PER_DATABASE = 1_000;

/** Stands in for a value while a shape is compiled; it comes out as the parameter it stands for. */
class Placeholder {
  constructor(readonly index: number) {}
}

/** A compiled shape: its text, and for each parameter the index of the value that fills it (or a constant). */
interface Shape {
  compiled: CompiledQuery;
  parameters: readonly ({ value: number } | { constant: unknown })[];
}

/** A plugin may look at the values (the tests' injected failures do): such a database compiles as it is. */
const hasPlugins = (db: Executor) => db.getExecutor().plugins.length > 0;

const shapesOf = new WeakMap<Executor, BoundedMap<string, Shape>>();

function compileShape(
  values: readonly unknown[],
  build: (placeholders: readonly unknown[]) => CompiledQuery,
) {
  const placeholders = values.map((_, index) => new Placeholder(index));
  const compiled = build(placeholders);
  const used = new Set<number>();
  const parameters = compiled.parameters.map((parameter) => {
    if (!(parameter instanceof Placeholder)) return { constant: parameter };
    used.add(parameter.index);
    return { value: parameter.index };
  });
  // A value left out of the parameters went into the text, or was dropped: the text would then not fit
  // other values, so such a shape must not be cached.
  if (used.size !== values.length) {
    throw new Error(`a query shape used ${used.size} of its ${values.length} values as parameters`);
  }
  return { compiled, parameters };
}

/**
 * The query `build` makes from `values`, compiled once per `key` and database. `build` gets a placeholder
 * for each value and must put every one where a value goes (a parameter), and nothing in the query may
 * depend on the values but through them: the key names everything else that shapes the text (which query,
 * list lengths, which columns). A database with Kysely plugins compiles every query afresh.
 */
export function shapedStatement<R>(
  db: Executor,
  key: string,
  values: readonly unknown[],
  build: (placeholders: readonly unknown[]) => CompiledQuery<R>,
): CompiledQuery<R> {
  if (hasPlugins(db)) return build(values);
  let shapes = shapesOf.get(db);
  if (!shapes) {
    shapes = new BoundedMap(QUERY_SHAPES_PER_DATABASE);
    shapesOf.set(db, shapes);
  }
  let shape = shapes.get(key);
  if (!shape) {
    shape = compileShape(values, build as (placeholders: readonly unknown[]) => CompiledQuery);
    shapes.set(key, shape);
  }
  const { compiled, parameters } = shape;
  return {
    ...compiled,
    parameters: parameters.map((p) => ('value' in p ? values[p.value] : p.constant)),
  } as CompiledQuery<R>;
}

/** The columns a row sets (Kysely leaves out a key whose value is undefined). */
function columnsOf(row: object): string[] {
  return Object.entries(row)
    .filter(([, value]) => value !== undefined)
    .map(([column]) => column);
}

/**
 * shapedStatement for a statement over a list of rows (a multi-row insert, a list of updates): the shape is
 * keyed by `name`, the number of rows and the columns they set. Rows that do not all set the same columns
 * fit no one shape and are compiled by Kysely as they are.
 */
export function shapedRowsStatement<Row extends object, R>(
  db: Executor,
  name: string,
  rows: readonly Row[],
  build: (rows: readonly Row[]) => CompiledQuery<R>,
): CompiledQuery<R> {
  if (hasPlugins(db)) return build(rows);
  const columns = columnsOf(rows[0]!);
  const set = columns.join(',');
  for (let i = 1; i < rows.length; i++) if (columnsOf(rows[i]!).join(',') !== set) return build(rows);
  const width = columns.length;
  const values = rows.flatMap((row) => columns.map((column) => (row as Record<string, unknown>)[column]));
  return shapedStatement(db, `${name}/${rows.length}/${set}`, values, (placeholders) =>
    build(
      rows.map(
        (_, r) =>
          Object.fromEntries(columns.map((column, c) => [column, placeholders[r * width + c]])) as Row,
      ),
    ),
  );
}
