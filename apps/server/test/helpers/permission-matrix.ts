// The parts every permission matrix shares: what a cell expects, reading a 200 body against the
// contract's schema, the cells (every route row against every caller) and the call a cell makes.
import { expect } from 'vitest';
import type { z } from 'zod';
import type { TestClient } from './server.js';

export interface Expected<F> {
  status: number;
  body?: unknown;
  /** Reads a 200 body: the shape of the contract and what this caller may see in it. */
  check?: (body: unknown, f: F) => void;
}

/** A `check` that parses the body with a contract schema, then looks further with `more`. */
export const shape =
  <F>() =>
  <S extends z.ZodType>(schema: S, more?: (parsed: z.output<S>, f: F) => void) =>
  (body: unknown, f: F) => {
    more?.(schema.parse(body), f);
  };

export interface MatrixRow<F> {
  route: string;
  method: 'GET' | 'POST';
  path: (f: F) => string | Promise<string>;
  body?: (f: F) => unknown;
  headers?: (f: F) => Record<string, string>;
}

/** Every row against every caller, named `METHOD /path by caller: status`. */
export function matrixCells<R extends MatrixRow<F>, F, C extends string>(
  rows: readonly R[],
  callers: readonly C[],
  expectedFor: (row: R, caller: C) => Expected<F>,
) {
  return rows.flatMap((row) =>
    callers.map((caller) => {
      const expected = expectedFor(row, caller);
      return { name: `${row.route} by ${caller}: ${expected.status}`, row, caller, expected };
    }),
  );
}

/** Makes a cell's call as `client` and checks its answer. */
export async function expectCell<F>(client: TestClient, row: MatrixRow<F>, expected: Expected<F>, f: F) {
  const body = row.body ? await row.body(f) : undefined;
  const headers = row.headers?.(f) ?? {};
  const res = await client.request(
    row.method,
    await row.path(f),
    body === undefined ? { headers } : { json: body, headers },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
  if (expected.body !== undefined) expect(res.body).toEqual(expected.body);
  expected.check?.(res.body, f);
}
