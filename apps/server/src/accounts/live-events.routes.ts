// `GET /a/cashier/events`: the live-updates stream of a cashier's venue (docs/live-updates.md). Server
// push beside the polling of docs/product.md section 7: while a terminal holds the stream it hears of a change at once and
// polls only every POLL_WITH_PUSH_MS; without it, it polls every 5 s as before. A cashier route, so it
// lives with the venue (account) it streams, beside the float poll; the stream itself is live/'s.
import { ERR, type DevicePayment } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import { answers, textAnswer } from '../http/route-schemas.js';
import {
  cashierOf,
  type CashierRow,
  findSignedIn,
  requireCashier,
  sessionCookieOf,
  type SessionCookie,
} from '../auth/index.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import type { LiveStream } from '../live/live-stream.js';
import { serveLiveStream } from '../live/serve-live-stream.js';
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER, StreamCounts } from '../live/stream-counts.js';

export { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER, StreamCounts };

/**
 * Open streams one client address may hold in this process: a venue's tills often reach the server
 * through one NAT address, so this is eight tills at the session's cap, not one person's share. Behind
 * a proxy the address is the one TRUST_PROXY lets X-Forwarded-For name (request.ip).
 */
export const MAX_STREAMS_PER_ADDRESS = 64;
const RETRY_STREAM_AFTER_S = 30;

/**
 * The current payment of those of `ids` that are the venue's cabinets (devices/ reads it; app.ts hands it
 * here, so the venue's domain does not reach into the devices').
 */
export type VenuePayments = (accountId: number, ids: readonly number[]) => Promise<readonly DevicePayment[]>;

export function liveEventsRoutes(ctx: AppContext, payments: VenuePayments): FastifyPluginAsync {
  return async (app) => {
    const streams = new Set<LiveStream>();
    const counts = new StreamCounts();
    // A stream never ends by itself: closing the server ends them, or it would wait on them forever.
    app.addHook('preClose', async () => {
      for (const stream of streams) stream.end();
    });

    /** The session may end (sign-out, expiry, a lock, a block) while the stream is open. */
    async function stillEntitled(cookie: SessionCookie, cashier: CashierRow): Promise<boolean> {
      const signedIn = await findSignedIn(ctx, cookie);
      if (!signedIn || signedIn.session.locked_at_ms !== null) return false;
      const { user } = signedIn;
      return !user.blocked && user.role === 'cashier' && user.account_id === cashier.account_id;
    }

    const eventStream = {
      preValidation: requireCashier,
      schema: {
        response: answers({
          200: textAnswer(
            'text/event-stream',
            '`event: hello` ({hash}) first, then `event: change` ({float, devices, played?, payments?}) as ' +
              'they happen, and comment pings; docs/live-updates.md',
          ),
        }),
      },
    };
    app.get('/a/cashier/events', eventStream, async (request, reply) => {
      const cashier = cashierOf(request);
      const cookie = sessionCookieOf(request)!;
      // Listening before the hello: the terminal refetches on the hello, so nothing falls in between.
      await ctx.changes.ready();
      const keys = [
        { key: `session:${cookie.token}`, max: MAX_STREAMS_PER_SESSION },
        { key: `user:${cashier.id}`, max: MAX_STREAMS_PER_USER },
        { key: `address:${request.ip}`, max: MAX_STREAMS_PER_ADDRESS },
      ];
      if (!counts.take(keys)) {
        throw new ApiError(ERR.tooManyAttempts, { retry_after: RETRY_STREAM_AFTER_S });
      }

      return serveLiveStream(reply, {
        changes: ctx.changes,
        accountId: cashier.account_id,
        userId: cashier.id,
        heartbeatMs: ctx.config.live.heartbeatMs,
        buildHash: ctx.buildHash,
        stillEntitled: () => stillEntitled(cookie, cashier),
        // The stream's own venue, the one its session was checked for: never another venue's device.
        readPayments: (ids) => payments(cashier.account_id, ids),
        counts,
        keys,
        streams,
      });
    });
  };
}
