// `GET /a/manager/account/:id/events`: the venue's live-updates stream for its manager's overview (or an
// admin's look at it), the same Server-Sent Events the venue's terminals hold (docs/live-updates.md):
// `hello` first, then `change` ({float, devices, alerts?}) as the venue's float, devices or alerts change,
// and pings. The role and account checks are the back office's (back-office.routes.ts); the overview
// refetches on each message and polls slowly beside it.
import { ERR } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER, StreamCounts } from '../../live/stream-counts.js';
import { findSignedIn, sessionCookieOf, type SessionCookie, userOf } from '../../auth/index.js';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { answers, textAnswer } from '../../http/route-schemas.js';
import type { LiveStream } from '../../live/live-stream.js';
import { serveLiveStream } from '../../live/serve-live-stream.js';
import { accountInScope, accountParams, mayActOnAccount } from '../access.js';

const RETRY_STREAM_AFTER_S = 30;

export function floorEventsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const streams = new Set<LiveStream>();
    const counts = new StreamCounts();
    app.addHook('preClose', async () => {
      for (const stream of streams) stream.end();
    });

    /** The session may end, or the user lose the venue, while the stream is open. */
    async function stillEntitled(cookie: SessionCookie, accountId: number): Promise<boolean> {
      const signedIn = await findSignedIn(ctx, cookie);
      if (!signedIn || signedIn.session.locked_at_ms !== null) return false;
      return !signedIn.user.blocked && mayActOnAccount(signedIn.user, accountId);
    }

    const schema = {
      params: accountParams,
      response: answers({
        200: textAnswer(
          'text/event-stream',
          "the venue's changes for the manager's overview: `event: hello`, then `event: change` " +
            '({float, devices, alerts?}) as they happen, and comment pings; docs/live-updates.md',
        ),
      }),
    };
    app.get('/a/manager/account/:id/events', { schema }, async (request, reply) => {
      const account = await accountInScope(ctx, request);
      const user = userOf(request);
      const cookie = sessionCookieOf(request)!;
      await ctx.changes.ready();
      const keys = [
        { key: `session:${cookie.token}`, max: MAX_STREAMS_PER_SESSION },
        { key: `user:${user.id}`, max: MAX_STREAMS_PER_USER },
      ];
      if (!counts.take(keys)) throw new ApiError(ERR.tooManyAttempts, { retry_after: RETRY_STREAM_AFTER_S });

      return serveLiveStream(reply, {
        changes: ctx.changes,
        accountId: account.id,
        heartbeatMs: ctx.config.live.heartbeatMs,
        buildHash: ctx.buildHash,
        stillEntitled: () => stillEntitled(cookie, account.id),
        counts,
        keys,
        streams,
        withAlerts: true,
      });
    });
  };
}
