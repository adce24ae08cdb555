// Changes across server processes on PostgreSQL: a publisher NOTIFYs, every process LISTENs on one
// dedicated connection and hands each change to its own subscribers (its own changes come back the same
// way, so there is one path). The listening connection opens with the server (below); if it drops, every
// stream of this process ends (its terminals reconnect, refetch and poll meanwhile) rather than silently
// missing changes.
//
// The same connection carries revocations to a RevocationListener (the auth cache, auth/auth-cache.ts,
// which context.ts hands to serveRevocations): a server process listens from its start, and while it does
// not, its cache is off.
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database.js';
import { LocalFeed, mergeChanges, type Change } from './change-feed.js';

export const CHANGES_CHANNEL = 'cashdesk_changes';
/** What a write revoked (auth/auth-cache.ts sends it, in the writing transaction). */
export const REVOCATIONS_CHANNEL = 'cashdesk_revocations';
/** A listening process forgot what a revocation named (its payload is the revocation's tag). */
export const REVOCATION_ACKS_CHANNEL = 'cashdesk_revocation_acks';
/** The listening connections of this database and schema carry this application_name: who must acknowledge. */
export const LISTENER_APPLICATION_PREFIX = 'cashdesk-auth:';

/**
 * Who hears revocations on the feed's connection: the auth cache (auth/auth-cache.ts), known here only by
 * this shape, so the floor imports no domain.
 */
export interface RevocationListener {
  /** Takes `connect`, which (re)connects the feed's listener, and calls it now; returns the detach. */
  attachListener(connect: () => void): () => void;
  /** A NOTIFY on REVOCATIONS_CHANNEL: the tag to acknowledge once forgotten, or null. */
  received(payload: string | undefined, schema: string): string | null;
  /** A NOTIFY on REVOCATION_ACKS_CHANNEL: a process acknowledged the revocation tagged `nonce`. */
  acknowledged(nonce: string): void;
  /** The connection listens on both channels. */
  listenerUp(): void;
  /** The connection was lost: revocations may have been missed. */
  listenerLost(): void;
}

/** A NOTIFY payload back into a change; anything else on the channel is ignored. */
export function parseChange(payload: string | undefined): Change | null {
  try {
    const value: unknown = JSON.parse(payload ?? '');
    if (typeof value !== 'object' || value === null) return null;
    const {
      account_id,
      float,
      device_ids,
      device_state_ids,
      played_ids,
      user_ids,
      closed_shift_ids,
      alerts,
      approvals,
    } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(account_id) || typeof float !== 'boolean' || !ids(device_ids)) return null;
    // Each optional part is absent from changes that say nothing of it (and from older servers).
    if ((user_ids !== undefined && !ids(user_ids)) || (alerts !== undefined && alerts !== true)) return null;
    if (closed_shift_ids !== undefined && !ids(closed_shift_ids)) return null;
    if (approvals !== undefined && approvals !== true) return null;
    if (device_state_ids !== undefined && !ids(device_state_ids)) return null;
    if (played_ids !== undefined && !ids(played_ids)) return null;
    return {
      account_id: account_id as number,
      float,
      device_ids,
      ...(device_state_ids === undefined ? {} : { device_state_ids }),
      ...(played_ids === undefined ? {} : { played_ids }),
      ...(user_ids === undefined ? {} : { user_ids }),
      ...(closed_shift_ids === undefined ? {} : { closed_shift_ids }),
      ...(alerts === true ? { alerts } : {}),
      ...(approvals === true ? { approvals } : {}),
    };
  } catch {
    return null;
  }
}

function ids(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((id) => Number.isSafeInteger(id));
}

/**
 * Whether a payload was published from `schema`. One without a schema comes from a server older than this
 * rule and is ignored: during a rolling upgrade the terminals' poll covers it (push is a hint).
 */
function ofSchema(payload: string | undefined, schema: string): boolean {
  try {
    const value: unknown = JSON.parse(payload ?? '');
    const from = typeof value === 'object' && value !== null ? (value as { schema?: unknown }).schema : null;
    return from === schema;
  } catch {
    return false;
  }
}

export class PostgresChangeFeed extends LocalFeed {
  private listening: Promise<pg.Client> | null = null;
  private readonly publishing = new Set<Promise<void>>();
  private closed = false;
  private revocations: RevocationListener | null = null;
  /** This feed counts as one live listener of `revocations` (from LISTEN until the connection is lost). */
  private revocationsUp = false;
  private detachRevocations: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly url: string,
  ) {
    super();
  }

  /**
   * Gathers the changes published in one turn of the event loop (a ledger batch publishes one per
   * operation) and sends them, merged by account (mergeChanges), in one statement: one NOTIFY each was a
   * transaction each, most of the commits PostgreSQL made for the game events path (docs/scale.md).
   */
  publish(change: Change): Promise<void> {
    if (this.gathering) {
      this.gathering.changes.push(change);
      return this.gathering.sent;
    }
    const changes = [change];
    const sent = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        this.gathering = null;
        return this.notify(mergeChanges(changes));
      })
      .finally(() => this.publishing.delete(sent));
    this.gathering = { changes, sent };
    this.publishing.add(sent);
    return sent;
  }

  private gathering: { changes: Change[]; sent: Promise<void> } | null = null;

  private async notify(changes: readonly Change[]): Promise<void> {
    // The schema goes along: servers of another schema of the same database (parallel test suites, or two
    // installs sharing a database) hear the channel too, and ignore it.
    const bodies = changes.map((change) => JSON.stringify(change));
    await sql`select pg_notify(${CHANGES_CHANNEL}, (body::jsonb || jsonb_build_object('schema', current_schema()))::text)
      from unnest(${bodies}::text[]) as body`
      .execute(this.db.kysely)
      .then(
        () => undefined,
        // Committed already; the terminals' poll catches it. A closing pool is the usual cause.
        () => undefined,
      );
  }

  /**
   * Feeds `listener` (the auth cache) with every process's revocations from now on, connecting at once;
   * the cache asks again when the connection is lost and it finds itself off.
   */
  serveRevocations(listener: RevocationListener): void {
    this.revocations = listener;
    this.detachRevocations = listener.attachListener(() => {
      if (!this.closed) this.ready().catch(() => undefined);
    });
  }

  /** Resolves once this process is listening (connecting the first time, or again after a drop). */
  async ready(): Promise<void> {
    if (this.closed) throw new Error('change feed closed');
    this.listening ??= this.listen().catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    await this.listening;
  }

  private async listen(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    const lost = () => {
      if (this.listening === null) return;
      this.listening = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      this.subscribers.lostAll();
      this.revocationsDown();
    };
    client.on('error', lost);
    client.on('end', lost);
    let schema = '';
    client.on('notification', (message) => {
      if (message.channel === REVOCATIONS_CHANNEL) this.forgetAndAcknowledge(client, schema, message.payload);
      if (message.channel === REVOCATION_ACKS_CHANNEL) this.revocations?.acknowledged(message.payload ?? '');
      if (message.channel !== CHANGES_CHANNEL || !ofSchema(message.payload, schema)) return;
      const change = parseChange(message.payload);
      if (change) this.subscribers.deliver(change);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    const found = await client.query<{ schema: string }>('select current_schema() as schema');
    schema = found.rows[0]?.schema ?? '';
    if (this.revocations) {
      await client.query(`LISTEN ${REVOCATIONS_CHANNEL}`);
      await client.query(`LISTEN ${REVOCATION_ACKS_CHANNEL}`);
      // Named only once listening: a writer waits for an acknowledgement from every connection so named.
      await client.query('select set_config($1, $2, false)', [
        'application_name',
        `${LISTENER_APPLICATION_PREFIX}${schema}`,
      ]);
    }
    if (this.revocations && this.listening !== null && !this.closed && !this.revocationsUp) {
      this.revocationsUp = true;
      this.revocations?.listenerUp();
    }
    return client;
  }

  /** Forgets what a revocation names, then tells its writer (on the listening connection itself). */
  private forgetAndAcknowledge(client: pg.Client, schema: string, payload: string | undefined): void {
    const nonce = this.revocations?.received(payload, schema) ?? null;
    if (nonce === null) return;
    client.query('select pg_notify($1, $2)', [REVOCATION_ACKS_CHANNEL, nonce]).catch(() => undefined); // a dropping connection: the writer stops waiting at its deadline
  }

  private revocationsDown(): void {
    if (!this.revocationsUp) return;
    this.revocationsUp = false;
    this.revocations?.listenerLost();
  }

  /** Waits for the notices in flight (a CLI command's), then stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    this.detachRevocations?.();
    await Promise.all(this.publishing);
    const listening = this.listening;
    this.listening = null;
    const client = await listening?.catch(() => null);
    await client?.end().catch(() => undefined);
    this.revocationsDown();
  }
}
