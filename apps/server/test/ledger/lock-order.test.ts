// The one global lock order that keeps concurrent ledger batches (two lanes, two server processes) from
// deadlocking on PostgreSQL: accounts by id, then places by (device, place), then open shifts by user.
// PostgreSQL locks the rows of a SELECT ... FOR ... in the order they come out, so the order is the
// statement's ORDER BY, whatever order the batch listed the keys in (places locked unsorted once
// passed every test). SQLite has one writer and takes no row locks: the statements stay plain.
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { lockAccountsStatement, lockPlacesStatement } from '../../src/ledger/ledger.repository.js';
import { openShiftsStatement } from '../../src/shifts/cash-call-shift.js';

// Compiling needs no connection: these instances never run a statement.
const postgres = new Kysely<Database>({ dialect: new PostgresDialect({ pool: {} as never }) });
const sqlite = new Kysely<Database>({ dialect: new SqliteDialect({ database: {} as never }) });

/** The statement's text from its ORDER BY on, the part that sets the lock order and strength. */
const tail = (sql: string) => sql.slice(sql.indexOf(' order by '));

describe('the lock order of a ledger batch on PostgreSQL', () => {
  it('locks accounts by ascending id, listed in any order', () => {
    const query = lockAccountsStatement(postgres, 'postgres', [9, 2, 5]);
    expect(tail(query.sql)).toBe(' order by "id" for no key update');
  });

  it('locks places by device, then place, listed in any order', () => {
    const keys = [
      { device_id: 9, place: 1 },
      { device_id: 2, place: 3 },
      { device_id: 2, place: 1 },
    ];
    const query = lockPlacesStatement(postgres, 'postgres', keys);
    expect(tail(query.sql)).toBe(' order by "device_id", "place" for no key update');
  });

  it("holds the cashiers' open shifts for share, by user", () => {
    const query = openShiftsStatement(postgres, 'postgres', [9, 2]);
    expect(tail(query.sql)).toBe(' order by "user_id" for share');
  });

  it('takes no row lock on SQLite (its write lock from BEGIN IMMEDIATE covers the batch)', () => {
    expect(lockPlacesStatement(sqlite, 'sqlite', [{ device_id: 1, place: 1 }]).sql).not.toMatch(/ for /);
    expect(lockAccountsStatement(sqlite, 'sqlite', [1]).sql).not.toMatch(/ for /);
  });
});
