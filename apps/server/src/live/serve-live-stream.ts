// One live-updates stream served over HTTP, the same for the terminals' (accounts/live-events.routes.ts)
// and the manager's overview's (back-office/floor/floor-events.routes.ts): the stream subscribed to its
// venue's changes, a heartbeat that also checks the viewer may still watch, and everything given back
// (the counts, the subscription, the timer) when the connection closes. The route checks who may open it
// and takes the counts first.
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ChangeFeed } from './change-feed.js';
import { LiveStream } from './live-stream.js';
import type { StreamCounts } from './stream-counts.js';

export interface LiveStreamServing {
  changes: ChangeFeed;
  accountId: number;
  /** The cashier watching, for the changes of their own settings (`Change.user_ids`); none for a manager. */
  userId?: number;
  heartbeatMs: number;
  buildHash: string;
  /** Asked at each heartbeat: the session may end (sign-out, expiry, a lock, a block) while it is open. */
  stillEntitled: () => Promise<boolean>;
  /** The counts the route took for this stream (`keys`), given back at its close. */
  counts: StreamCounts;
  keys: readonly { key: string }[];
  /** The process's open streams, so closing the server can end them. */
  streams: Set<LiveStream>;
  /** The back office's overview: a change of the venue's alerts is told too (`alerts`). */
  withAlerts?: boolean;
}

export function serveLiveStream(reply: FastifyReply, s: LiveStreamServing): FastifyReply {
  // Fastify sends the body stream (its hooks add the security headers) and destroys it when the viewer
  // goes away, which ends the subscription below.
  const body = new PassThrough();
  const stream = new LiveStream(body, Date.now, Math.random, s.userId ?? null, s.withAlerts ?? false);
  s.streams.add(stream);
  const unsubscribe = s.changes.subscribe(s.accountId, stream);
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
  stream.hello(s.buildHash);
  return (
    reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      // Proxies (nginx) must pass each message on as it is written.
      .header('X-Accel-Buffering', 'no')
      .send(body)
  );
}
