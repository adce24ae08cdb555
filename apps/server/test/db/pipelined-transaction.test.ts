// The ledger's pipelined transaction (db/pipelined-transaction.ts) on both databases: everything sent
// commits together, in the order sent, and any failure, awaited or not, leaves nothing behind.
import { CompiledQuery, sql } from 'kysely';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { testDatabases } from '../helpers/databases.js';

const insert = (db: Db, id: number) =>
  sql`insert into pipe_test (id, v) values (${id}, ${`v${id}`})`.compile(db.kysely);
const count = CompiledQuery.raw('select count(*) as n from pipe_test') as CompiledQuery<{
  n: number | string;
}>;

/** The writes the sockets make while `work` runs (pg's connections are net.Socket): one call each to the kernel. */
async function socketWritesOf(work: () => Promise<unknown>): Promise<number> {
  let writes = 0;
  const proto = net.Socket.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const spies = ['_write', '_writev'].map((method) => {
    const original = proto[method]!;
    return vi.spyOn(proto, method).mockImplementation(function (this: unknown, ...args: unknown[]) {
      writes += 1;
      return original.apply(this, args);
    });
  });
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return writes;
}

describe.each(testDatabases)('pipelined transaction on $name', (database) => {
  let db: Db;
  beforeAll(async () => {
    db = await database.open();
    await sql`create table pipe_test (id integer primary key, v text not null)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db.close();
  });

  const ids = async () =>
    (
      await db.kysely
        .selectFrom('pipe_test' as never)
        .select(sql<number>`id`.as('id'))
        .orderBy(sql`id`)
        .execute()
    ).map((row) => Number((row as { id: number }).id));
  const clear = () => sql`delete from pipe_test`.execute(db.kysely);

  it('commits what the work sent, statements still in flight when it returned included, in the order sent', async () => {
    await clear();
    const seen = await db.pipelined(async (pipe) => {
      void pipe.run(insert(db, 1));
      // Sent behind the insert without waiting for it: it must see the row.
      const counted = pipe.run(count);
      void pipe.run(insert(db, 2));
      return Number((await counted)[0]!.n);
    });
    expect(seen).toBe(1);
    expect(await ids()).toEqual([1, 2]);
  });

  it('rolls everything back when a statement nobody awaited fails, and says so', async () => {
    await clear();
    await expect(
      db.pipelined(async (pipe) => {
        void pipe.run(insert(db, 10));
        void pipe.run(insert(db, 10)); // the same primary key: fails
        void pipe.run(insert(db, 11));
      }),
    ).rejects.toThrow();
    expect(await ids()).toEqual([]);
  });

  it('rolls back the statements already answered when the work throws', async () => {
    await clear();
    await expect(
      db.pipelined(async (pipe) => {
        await pipe.run(insert(db, 20));
        throw new Error('refused after the first write');
      }),
    ).rejects.toThrow('refused after the first write');
    expect(await ids()).toEqual([]);
  });

  it('leaves its connections usable after a failure', async () => {
    await clear();
    for (let i = 0; i < 3; i++) {
      await db
        .pipelined(async (pipe) => {
          void pipe.run(CompiledQuery.raw('select * from no_such_table'));
        })
        .catch(() => undefined);
    }
    await Promise.all([30, 31, 32, 33].map((id) => db.pipelined((pipe) => pipe.run(insert(db, id)))));
    expect(await ids()).toEqual([30, 31, 32, 33]);
  });
  it.runIf(database.name === 'postgres')(
    "sends a round trip's statements in one write, not one each",
    async () => {
      await clear();
      const writes = await socketWritesOf(() =>
        db.pipelined(async (pipe) => {
          // begin, three inserts and a count go out in one turn of the event loop; the commit in another.
          for (const id of [1, 2, 3]) void pipe.run(insert(db, id));
          await pipe.run(count);
        }),
      );
      expect(await ids()).toEqual([1, 2, 3]);
      expect(writes).toBeLessThanOrEqual(2);
    },
  );

  it('reads together: each answer in the order asked, one failing read failing the call, the connection usable after', async () => {
    await clear();
    await db.pipelined((pipe) => pipe.run(insert(db, 40)));
    const byId = (id: number) =>
      sql<{ v: string }>`select v from pipe_test where id = ${id}`.compile(db.kysely);
    const [first, none, counted] = await db.readsTogether([byId(40), byId(41), count] as const);
    expect(first).toEqual([{ v: 'v40' }]);
    expect(none).toEqual([]);
    expect(Number(counted[0]!.n)).toBe(1);
    await expect(
      db.readsTogether([byId(40), CompiledQuery.raw('select * from no_such_table')] as const),
    ).rejects.toThrow();
    // Every connection came back to the pool, and answers the next reads.
    const again = await Promise.all(Array.from({ length: 12 }, () => db.readsTogether([byId(40)] as const)));
    expect(again.map(([rows]) => rows)).toEqual(Array(12).fill([{ v: 'v40' }]));
  });

  it.runIf(database.name === 'postgres')('sends reads together in one write', async () => {
    const writes = await socketWritesOf(() => db.readsTogether([count, count, count] as const));
    expect(writes).toBe(1);
  });
});
