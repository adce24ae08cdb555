// `GET /a/cashier/events`: the live-updates stream of a cashier's venue (docs/live-updates.md). Server
// push beside the polling of docs/product.md section 7: while a terminal holds the stream it hears of a change at once and
// polls only every POLL_WITH_PUSH_MS; without it, it polls every 5 s as before. A cashier route, so it
// lives with the venue (account) it streams, beside the float poll; the stream itself is live/'s.
import type { FastifyPluginAsync } from 'fastify';
import { answers, textAnswer } from '../http/route-schemas.js';
import { cashierOf, type CashierRow, findSignedIn, requireCashier, sessionTokenOf } from '../auth/index.js';
import type { AppContext } from '../context.js';
import {
  LiveStreams,
  MAX_STREAMS_PER_ADDRESS,
  MAX_STREAMS_PER_SESSION,
  MAX_STREAMS_PER_USER,
} from '../live/live-streams.js';

export {
  MAX_STREAMS_PER_ADDRESS,
  MAX_STREAMS_PER_SESSION,
  MAX_STREAMS_PER_USER,
  StreamCounts,
} from '../live/live-streams.js';

export function liveEventsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const streams = new LiveStreams({
      changes: ctx.changes,
      heartbeatMs: ctx.config.live.heartbeatMs,
      buildHash: ctx.buildHash,
    });
    // A stream never ends by itself: closing the server ends them, or it would wait on them forever.
    app.addHook('preClose', async () => streams.endAll());
    app.addHook('onClose', async () => ctx.changes.close());

    /** The session may end (sign-out, expiry, a lock, a block) while the stream is open. */
    async function stillEntitled(token: string, cashier: CashierRow): Promise<boolean> {
      const signedIn = await findSignedIn(ctx, token);
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
            '`event: hello` ({hash}) first, then `event: change` ({float, devices}) as they happen, and ' +
              'comment pings; docs/live-updates.md',
          ),
        }),
      },
    };
    app.get('/a/cashier/events', eventStream, async (request, reply) => {
      const cashier = cashierOf(request);
      const token = sessionTokenOf(request)!;
      return streams.open(reply, {
        accountId: cashier.account_id,
        userId: cashier.id,
        tellAlerts: false,
        keys: [
          { key: `session:${token}`, max: MAX_STREAMS_PER_SESSION },
          { key: `user:${cashier.id}`, max: MAX_STREAMS_PER_USER },
          { key: `address:${request.ip}`, max: MAX_STREAMS_PER_ADDRESS },
        ],
        stillEntitled: () => stillEntitled(token, cashier),
      });
    });
  };
}
