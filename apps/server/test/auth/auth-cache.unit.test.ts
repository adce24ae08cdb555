// The auth cache's own rules, without a server (src/auth/auth-cache.ts): what a NOTIFY payload may say,
// what a revocation forgets, that on PostgreSQL nothing is served or stored while no listener is up, and
// the entry bound. auth-cache.test.ts holds the same rules over HTTP on both databases, and
// auth-cache-processes.test.ts across processes; this file reaches the PostgreSQL-only branches in a
// SQLite-only run (`npm run mutation`).
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
} from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACK_WAIT_MS,
  AuthCache,
  revokingTransaction,
  MAX_ENTRIES,
  parseRevocation,
  type SignedIn,
} from '../../src/auth/auth-cache.js';
import type { SessionRow } from '../../src/auth/sessions.repository.js';
import type { Db, Executor } from '../../src/db/database.js';
import type { Database, UserRow } from '../../src/db/schema.js';
import { REVOCATIONS_CHANNEL } from '../../src/live/pg-change-feed.js';

function signedIn(userId: number, lastSeenMs = 1_000): SignedIn {
  return {
    session: { user_id: userId, last_seen_at_ms: lastSeenMs } as SessionRow,
    user: { id: userId } as UserRow,
  };
}

/** A PostgreSQL cache with its listener up, as pg-change-feed.ts leaves it once LISTEN has answered. */
function listeningCache(): AuthCache {
  const cache = new AuthCache('postgres');
  cache.attachListener(() => undefined);
  cache.listenerUp();
  return cache;
}

/**
 * A PostgreSQL-speaking Kysely that sends nothing anywhere: it records each query and answers the
 * listening-process count `listening` for settle's count of pg_stat_activity. A query whose text holds
 * `failing` fails, as on an aborted transaction.
 */
function recordingPostgres(listening: number, failing?: string): { db: Executor; queries: CompiledQuery[] } {
  const queries: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      queries.push(query);
      if (failing !== undefined && query.sql.includes(failing)) {
        throw new Error('current transaction is aborted, commands ignored until end of transaction block');
      }
      const rows = query.sql.includes('pg_stat_activity') ? [{ n: listening }] : [];
      return { rows: rows as R[] };
    },
    // eslint-disable-next-line require-yield -- no query here streams
    async *streamQuery() {
      throw new Error('not used');
    },
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createDriver: () => ({
        init: async () => undefined,
        acquireConnection: async () => connection,
        beginTransaction: async () => undefined,
        commitTransaction: async () => undefined,
        rollbackTransaction: async () => undefined,
        releaseConnection: async () => undefined,
        destroy: async () => undefined,
      }),
    },
  });
  return { db, queries };
}

describe('a revocation NOTIFY payload (parseRevocation)', () => {
  it('reads each kind of revocation, with its nonce and schema', () => {
    expect(parseRevocation('{"session":"abc","nonce":"n1","schema":"s1"}')).toEqual({
      revocation: { session: 'abc' },
      nonce: 'n1',
      schema: 's1',
    });
    expect(parseRevocation('{"user":7,"schema":"s1"}')).toEqual({ revocation: { user: 7 }, schema: 's1' });
    expect(parseRevocation('{"device":9,"nonce":"n2"}')).toEqual({ revocation: { device: 9 }, nonce: 'n2' });
    expect(parseRevocation('{"all":true}')).toEqual({ revocation: { all: true } });
  });

  it('takes the first kind a payload names, in the order session, user, device, all', () => {
    expect(parseRevocation('{"session":"abc","user":7,"all":true}')?.revocation).toEqual({ session: 'abc' });
    expect(parseRevocation('{"user":7,"device":9,"all":true}')?.revocation).toEqual({ user: 7 });
    expect(parseRevocation('{"device":9,"all":true}')?.revocation).toEqual({ device: 9 });
  });

  it('leaves out a nonce or schema that is not text', () => {
    expect(parseRevocation('{"user":7,"nonce":5,"schema":null}')).toEqual({ revocation: { user: 7 } });
  });

  it('ignores anything else on the channel', () => {
    for (const payload of [
      undefined,
      '',
      'not json',
      'null',
      '42',
      '"session"',
      '[]',
      '{}',
      '{"session":5}',
      '{"user":"7"}',
      '{"user":1.5}',
      '{"user":9007199254740993}',
      '{"device":null}',
      '{"all":"true"}',
      '{"all":1}',
      '{"nonce":"n1","schema":"s1"}',
    ]) {
      expect(parseRevocation(payload), String(payload)).toBeNull();
    }
  });
});

describe('the auth cache fed by change feeds (the multi-process database)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves and stores nothing until a listener is up, then serves what it stored', () => {
    const cache = new AuthCache('postgres');
    expect(cache.ticket()).toBeNull();
    cache.storeSession(0, 'hash', signedIn(1));
    cache.storeDevice(0, 'device-hash', 3);
    expect(cache.size).toMatchObject({ sessions: 0, devices: 0 });

    cache.attachListener(() => undefined);
    cache.listenerUp();
    const ticket = cache.ticket();
    expect(ticket).not.toBeNull();
    cache.storeSession(ticket, 'hash', signedIn(1));
    cache.storeDevice(ticket, 'device-hash', 3);
    expect(cache.session('hash')?.user.id).toBe(1);
    expect(cache.device('device-hash')).toBe(3);
  });

  it('does not store what was read under a ticket taken before a revocation or a new listener', () => {
    const cache = listeningCache();
    const beforeRevocation = cache.ticket();
    cache.forget({ session: 'other' });
    cache.storeSession(beforeRevocation, 'hash', signedIn(1));
    expect(cache.session('hash')).toBeUndefined();

    const beforeListener = cache.ticket();
    cache.listenerUp();
    cache.storeDevice(beforeListener, 'device-hash', 3);
    expect(cache.device('device-hash')).toBeUndefined();
    // Nor after a further revocation: tickets only ever move forward.
    cache.forget({ device: 99 });
    cache.storeDevice(beforeListener, 'device-hash', 3);
    expect(cache.device('device-hash')).toBeUndefined();
  });

  it('freezes a stored session, so no request can change it for the others', () => {
    const cache = listeningCache();
    cache.storeSession(cache.ticket(), 'hash', signedIn(1));
    const entry = cache.session('hash')!;
    expect(Object.isFrozen(entry.session)).toBe(true);
    expect(Object.isFrozen(entry.user)).toBe(true);
  });

  it('asks its change feeds to connect while it is off, at most once a second', () => {
    vi.useFakeTimers({ now: 100_000 });
    const connect = vi.fn();
    const cache = new AuthCache('postgres');
    const detach = cache.attachListener(connect);
    expect(connect).toHaveBeenCalledTimes(1); // at once

    cache.session('hash');
    expect(connect).toHaveBeenCalledTimes(2);
    cache.session('hash');
    cache.device('hash');
    vi.advanceTimersByTime(999);
    cache.ticket();
    expect(connect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    cache.session('hash');
    expect(connect).toHaveBeenCalledTimes(3);

    cache.listenerUp();
    vi.advanceTimersByTime(5_000);
    cache.session('hash');
    expect(connect).toHaveBeenCalledTimes(3); // listening: nothing to ask

    detach();
    cache.listenerLost();
    vi.advanceTimersByTime(5_000);
    cache.session('hash');
    expect(connect).toHaveBeenCalledTimes(3); // a closed feed is not asked
  });

  it('forgets what a NOTIFY of its own schema names, and answers the nonce to acknowledge', () => {
    const cache = listeningCache();
    const ticket = cache.ticket();
    cache.storeSession(ticket, 'a', signedIn(1));
    cache.storeSession(ticket, 'b', signedIn(2));
    cache.storeSession(ticket, 'c', signedIn(2));
    cache.storeDevice(ticket, 'd1', 10);
    cache.storeDevice(ticket, 'd2', 11);

    expect(cache.received('{"session":"a","nonce":"n1","schema":"other"}', 'mine')).toBeNull();
    expect(cache.received('{"session":"a","nonce":"n1"}', 'mine')).toBeNull();
    expect(cache.session('a')).toBeDefined();

    expect(cache.received('{"session":"a","nonce":"n1","schema":"mine"}', 'mine')).toBe('n1');
    expect(cache.session('a')).toBeUndefined();
    expect(cache.size).toMatchObject({ sessions: 2, devices: 2 });

    expect(cache.received('{"user":2,"schema":"mine"}', 'mine')).toBeNull(); // no nonce: nobody counts
    expect(cache.size).toMatchObject({ sessions: 0, devices: 2 });

    cache.received('{"device":10,"schema":"mine"}', 'mine');
    expect(cache.device('d1')).toBeUndefined();
    expect(cache.device('d2')).toBe(11);

    cache.storeSession(cache.ticket(), 'e', signedIn(3));
    cache.received('{"all":true,"schema":"mine"}', 'mine');
    expect(cache.size).toMatchObject({ sessions: 0, devices: 0 });
    expect(cache.received('nonsense', 'mine')).toBeNull();
  });

  it('forgets a user revocation only for that user', () => {
    const cache = listeningCache();
    const ticket = cache.ticket();
    cache.storeSession(ticket, 'a', signedIn(1));
    cache.storeSession(ticket, 'b', signedIn(2));
    cache.forget({ user: 1 });
    expect(cache.session('a')).toBeUndefined();
    expect(cache.session('b')?.user.id).toBe(2);
  });

  it('empties and turns off when its last listener is lost, and serves again once one is up', async () => {
    const cache = listeningCache();
    cache.listenerUp(); // a second feed of the same cache
    cache.storeSession(cache.ticket(), 'a', signedIn(1));

    cache.listenerLost();
    expect(cache.size).toMatchObject({ sessions: 0, devices: 0 }); // revocations may have been missed
    cache.storeSession(cache.ticket(), 'a', signedIn(1));
    expect(cache.session('a')?.user.id).toBe(1); // the other listener still hears them

    const { db } = recordingPostgres(1);
    await cache.announce(db, { user: 1 }); // a writer that has not started waiting yet
    expect(() => cache.listenerLost()).not.toThrow();
    expect(cache.ticket()).toBeNull();
    expect(cache.session('a')).toBeUndefined();
    cache.listenerLost(); // a further loss does not make the count negative
    cache.listenerUp();
    expect(cache.ticket()).not.toBeNull();
  });

  it('records a use of a session and drops an entry, and leaves other entries alone', () => {
    const cache = listeningCache();
    cache.storeSession(cache.ticket(), 'a', signedIn(1, 1_000));
    cache.touched('a', 5_000);
    expect(cache.session('a')?.session.last_seen_at_ms).toBe(5_000);
    expect(Object.isFrozen(cache.session('a')!.session)).toBe(true);
    cache.touched('missing', 5_000);
    expect(cache.session('missing')).toBeUndefined();
    cache.drop('a');
    expect(cache.session('a')).toBeUndefined();
  });
});

describe('the auth cache of the embedded database file', () => {
  it('empties when another connection (an operator CLI) has committed to the file', () => {
    let version = 1;
    const cache = new AuthCache('sqlite', () => version);
    cache.storeSession(cache.ticket(), 'a', signedIn(1));
    expect(cache.session('a')?.user.id).toBe(1);

    const ticket = cache.ticket();
    version = 2;
    expect(cache.session('a')).toBeUndefined();
    cache.storeSession(ticket, 'b', signedIn(2)); // read before that commit: not stored
    expect(cache.size.sessions).toBe(0);
  });

  it('serves what it stored when it has no way to read the file (an in-memory database)', () => {
    const cache = new AuthCache('sqlite');
    cache.storeSession(cache.ticket(), 'a', signedIn(1));
    expect(cache.session('a')?.user.id).toBe(1);
  });
});

describe('the bound on entries', () => {
  it(`keeps at most ${MAX_ENTRIES} sessions and devices, forgetting the oldest first`, () => {
    const cache = listeningCache();
    const ticket = cache.ticket();
    for (let i = 0; i <= MAX_ENTRIES; i += 1) {
      cache.storeSession(ticket, `s${i}`, signedIn(1));
      cache.storeDevice(ticket, `d${i}`, i);
    }
    expect(cache.size).toMatchObject({ sessions: MAX_ENTRIES, devices: MAX_ENTRIES });
    expect(cache.session('s0')).toBeUndefined();
    expect(cache.session('s1')).toBeDefined();
    expect(cache.device('d0')).toBeUndefined();
    expect(cache.device(`d${MAX_ENTRIES}`)).toBe(MAX_ENTRIES);

    // Storing a key again makes it the newest: it outlives the ones stored after it first.
    cache.storeDevice(ticket, 'd1', 1);
    cache.storeDevice(ticket, 'new', -1);
    expect(cache.device('d1')).toBe(1);
    expect(cache.device('d2')).toBeUndefined();
  });
});

describe('announcing a revocation and waiting for the other processes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('forgets at once and NOTIFYs every process with a nonce to acknowledge', async () => {
    const cache = listeningCache();
    cache.storeSession(cache.ticket(), 'a', signedIn(1));
    const { db, queries } = recordingPostgres(0);
    const announced = await cache.announce(db, { session: 'a' });
    expect(cache.session('a')).toBeUndefined();
    expect(announced.nonce).toMatch(/^[\w-]{12}$/);
    expect(queries).toHaveLength(1);
    expect(queries[0]!.sql).toContain('pg_notify');
    expect(queries[0]!.parameters).toEqual([
      REVOCATIONS_CHANNEL,
      JSON.stringify({ session: 'a', nonce: announced.nonce }),
    ]);
    // A second announcement has a nonce of its own.
    expect((await cache.announce(db, { user: 1 })).nonce).not.toBe(announced.nonce);
  });

  it('announces nothing to wait for while no listener is up, and nothing at all on the embedded database', async () => {
    const { db, queries } = recordingPostgres(1);
    const off = new AuthCache('postgres');
    expect((await off.announce(db, { user: 1 })).nonce).toBeNull();
    expect(queries).toHaveLength(1); // still NOTIFYd: the other processes may be listening
    const embedded = new AuthCache('sqlite');
    expect(await embedded.announce(db, { user: 1 })).toEqual({ revocation: { user: 1 }, nonce: null });
    expect(queries).toHaveLength(1);
  });

  it('answers the writer once every listening process has acknowledged', async () => {
    const cache = listeningCache();
    const { db, queries } = recordingPostgres(2);
    const announced = await cache.announce(db, { device: 3 });
    cache.acknowledged(announced.nonce!); // an acknowledgement may come before the writer settles
    let settled = false;
    const settling = cache.settle(db, [announced], true).then(() => (settled = true));
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]!.sql).toContain('pg_stat_activity');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    cache.acknowledged('another nonce');
    cache.acknowledged(announced.nonce!);
    // At once, not at the deadline (ACK_WAIT_MS).
    await vi.waitFor(() => expect(settled).toBe(true), { timeout: ACK_WAIT_MS / 4, interval: 5 });
    await settling;
    cache.acknowledged(announced.nonce!); // late: nobody counts it any more
  });

  it(`answers anyway after ${ACK_WAIT_MS} ms, or at once when its last listener is lost`, async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const cache = listeningCache();
    const { db } = recordingPostgres(1);
    const first = await cache.announce(db, { user: 1 });
    let settled = false;
    const settling = cache.settle(db, [first], true).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(ACK_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settling;

    const second = await cache.announce(db, { user: 2 });
    settled = false;
    const waiting = cache.settle(db, [second], true).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    cache.listenerLost(); // nobody can hear acknowledgements now
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    await waiting;
  });

  it('forgets again after the transaction, and waits for nobody after a rollback', async () => {
    const cache = listeningCache();
    const { db, queries } = recordingPostgres(3);
    const announced = await cache.announce(db, { session: 'a' });
    cache.storeSession(cache.ticket(), 'a', signedIn(1)); // read the old state before the commit
    await cache.settle(db, [announced], false);
    expect(cache.session('a')).toBeUndefined();
    expect(queries).toHaveLength(1); // no count of listeners: nothing to wait for
  });

  it('keeps no tag of a writer that has answered', async () => {
    const cache = listeningCache();
    const { db } = recordingPostgres(0);
    const announced = await cache.announce(db, { user: 1 });
    expect(cache.size.awaitedAcknowledgements).toBe(1);
    await cache.settle(db, [announced], true);
    expect(cache.size.awaitedAcknowledgements).toBe(0);
  });

  it('keeps no tag of an announcement whose NOTIFY failed, and has forgotten all the same', async () => {
    const cache = listeningCache();
    cache.storeSession(cache.ticket(), 'a', signedIn(1));
    const { db } = recordingPostgres(1, 'pg_notify');
    await expect(cache.announce(db, { session: 'a' })).rejects.toThrow('aborted');
    expect(cache.size.awaitedAcknowledgements).toBe(0);
    expect(cache.session('a')).toBeUndefined();
  });
});

describe('a revoking transaction', () => {
  function postgresDb(listening: number) {
    const cache = listeningCache();
    const { db: kysely, queries } = recordingPostgres(listening);
    return { db: { kysely, dialect: 'postgres' } as unknown as Db, cache, queries };
  }
  const waitsForListeners = (queries: CompiledQuery[]) =>
    queries.some((q) => q.sql.includes('pg_stat_activity'));

  it('answers once every listening process has acknowledged what it committed', async () => {
    const { db, cache, queries } = postgresDb(1);
    let answered = false;
    const writing = revokingTransaction(db, cache, async (_tx, revoke) => {
      await revoke({ session: 'a' });
      return 'written';
    }).then((result) => {
      answered = true;
      return result;
    });
    await vi.waitFor(() => expect(waitsForListeners(queries)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    const notify = queries.find((q) => q.sql.includes('pg_notify'))!;
    cache.acknowledged((JSON.parse(notify.parameters[1] as string) as { nonce: string }).nonce);
    expect(await writing).toBe('written');
    expect(cache.size.awaitedAcknowledgements).toBe(0);
  });

  it('waits for nobody when its transaction rolls back: the NOTIFY went with it', async () => {
    const { db, cache, queries } = postgresDb(1);
    cache.storeSession(cache.ticket(), 'a', signedIn(1));
    await expect(
      revokingTransaction(db, cache, async (_tx, revoke) => {
        await revoke({ session: 'a' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(waitsForListeners(queries)).toBe(false);
    expect(cache.session('a')).toBeUndefined(); // forgotten all the same: a lookup may have raced it
    expect(cache.size.awaitedAcknowledgements).toBe(0);
  });
});
