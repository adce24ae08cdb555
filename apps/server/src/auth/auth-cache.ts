// Who is calling, remembered in the process: a session with its user, and a device token's device id.
// Without it every cashier call paid 2 queries (session, user) and every game event 1 (device) before
// doing its work. docs/security.md, "Sessions and device tokens cached in the process", says
// why this keeps every revocation immediate; in short:
//
// - Every write that changes what an entry holds announces a revocation in its own transaction
//   (revokingTransaction below): this process forgets at once, and on PostgreSQL a NOTIFY sent in that
//   transaction reaches every server process when (and only if) it commits. Each process acknowledges once
//   it has forgotten, and the writer answers only when every listening process of its schema has.
// - On PostgreSQL entries are used only while this process listens (live/pg-change-feed.ts, which knows
//   the cache as a RevocationListener): a dropped listening connection empties the cache and turns it off
//   until it listens again.
// - On SQLite there is one server process, but an operator CLI in another process may write to the same
//   file: `PRAGMA data_version` (a counter SQLite keeps in memory, no I/O; `Db.dataVersion`) changes
//   whenever another connection commits, and the cache empties when it does.
// - One cache per database handle in a process: the app's context holds it (context.ts) and hands it to
//   every writer, and the CLI run in the server's process (tests) is handed the server's. Two caches on
//   one SQLite connection would miss each other's revocations: data_version moves only for other
//   connections.
// - A lookup stores what it read only if no revocation came while it read (`ticket`), so a read that
//   raced a revocation never puts the old state back.
// - Expiry is judged from the entry, which never holds a later last-seen time than the database: an entry
//   that looks expired is dropped and the database decides, so the lifetime rules of
//   sessions.repository.ts hold exactly as without the cache.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { BoundedMap } from '../bounded-map.js';
import type { Db, DialectName, Executor, Tx } from '../db/database.js';
import type { SessionRow, UserRow } from '../db/schema.js';
import {
  LISTENER_APPLICATION_PREFIX,
  REVOCATIONS_CHANNEL,
  type RevocationListener,
} from '../live/pg-change-feed.js';

/** What a write changed: one session (by token hash), every session of a user, a device, or anything. */
export type Revocation = { session: string } | { user: number } | { device: number } | { all: true };

/** Entries per map; the oldest go first. Enough for every till and cabinet of a large install. */
export const MAX_ENTRIES = 50_000;
/** How long a writer waits for the listening processes' acknowledgements before answering anyway. */
export const ACK_WAIT_MS = 2_000;

export interface SignedIn {
  session: SessionRow;
  user: UserRow;
}

/** A revocation announced inside a transaction, to settle once it has ended. */
interface Announced {
  revocation: Revocation;
  /** The NOTIFY's tag, whose acknowledgements the writer waits for; null on SQLite or while not listening. */
  nonce: string | null;
}

/** A NOTIFY payload back into a revocation; anything else on the channel is ignored. */
export function parseRevocation(
  payload: string | undefined,
): { revocation: Revocation; nonce?: string; schema?: string } | null {
  try {
    // Stryker disable next-line StringLiteral: missing-payload
    const value: unknown = JSON.parse(payload ?? '');
    // Anything but an object has none of these fields (and null throws here, into the catch).
    const { session, user, device, all, nonce, schema } = value as Record<string, unknown>;
    const tag = {
      ...(typeof nonce === 'string' ? { nonce } : {}),
      ...(typeof schema === 'string' ? { schema } : {}),
    };
    if (typeof session === 'string') return { revocation: { session }, ...tag };
    if (Number.isSafeInteger(user)) return { revocation: { user: user as number }, ...tag };
    if (Number.isSafeInteger(device)) return { revocation: { device: device as number }, ...tag };
    if (all === true) return { revocation: { all: true }, ...tag };
    return null;
  } catch {
    return null;
  }
}

/** NOTIFYs every process of `revocation`, delivered at commit and dropped with a rollback. */
async function notifyRevocation(tx: Executor, revocation: Revocation, nonce: string | null): Promise<void> {
  const body = JSON.stringify({ ...revocation, nonce });
  await sql`select pg_notify(${REVOCATIONS_CHANNEL}, (${body}::jsonb || jsonb_build_object('schema', current_schema()))::text)`.execute(
    tx,
  );
}

/** How many acknowledgements a revocation has had, and who waits for more. */
interface Acks {
  count: number;
  wake: (() => void) | null;
}

export class AuthCache implements RevocationListener {
  private readonly sessions = new BoundedMap<string, SignedIn>(MAX_ENTRIES);
  private readonly devices = new BoundedMap<string, number>(MAX_ENTRIES);
  /** Moves on every revocation: a lookup that started before may not store what it read. */
  private epoch = 0;
  /** PostgreSQL: processes' listeners feeding this cache that are connected now. */
  private listeners = 0;
  private externalVersion: number | null = null;
  private readonly acks = new Map<string, Acks>();
  /** Set by change feeds: (re)connect their listeners; the cache asks when it finds itself off. */
  private readonly connectors = new Set<() => void>();
  private lastConnectAskMs = 0;

  constructor(
    private readonly dialect: DialectName,
    /** SQLite: `PRAGMA data_version`, which moves when another connection (a CLI) commits. */
    private readonly readExternalVersion: (() => number) | null = null,
  ) {}

  /** A new, empty cache for `db`: one per database handle in a process (context.ts makes the server's). */
  static of(db: Pick<Db, 'dialect' | 'dataVersion'>): AuthCache {
    return new AuthCache(db.dialect, db.dataVersion ?? null);
  }

  /** Entries held now (tests, and a figure for operators). */
  get size(): { sessions: number; devices: number; awaitedAcknowledgements: number } {
    return {
      sessions: this.sessions.size,
      devices: this.devices.size,
      awaitedAcknowledgements: this.acks.size,
    };
  }

  // ---- lookups ---------------------------------------------------------------------------------------

  /** The cached session of a token hash, or undefined (not cached, or the cache is off now). */
  session(tokenHash: string): SignedIn | undefined {
    return this.usable() ? this.sessions.get(tokenHash) : undefined;
  }

  /** The device id of a token hash, or undefined. */
  device(tokenHash: string): number | undefined {
    return this.usable() ? this.devices.get(tokenHash) : undefined;
  }

  /** Taken before reading the database; null when what is read may not be stored. */
  ticket(): number | null {
    return this.usable() ? this.epoch : null;
  }

  storeSession(ticket: number | null, tokenHash: string, entry: SignedIn): void {
    // Frozen: every request of the session shares these rows, so none may change them for the others.
    const frozen = { session: Object.freeze({ ...entry.session }), user: Object.freeze({ ...entry.user }) };
    if (this.mayStore(ticket)) this.sessions.set(tokenHash, frozen);
  }

  storeDevice(ticket: number | null, tokenHash: string, deviceId: number): void {
    if (this.mayStore(ticket)) this.devices.set(tokenHash, deviceId);
  }

  /** The session was used at `nowMs` and the database now says so too (its touch wrote a row). */
  touched(tokenHash: string, nowMs: number): void {
    const entry = this.sessions.get(tokenHash);
    if (!entry) return;
    const session = Object.freeze({ ...entry.session, last_seen_at_ms: nowMs });
    this.sessions.set(tokenHash, { ...entry, session });
  }

  /** Drops one session's entry: it looked expired, or the database holds a later last-seen time. */
  drop(tokenHash: string): void {
    this.sessions.delete(tokenHash);
  }

  // ---- revocations -----------------------------------------------------------------------------------

  /** Forgets what a revocation names, in this process only. */
  forget(revocation: Revocation): void {
    if ('all' in revocation) return this.forgetEverything();
    this.epoch += 1;
    if ('session' in revocation) {
      this.sessions.delete(revocation.session);
    } else if ('user' in revocation) {
      for (const [hash, entry] of this.sessions)
        if (entry.user.id === revocation.user) this.sessions.delete(hash);
    } else {
      for (const [hash, id] of this.devices) if (id === revocation.device) this.devices.delete(hash);
    }
  }

  /** Forgets every session and device token: nothing cached may be trusted any more. */
  private forgetEverything(): void {
    this.epoch += 1;
    this.sessions.clear();
    this.devices.clear();
  }

  /**
   * Inside the transaction that makes the change: forgets now and, on PostgreSQL, NOTIFYs every process
   * (delivered at commit, dropped with a rollback). The schema goes with it: processes of another schema
   * of the same database (parallel test suites) ignore it.
   */
  async announce(tx: Executor, revocation: Revocation): Promise<Announced> {
    this.forget(revocation);
    if (this.dialect !== 'postgres') return { revocation, nonce: null };
    // Not listening, this process could not hear acknowledgements: it waits for none, and asks for none.
    if (this.listeners === 0) {
      await notifyRevocation(tx, revocation, null);
      return { revocation, nonce: null };
    }
    const nonce = this.expectAcknowledgements();
    try {
      await notifyRevocation(tx, revocation, nonce);
    } catch (error) {
      // No writer will settle an announcement that failed: its tag would stay for the process's life.
      this.acks.delete(nonce);
      throw error;
    }
    return { revocation, nonce };
  }

  /** A fresh tag, counted from now: an acknowledgement may come before the writer gets to settle. */
  private expectAcknowledgements(): string {
    const nonce = randomBytes(9).toString('base64url');
    this.acks.set(nonce, { count: 0, wake: null });
    return nonce;
  }

  /**
   * After the transaction ended: forgets again (a lookup may have read the old state between the
   * announcement and the commit) and, if it committed, waits until every process listening on this
   * schema has acknowledged that it forgot (ACK_WAIT_MS at most: a process that hangs must not hang
   * the writer; its entries still go when its connection is seen dropping).
   */
  async settle(db: Executor, announced: readonly Announced[], committed: boolean): Promise<void> {
    for (const { revocation } of announced) this.forget(revocation);
    const nonces = announced.flatMap((a) => (a.nonce !== null ? [a.nonce] : []));
    try {
      if (!committed || nonces.length === 0) return;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database()
          and application_name = ${LISTENER_APPLICATION_PREFIX} || current_schema()`.execute(db);
      const n = rows[0]!.n; // count(*) answers one row
      const deadline = Date.now() + ACK_WAIT_MS;
      for (const nonce of nonces) await this.acknowledgedBy(nonce, n, deadline);
    } finally {
      for (const nonce of nonces) this.acks.delete(nonce);
    }
  }

  private async acknowledgedBy(nonce: string, listeners: number, deadline: number): Promise<void> {
    const acks = this.acks.get(nonce);
    while (acks && acks.count < listeners && this.listeners > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        acks.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      acks.wake = null;
    }
  }

  // ---- the PostgreSQL listener (live/pg-change-feed.ts) ----------------------------------------------------

  /**
   * A change feed offers to (re)connect its listener when the cache finds itself off; connects now.
   * Returns the detach for the feed's close.
   */
  attachListener(connect: () => void): () => void {
    this.connectors.add(connect);
    connect();
    return () => this.connectors.delete(connect);
  }

  /**
   * A NOTIFY on REVOCATIONS_CHANNEL, from any process (this one included). Returns the tag to acknowledge
   * once forgotten, or null (nothing to acknowledge, or another schema's).
   */
  received(payload: string | undefined, schema: string): string | null {
    const parsed = parseRevocation(payload);
    if (!parsed || parsed.schema !== schema) return null;
    this.forget(parsed.revocation);
    return parsed.nonce ?? null;
  }

  /** A process acknowledged the revocation tagged `nonce` (only the writer is counting it). */
  acknowledged(nonce: string): void {
    const acks = this.acks.get(nonce);
    if (!acks) return;
    acks.count += 1;
    acks.wake?.();
  }

  listenerUp(): void {
    this.listeners += 1;
    this.epoch += 1;
  }

  /** Revocations may have been missed: forget everything and stay off until a listener is up again. */
  listenerLost(): void {
    this.listeners = Math.max(0, this.listeners - 1);
    this.forgetEverything();
    // Nobody can hear acknowledgements now: writers waiting for them stop waiting.
    // Stryker disable next-line ConditionalExpression: wake-hint
    if (this.listeners === 0) for (const acks of this.acks.values()) acks.wake?.();
  }

  // ---- internals -------------------------------------------------------------------------------------

  private usable(): boolean {
    if (this.dialect === 'postgres') {
      if (this.listeners > 0) return true;
      this.askForListener();
      return false;
    }
    const version = this.readExternalVersion?.() ?? null;
    if (version !== this.externalVersion) {
      // Another process (an operator CLI) committed to the file: anything may have changed.
      this.externalVersion = version;
      this.forgetEverything();
    }
    return true;
  }

  private mayStore(ticket: number | null): boolean {
    // usable() first: on SQLite it may move the epoch (another process wrote), which voids the ticket.
    return ticket !== null && this.usable() && ticket === this.epoch;
  }

  /** At most once a second: a database that is down must not be asked on every call. */
  private askForListener(): void {
    const now = Date.now();
    if (now - this.lastConnectAskMs < 1_000) return;
    this.lastConnectAskMs = now;
    for (const connect of this.connectors) connect();
  }
}

/**
 * A transaction whose writes change what the auth cache may hold (a session ended or locked, a user
 * blocked, moved or given a new password, a device linked or unlinked): `revoke` announces each inside
 * it, and the call returns once every process has been told (docs/security.md).
 */
export async function revokingTransaction<T>(
  db: Db,
  auth: AuthCache,
  work: (tx: Tx, revoke: (revocation: Revocation) => Promise<void>) => Promise<T>,
): Promise<T> {
  const announced: Announced[] = [];
  let committed = false;
  try {
    const result = await db.kysely.transaction().execute((tx) =>
      work(tx, async (revocation) => {
        announced.push(await auth.announce(tx, revocation));
      }),
    );
    committed = true;
    return result;
  } finally {
    await auth.settle(db.kysely, announced, committed);
  }
}
