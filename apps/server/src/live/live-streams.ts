// The streams of one live-updates route (Server-Sent Events): each subscribed to its venue's changes,
// with its heartbeat, counted under its caps, and ended all at once when the server closes. The till's
// stream (accounts/live-events.routes.ts) and the back office's (back-office/floor/floor.routes.ts) share it.
import { PassThrough } from 'node:stream';
import { ERR } from '@cashdesk/contract';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../http/api-error.js';
import type { ChangeFeed } from './change-feed.js';
import { LiveStream } from './live-stream.js';

/**
 * Open streams one session may hold in this process: a till with a few tabs, not a script opening
 * thousands to pin the server's memory and sockets. Over it the stream is refused with 429 and the
 * terminal polls instead (features/live-updates), as it does without push.
 */
export const MAX_STREAMS_PER_SESSION = 8;
/**
 * Open streams one cashier may hold in this process over all their sessions: two tills' worth of tabs.
 * Signing in again makes a new session, so the session's cap alone let one cashier hold any number.
 */
export const MAX_STREAMS_PER_USER = 16;
/**
 * Open streams one client address may hold in this process: a venue's tills often reach the server
 * through one NAT address, so this is eight tills at the session's cap, not one person's share. Behind
 * a proxy the address is the one TRUST_PROXY lets X-Forwarded-For name (request.ip).
 */
export const MAX_STREAMS_PER_ADDRESS = 64;
const RETRY_STREAM_AFTER_S = 30;

/**
 * Counts open streams under several keys at once (session, user, address): a stream opens only when
 * every key is under its cap, and its close gives back all of them. Per process: each server process
 * of a PostgreSQL deployment keeps its own counts (a cap of N is N per process behind a balancer).
 */
export class StreamCounts {
  private readonly open = new Map<string, number>();

  /** Takes one of each key and answers true, or takes none and answers false when one is at its cap. */
  take(keys: ReadonlyArray<{ key: string; max: number }>): boolean {
    if (keys.some(({ key, max }) => (this.open.get(key) ?? 0) >= max)) return false;
    for (const { key } of keys) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    return true;
  }

  give(keys: ReadonlyArray<{ key: string }>): void {
    for (const { key } of keys) {
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    }
  }
}

/** Who a stream is for, and what keeps it open: the venue, the caps it counts under, its session's check. */
export interface StreamOpening {
  accountId: number;
  /** The terminal's cashier (a change naming them is told as `me`); null for the back office. */
  userId: number | null;
  /** The back office's streams are told of the venue's alerts (`alerts: true`); the tills are not. */
  tellAlerts: boolean;
  keys: ReadonlyArray<{ key: string; max: number }>;
  /** Asked at each heartbeat: false or a failure ends the stream. */
  stillEntitled: () => Promise<boolean>;
}

/**
 * The streams of one route: each subscribed to its venue's changes, with its heartbeat and the caps it
 * counts under; ended all at once when the server closes (it would wait on them forever).
 */
export class LiveStreams {
  private readonly streams = new Set<LiveStream>();
  private readonly counts = new StreamCounts();

  constructor(private readonly ctx: { changes: ChangeFeed; heartbeatMs: number; buildHash: string }) {}

  endAll(): void {
    for (const stream of this.streams) stream.end();
  }

  async open(reply: FastifyReply, opening: StreamOpening): Promise<FastifyReply> {
    // Listening before the hello: the terminal refetches on the hello, so nothing falls in between.
    await this.ctx.changes.ready();
    if (!this.counts.take(opening.keys)) {
      throw new ApiError(ERR.tooManyAttempts, { retry_after: RETRY_STREAM_AFTER_S });
    }
    // Fastify sends the body stream (its hooks add the security headers) and destroys it when the
    // terminal goes away, which ends the subscription below.
    const body = new PassThrough();
    const stream = new LiveStream(body, Date.now, Math.random, opening.userId, opening.tellAlerts);
    this.streams.add(stream);
    const unsubscribe = this.ctx.changes.subscribe(opening.accountId, stream);
    const beat = () => {
      opening
        .stillEntitled()
        .then((entitled) => (entitled ? stream.ping() : stream.end()))
        .catch(() => stream.end());
    };
    // Each stream beats at its own phase: streams opened together (a server restart) would otherwise
    // check their sessions in one burst every period.
    const every = this.ctx.heartbeatMs;
    let heartbeat: NodeJS.Timeout = setTimeout(
      () => {
        beat();
        heartbeat = setInterval(beat, every);
      },
      every * (0.5 + Math.random() / 2),
    );
    body.on('close', () => {
      this.counts.give(opening.keys);
      clearTimeout(heartbeat); // the timeout, or the interval that followed it: Node clears either
      unsubscribe();
      this.streams.delete(stream);
      stream.end();
    });
    stream.hello(this.ctx.buildHash);
    return (
      reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        // Proxies (nginx) must pass each message on as it is written.
        .header('X-Accel-Buffering', 'no')
        .send(body)
    );
  }
}
