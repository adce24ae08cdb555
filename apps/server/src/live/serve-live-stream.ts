// One live-updates stream served over HTTP, the same for the terminals' (accounts/live-events.routes.ts),
// the manager's overview's (back-office/floor/floor-events.routes.ts) and a device's own
// (gateway/device-stream.ts): the stream subscribed to its changes, a heartbeat that also checks the
// viewer may still watch, and everything given back (the counts, the subscription, the timer) when the
// connection closes. The route checks who may open it and takes the counts first.
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ChangeFeed, ChangeSubscriber } from './change-feed.js';
import { LiveStream, type PaymentsReader } from './live-stream.js';
import type { StreamCounts } from './stream-counts.js';

/** What the serving needs of a stream (live-stream.ts: LiveStream, StateStream). */
export interface ServedStream extends ChangeSubscriber {
  ping(): void;
  end(): void;
}

/** What every stream's serving takes besides the stream itself. */
interface ServingCommon {
  heartbeatMs: number;
  /**
   * Asked at each heartbeat: the session may end (sign-out, expiry, a lock, a block), or a device's token
   * stop naming it, while it is open.
   */
  stillEntitled: () => Promise<boolean>;
  /** The counts the route took for this stream (`keys`), given back at its close. */
  counts: StreamCounts;
  keys: readonly { key: string }[];
  /** The process's open streams, so closing the server can end them. */
  streams: Set<ServedStream>;
}

export interface StreamServing<S extends ServedStream> extends ServingCommon {
  /** The stream, writing to the body Fastify sends. */
  open: (body: Writable) => S;
  /** Subscribes it to the changes it follows; returns the unsubscribe. */
  subscribe: (stream: S) => () => void;
  /** Its first message, once it is subscribed (so nothing falls in between). */
  hello: (stream: S) => void;
}

export interface LiveStreamServing extends ServingCommon {
  changes: ChangeFeed;
  accountId: number;
  /** The cashier watching, for the changes of their own settings (`Change.user_ids`); none for a manager. */
  userId?: number;
  buildHash: string;
  /** The back office's overview: a change of the venue's alerts is told too (`alerts`). */
  withAlerts?: boolean;
  /** A till's stream: reads the played devices' payments for each message (`LiveChange.payments`). */
  readPayments?: PaymentsReader;
}

/** A venue's stream for its terminals or its manager's overview. */
export function serveLiveStream(reply: FastifyReply, s: LiveStreamServing): FastifyReply {
  return serveStream(reply, {
    ...s,
    open: (body) =>
      new LiveStream(
        body,
        Date.now,
        Math.random,
        s.userId ?? null,
        s.withAlerts ?? false,
        s.readPayments ?? null,
      ),
    subscribe: (stream) => s.changes.subscribe(s.accountId, stream),
    hello: (stream) => stream.hello(s.buildHash),
  });
}

export function serveStream<S extends ServedStream>(reply: FastifyReply, s: StreamServing<S>): FastifyReply {
  // Fastify sends the body stream (its hooks add the security headers) and destroys it when the viewer
  // goes away, which ends the subscription below.
  const body = new PassThrough();
  const stream = s.open(body);
  s.streams.add(stream);
  const unsubscribe = s.subscribe(stream);
  const beat = () => {
    s.stillEntitled()
      .then((entitled) => (entitled ? stream.ping() : stream.end()))
      .catch(() => stream.end());
  };
  // Each stream beats at its own phase: streams opened together (a server restart) would otherwise
  // check their sessions in one burst every period.
  let heartbeat: NodeJS.Timeout = setTimeout(
    () => {
      beat();
      heartbeat = setInterval(beat, s.heartbeatMs);
    },
    s.heartbeatMs * (0.5 + Math.random() / 2),
  );
  body.on('close', () => {
    s.counts.give(s.keys);
    clearTimeout(heartbeat); // the timeout, or the interval that followed it: Node clears either
    unsubscribe();
    s.streams.delete(stream);
    stream.end();
  });
  s.hello(stream);
  return (
    reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      // Set here too for the gateway's stream, outside /api/ (whose answers get it from http/response-headers.ts).
      .header('Cache-Control', 'no-store')
      // Proxies (nginx) must pass each message on as it is written.
      .header('X-Accel-Buffering', 'no')
      .send(body)
  );
}
